"""POST /v1/transfers/batch-status: the states of up to 100 of the caller's transfers, as JSON (spec 4.3)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Blueprint, Response, jsonify, request

from api.request_context import caller, rate_limit, require_api_key, services, utc_now
from services.api_keys import Caller
from services.batch_status import answer_batch_status
from services.context import ServiceContext
from services.rate_limits import RateEndpoint

blueprint = Blueprint("batch_status", __name__, url_prefix="/v1/transfers")
BATCH_ENDPOINT = "batch_status.batch_status"

blueprint.before_request(require_api_key)
blueprint.before_request(rate_limit({BATCH_ENDPOINT: RateEndpoint.BATCH_STATUS}))


def batch_answer(context: ServiceContext, who: Caller, body: bytes, now: datetime) -> dict[str, Any]:
    """The JSON answer's content: the found transfers and the `not_found` list."""
    return answer_batch_status(who, body, now=now, raw_max_bytes=context.query_raw_max_bytes)


@blueprint.post("/batch-status", provide_automatic_options=False)
def batch_status() -> Response:
    """Answer 200 with the found transfers and a `not_found` list; 400 with a JSON error on a bad body."""
    return jsonify(batch_answer(services(), caller(), request.get_data(cache=True), utc_now()))
