"""Reading and checking pacs.002 answers: every body is validated against both schemas."""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from tests.support.schemas import schema

XSD = "pacs.002.001.15.xsd"
NS = {"p": "urn:iso:std:iso:20022:tech:xsd:pacs.002.001.15"}


@dataclass(frozen=True)
class Report:
    """The parts of a pacs.002 the tests look at."""

    msg_id: str
    created: str
    instruction_id: str
    end_to_end_id: str
    status: str
    codes: list[str]
    lines: list[str]
    settlement_amount: tuple[str, str] | None
    instructed_amount: tuple[str, str] | None

    @property
    def text(self) -> str:
        """All AddtlInf lines joined, for 'gist of the text' checks."""
        return " ".join(self.lines)

    def info(self) -> dict[str, str]:
        """`Key: value` lines as a dict."""
        return dict(line.split(": ", 1) for line in self.lines if ": " in line)


def validate(body: bytes) -> None:
    """Assert the body fits the usage-guideline pacs.002, and the official one but for a UUID echo."""
    root = etree.fromstring(body)
    usage = schema("usage", XSD)
    assert usage.validate(root), usage.error_log
    official = schema("iso", XSD)
    if not official.validate(root):
        errors = [
            e
            for e in official.error_log  # type: ignore[attr-defined]
            if "OrgnlInstrId" not in e.message or "length" not in e.message
        ]
        assert not errors, errors
        assert len(root.findtext(".//p:OrgnlInstrId", namespaces=NS) or "") == 36


def _amount(root: etree._Element, path: str) -> tuple[str, str] | None:
    found = root.find(path, NS)
    return None if found is None else (found.text or "", found.get("Ccy") or "")


def parse_report(body: bytes) -> Report:
    """Validate and read a pacs.002 body."""
    validate(body)
    root = etree.fromstring(body)
    tx = root.find("p:FIToFIPmtStsRpt/p:TxInfAndSts", NS)
    assert tx is not None
    return Report(
        msg_id=root.findtext("p:FIToFIPmtStsRpt/p:GrpHdr/p:MsgId", namespaces=NS) or "",
        created=root.findtext("p:FIToFIPmtStsRpt/p:GrpHdr/p:CreDtTm", namespaces=NS) or "",
        instruction_id=tx.findtext("p:OrgnlInstrId", namespaces=NS) or "",
        end_to_end_id=tx.findtext("p:OrgnlEndToEndId", namespaces=NS) or "",
        status=tx.findtext("p:TxSts", namespaces=NS) or "",
        codes=[e.text or "" for e in tx.iterfind("p:StsRsnInf/p:Rsn/p:Cd", NS)],
        lines=[e.text or "" for e in tx.iterfind("p:StsRsnInf/p:AddtlInf", NS)],
        settlement_amount=_amount(tx, "p:OrgnlTxRef/p:IntrBkSttlmAmt"),
        instructed_amount=_amount(tx, "p:OrgnlTxRef/p:Amt/p:InstdAmt"),
    )


def rejected(body: bytes, code: str) -> Report:
    """Assert a RJCT whose first reason code is `code`; return the report."""
    report = parse_report(body)
    assert report.status == "RJCT", report
    assert report.codes and report.codes[0] == code, report
    return report
