"""Reading and checking camt.029 answers: every body is validated against the usage-guideline schema."""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from tests.support.schemas import schema

XSD = "camt.029.001.13.xsd"
NS = {"c": "urn:iso:std:iso:20022:tech:xsd:camt.029.001.13"}


@dataclass(frozen=True)
class Answer:
    """The parts of a camt.029 the tests look at."""

    confirmation: str
    tx_status: str
    case_id: str | None
    transfer_id: str
    original_message_id: str | None
    code: str | None
    proprietary: str | None
    lines: list[str]

    @property
    def text(self) -> str:
        """All AddtlInf lines joined."""
        return " ".join(self.lines)


def validate(body: bytes) -> None:
    """Assert the body fits the usage-guideline camt.029, and the official one but for a UUID echo."""
    root = etree.fromstring(body)
    usage = schema("usage", XSD)
    assert usage.validate(root), usage.error_log
    official = schema("iso", XSD)
    if not official.validate(root):
        errors = [e for e in official.error_log if "OrgnlInstrId" not in e.message]  # type: ignore[attr-defined]
        assert not errors, errors


def parse_answer(body: bytes) -> Answer:
    """Validate a camt.029 and read it."""
    validate(body)
    root = etree.fromstring(body)

    def text(path: str) -> str | None:
        found = root.findtext(path, namespaces=NS)
        return found

    tx = ".//c:CxlDtls/c:TxInfAndSts"
    return Answer(
        confirmation=text(".//c:Sts/c:Conf") or "",
        tx_status=text(f"{tx}/c:TxCxlSts") or "",
        case_id=text(".//c:RsltnOfInvstgtn/c:RslvdCase/c:Id"),
        transfer_id=text(f"{tx}/c:OrgnlInstrId") or "",
        original_message_id=text(f"{tx}/c:OrgnlGrpInf/c:OrgnlMsgId"),
        code=text(f"{tx}/c:CxlStsRsnInf/c:Rsn/c:Cd"),
        proprietary=text(f"{tx}/c:CxlStsRsnInf/c:Rsn/c:Prtry"),
        lines=[e.text or "" for e in root.iterfind(f"{tx}/c:CxlStsRsnInf/c:AddtlInf", namespaces=NS)],
    )
