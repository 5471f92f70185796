"""POST /v1/pacs008/{network} submits a credit transfer; POST /v1/pacs028/{network} asks its status."""

from __future__ import annotations

from datetime import datetime

from flask import Blueprint, Response

from api.request_context import caller, rate_limit, require_api_key, services, utc_now, xml_body
from services.api_keys import Caller
from services.context import ServiceContext
from services.credit_transfers import submit_credit_transfer
from services.rate_limits import RateEndpoint
from services.status_queries import answer_status_request

blueprint = Blueprint("transfers", __name__, url_prefix="/v1")
XML = "application/xml"
SUBMIT_ENDPOINT = "transfers.submit_pacs008"
QUERY_ENDPOINT = "transfers.query_pacs028"

blueprint.before_request(require_api_key)
blueprint.before_request(rate_limit({SUBMIT_ENDPOINT: RateEndpoint.PACS008, QUERY_ENDPOINT: RateEndpoint.PACS028}))


def accept(context: ServiceContext, who: Caller, network: str, body: bytes, now: datetime) -> bytes:
    """The ACCP pacs.002 for a pacs.008 (the transfer created, or found for a resent MsgId)."""
    acceptance = submit_credit_transfer(
        who,
        network,
        body,
        reader=context.reader,
        writer=context.writer,
        settings=context.intake,
        created=context.created,
        now=now,
    )
    return acceptance.report


def answer(context: ServiceContext, who: Caller, network: str, body: bytes, now: datetime) -> bytes:
    """The pacs.002 for a pacs.028: the transfer's current state."""
    return answer_status_request(
        who,
        network,
        body,
        reader=context.reader,
        writer=context.writer,
        supported_networks=context.intake.supported_networks,
        raw_max_bytes=context.query_raw_max_bytes,
        now=now,
    )


# No automatic OPTIONS: POST is the one method, so a 405 says `Allow: POST` (docs/decisions.md P9).
@blueprint.post("/pacs008/<network>", provide_automatic_options=False)
def submit_pacs008(network: str) -> Response:
    """Accept a pacs.008 and answer 201 ACCP with the transfer ID."""
    return Response(accept(services(), caller(), network, xml_body(), utc_now()), status=201, mimetype=XML)


@blueprint.post("/pacs028/<network>", provide_automatic_options=False)
def query_pacs028(network: str) -> Response:
    """Answer a pacs.028 with the transfer's current state."""
    return Response(answer(services(), caller(), network, xml_body(), utc_now()), status=200, mimetype=XML)
