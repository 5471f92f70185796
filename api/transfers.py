"""POST /v1/pacs008/{network} submits a credit transfer; POST /v1/pacs028/{network} asks its status."""

from __future__ import annotations

from flask import Blueprint, Response

from api.requests import caller, require_api_key, services, utc_now, xml_body
from services.credit_transfers import submit_credit_transfer
from services.status_queries import answer_status_request

blueprint = Blueprint("transfers", __name__, url_prefix="/v1")
blueprint.before_request(require_api_key)

XML = "application/xml"


# No automatic OPTIONS: POST is the one method, so a 405 says `Allow: POST` (docs/decisions.md P9).
@blueprint.post("/pacs008/<network>", provide_automatic_options=False)
def submit_pacs008(network: str) -> Response:
    """Accept a pacs.008 and answer 201 ACCP with the transfer ID."""
    context = services()
    acceptance = submit_credit_transfer(
        caller(),
        network,
        xml_body(),
        reader=context.reader,
        writer=context.writer,
        settings=context.intake,
        created=context.created,
        now=utc_now(),
    )
    return Response(acceptance.report, status=201, mimetype=XML)


@blueprint.post("/pacs028/<network>", provide_automatic_options=False)
def query_pacs028(network: str) -> Response:
    """Answer a pacs.028 with the transfer's current state."""
    context = services()
    report = answer_status_request(
        caller(),
        network,
        xml_body(),
        reader=context.reader,
        writer=context.writer,
        supported_networks=context.intake.supported_networks,
        raw_max_bytes=context.query_raw_max_bytes,
        now=utc_now(),
    )
    return Response(report, status=200, mimetype=XML)
