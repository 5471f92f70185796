"""POST /v1/camt056/{network} asks to cancel a transfer; the answer is a camt.029 (issue 34)."""

from __future__ import annotations

from flask import Blueprint, Response

from api.request_context import caller, rate_limit, require_api_key, services, utc_now, xml_body
from services.cancellations import answer_cancellation_request
from services.rate_limits import RateEndpoint

blueprint = Blueprint("cancellations", __name__, url_prefix="/v1")
XML = "application/xml"
CANCEL_ENDPOINT = "cancellations.cancel_camt056"
# Every answer under this path is a camt.029, errors too (api/errors.py), but a 401.
PATH_PREFIX = "/v1/camt056/"

blueprint.before_request(require_api_key)
blueprint.before_request(rate_limit({CANCEL_ENDPOINT: RateEndpoint.CAMT056}))


@blueprint.post("/camt056/<network>", provide_automatic_options=False)
def cancel_camt056(network: str) -> Response:
    """Decide a camt.056: 200 CNCL or RJCR, 202 PDCR, 404 RJCR NOOR for a transfer not found."""
    context = services()
    answer = answer_cancellation_request(
        caller(),
        network,
        xml_body(),
        reader=context.reader,
        writer=context.resolutions,
        supported_networks=context.intake.supported_networks,
        raw_max_bytes=context.query_raw_max_bytes,
        now=utc_now(),
    )
    return Response(answer.body, status=answer.status, mimetype=XML)
