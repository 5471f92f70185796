"""POST /v1/pacs008/{network}: submit a credit transfer."""

from __future__ import annotations

from flask import Blueprint, Response

from api.requests import caller, require_api_key, services, utc_now, xml_body
from services.credit_transfers import submit_credit_transfer

blueprint = Blueprint("transfers", __name__, url_prefix="/v1")
blueprint.before_request(require_api_key)

XML = "application/xml"


@blueprint.post("/pacs008/<network>")
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
        now=utc_now(),
    )
    return Response(acceptance.report, status=201, mimetype=XML)
