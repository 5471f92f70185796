"""POST /v1/transfers/batch-status: the states of up to 100 of the caller's transfers, as JSON (spec 4.3)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, request

from api.requests import caller, require_api_key, services, utc_now
from services.batch_status import answer_batch_status

blueprint = Blueprint("batch_status", __name__, url_prefix="/v1/transfers")
blueprint.before_request(require_api_key)


@blueprint.post("/batch-status", provide_automatic_options=False)
def batch_status() -> Response:
    """Answer 200 with the found transfers and a `not_found` list; 400 with a JSON error on a bad body."""
    answer = answer_batch_status(
        caller(),
        request.get_data(cache=True),
        now=utc_now(),
        raw_max_bytes=services().query_raw_max_bytes,
    )
    return jsonify(answer)
