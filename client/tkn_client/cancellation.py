"""Cancelling a transfer: the camt.056 the gateway reads and the camt.029 it answers with."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

import requests

from tkn_client.messages import new_message_id
from tkn_client.transport import Answer, Gateway, send

CAMT056_NS = "urn:iso:std:iso:20022:tech:xsd:camt.056.001.11"
CAMT029_NS = "urn:iso:std:iso:20022:tech:xsd:camt.029.001.13"
PENDING = "PDCR"
MAX_INTERVAL_SECONDS = 30.0


def new_assignment_id(now: float | None = None) -> str:
    """An Assgnmt/Id that no other request of this client reuses: CXL- and a fresh MsgId-shaped value."""
    return f"CXL-{new_message_id(now)}"


def build_camt056(transfer_id: str, reason: str, assignment_id: str, created: datetime | None = None) -> bytes:
    """A camt.056.001.11 asking to cancel one transfer by its ID, for `reason` (ExternalCancellationReason1Code)."""
    when = (created or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")
    document = ET.Element("Document", xmlns=CAMT056_NS)
    request = ET.SubElement(document, "FIToFIPmtCxlReq")
    assignment = ET.SubElement(request, "Assgnmt")
    ET.SubElement(assignment, "Id").text = assignment_id
    for role in ("Assgnr", "Assgne"):
        ET.SubElement(ET.SubElement(ET.SubElement(assignment, role), "Pty"), "Nm").text = "tkn-client"
    ET.SubElement(assignment, "CreDtTm").text = when
    tx = ET.SubElement(ET.SubElement(request, "Undrlyg"), "TxInf")
    ET.SubElement(tx, "OrgnlInstrId").text = transfer_id
    ET.SubElement(ET.SubElement(ET.SubElement(tx, "CxlRsnInf"), "Rsn"), "Cd").text = reason
    ET.indent(document)
    serialized: bytes = ET.tostring(document, encoding="utf-8", xml_declaration=True)
    return serialized + b"\n"


@dataclass(frozen=True)
class Resolution:
    """What a camt.029 says: Sts/Conf, TxCxlSts, the reason code (Cd or Prtry) and its lines."""

    confirmation: str | None
    tx_status: str | None
    code: str | None
    lines: list[str] = field(default_factory=list)


def parse_camt029(body: bytes) -> Resolution:
    """Read a camt.029 answer; an empty or unreadable body is a Resolution of Nones."""
    try:
        root = ET.fromstring(body)  # noqa: S314 (the gateway's own answer, as parse_pacs002 reads)
    except ET.ParseError:
        return Resolution(None, None, None)
    ns = {"c": CAMT029_NS}
    tx = ".//c:CxlDtls/c:TxInfAndSts"
    code = root.findtext(f"{tx}/c:CxlStsRsnInf/c:Rsn/c:Cd", namespaces=ns) or root.findtext(
        f"{tx}/c:CxlStsRsnInf/c:Rsn/c:Prtry", namespaces=ns
    )
    lines = [e.text or "" for e in root.iterfind(f"{tx}/c:CxlStsRsnInf/c:AddtlInf", namespaces=ns)]
    return Resolution(
        root.findtext(".//c:Sts/c:Conf", namespaces=ns), root.findtext(f"{tx}/c:TxCxlSts", namespaces=ns), code, lines
    )


def cancel(
    gateway: Gateway,
    body: bytes,
    *,
    session: requests.Session,
    on_retry: Callable[[str, float, int], None],
    wait: bool = False,
    first_interval: float = 1.0,
    timeout: float = 120.0,
    sleep: Callable[[float], None] = time.sleep,
) -> tuple[Answer, Resolution]:
    """Send the camt.056; with `wait`, send the same bytes again while the answer is PDCR, backing off.

    The gateway answers a request sent again (same Assgnmt/Id, same bytes) with its answer now, so
    asking again never cancels twice. Returns the last answer, which may still be PDCR at `timeout`.
    """
    deadline = time.monotonic() + timeout
    interval = first_interval
    while True:
        answer = send(gateway, "camt056", body, session=session, on_retry=on_retry)
        resolution = parse_camt029(answer.body)
        if not wait or resolution.confirmation != PENDING or time.monotonic() + interval > deadline:
            return answer, resolution
        sleep(interval)
        interval = min(interval * 2, MAX_INTERVAL_SECONDS)
