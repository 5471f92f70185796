"""The messages the gateway reads (pacs.008, pacs.028) and the report it answers with (pacs.002)."""

from __future__ import annotations

import re
import secrets
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from decimal import Decimal

PACS008_NS = "urn:iso:std:iso:20022:tech:xsd:pacs.008.001.13"
PACS028_NS = "urn:iso:std:iso:20022:tech:xsd:pacs.028.001.06"
PACS002_NS = "urn:iso:std:iso:20022:tech:xsd:pacs.002.001.15"
MSG_ID_PLACEHOLDER = "__MSG_ID__"
CREDITOR_PLACEHOLDER = "__CREDITOR__"
TRANSFER_ID_PLACEHOLDER = "__TRANSFER_ID__"
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_MSG_ID_ELEMENT = re.compile(r"<((?:[A-Za-z_][\w.-]*:)?MsgId)>\s*(?:__MSG_ID__)?\s*</\1>")


def new_message_id(now: float | None = None) -> str:
    """A MsgId as spec 2.4 shapes it: 10-digit Unix time in UTC, then 10 uppercase hex characters."""
    seconds = int(time.time() if now is None else now)
    return f"{seconds:010d}{secrets.token_hex(5).upper()}"


def _element(parent: ET.Element, path: str, text: str | None = None) -> ET.Element:
    node = parent
    for tag in path.split("/"):
        node = ET.SubElement(node, tag)
    if text is not None:
        node.text = text
    return node


def _document(namespace: str, root: str) -> tuple[ET.Element, ET.Element]:
    document = ET.Element("Document", xmlns=namespace)
    return document, ET.SubElement(document, root)


def _serialized(document: ET.Element) -> bytes:
    ET.indent(document)
    serialized: bytes = ET.tostring(document, encoding="utf-8", xml_declaration=True)
    return serialized + b"\n"


@dataclass(frozen=True)
class CreditTransfer:
    """What a pacs.008 asks: one transfer of `amount` USD from `debtor` to the Stellar account `creditor`."""

    amount: Decimal | str
    creditor: str
    debtor: str
    memo: str | None = None
    instruction_id: str | None = None
    end_to_end_id: str | None = None
    currency: str = "USD"


def build_pacs008(transfer: CreditTransfer, message_id: str) -> bytes:
    """A pacs.008.001.13 with one CdtTrfTxInf, as spec 2.1 asks."""
    document, root = _document(PACS008_NS, "FIToFICstmrCdtTrf")
    header = _element(root, "GrpHdr")
    _element(header, "MsgId", message_id)
    _element(header, "NbOfTxs", "1")
    transaction = _element(root, "CdtTrfTxInf")
    if transfer.instruction_id or transfer.end_to_end_id:
        payment_id = _element(transaction, "PmtId")
        if transfer.instruction_id:
            _element(payment_id, "InstrId", transfer.instruction_id)
        if transfer.end_to_end_id:
            _element(payment_id, "EndToEndId", transfer.end_to_end_id)
    _element(transaction, "IntrBkSttlmAmt", str(transfer.amount)).set("Ccy", transfer.currency)
    _element(transaction, "DbtrAcct/Id/Othr/Id", transfer.debtor)
    creditor = _element(transaction, "CdtrAcct")
    _element(creditor, "Id/Othr/Id", transfer.creditor)
    if transfer.memo:
        _element(creditor, "Nm", transfer.memo)
    return _serialized(document)


def build_pacs028(transfer_id: str, message_id: str) -> bytes:
    """A pacs.028.001.06 asking for one transfer's status by its ID (spec 2.2)."""
    document, root = _document(PACS028_NS, "FIToFIPmtStsReq")
    _element(root, "GrpHdr/MsgId", message_id)
    _element(root, "TxInf/OrgnlInstrId", transfer_id)
    return _serialized(document)


class PlaceholderLeft(ValueError):
    """A message file still holds a placeholder that nothing filled."""


def fill_message_file(text: str, message_id: str, creditor: str | None) -> tuple[str, str | None]:
    """A message file made ready to send, and the MsgId it was given (None: its own MsgId was kept).

    An empty MsgId or the placeholder `__MSG_ID__` gets `message_id`; a MsgId already in the file
    is kept, so that sending the same file again is the same message (the gateway answers it with
    the original acceptance instead of creating a second transfer).
    """
    filled, count = _MSG_ID_ELEMENT.subn(lambda m: f"<{m.group(1)}>{message_id}</{m.group(1)}>", text, count=1)
    if creditor is not None:
        filled = filled.replace(CREDITOR_PLACEHOLDER, creditor)
    content = _COMMENT.sub("", filled)  # a comment may name a placeholder to explain it
    for placeholder in (MSG_ID_PLACEHOLDER, CREDITOR_PLACEHOLDER, TRANSFER_ID_PLACEHOLDER):
        if placeholder in content:
            hint = " (give --creditor)" if placeholder == CREDITOR_PLACEHOLDER else ""
            raise PlaceholderLeft(f"the file still holds {placeholder}{hint}")
    return filled, message_id if count else None


@dataclass(frozen=True)
class StatusReport:
    """What a pacs.002 says, as a client acts on it."""

    status: str | None  # TxSts; None when the answer had no report (a 401)
    reason_codes: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()  # every AddtlInf, in order
    instruction_id: str | None = None
    info: dict[str, str] = field(default_factory=dict)  # the `Key: value` lines
    amounts: tuple[tuple[str, str], ...] = ()  # pacs.028 answers: ("IntrBkSttlmAmt", "125.50 USD"), …

    @property
    def transfer_id(self) -> str | None:
        """The TransferId an acceptance or a status report names."""
        return self.info.get("TransferId")


def parse_pacs002(body: bytes) -> StatusReport:
    """Read a pacs.002 answer; an empty body is a report with no status."""
    if not body.strip():
        return StatusReport(status=None)
    # The gateway's own answer: stdlib's expat refuses external entities and bounds entity expansion.
    root = ET.fromstring(body)  # noqa: S314
    ns = {"p": PACS002_NS}
    transaction = root.find("p:FIToFIPmtStsRpt/p:TxInfAndSts", ns)
    if transaction is None:
        raise ValueError("the answer is not a pacs.002.001.15 status report")
    lines = tuple(node.text or "" for node in transaction.iterfind("p:StsRsnInf/p:AddtlInf", ns))
    info: dict[str, str] = {}
    for line in lines:
        key, separator, value = line.partition(": ")
        if separator and key.isalpha():
            info.setdefault(key, value)
    amounts = []
    for name, path in (
        ("IntrBkSttlmAmt", "p:OrgnlTxRef/p:IntrBkSttlmAmt"),
        ("InstdAmt", "p:OrgnlTxRef/p:Amt/p:InstdAmt"),
    ):
        node = transaction.find(path, ns)
        if node is not None:
            amounts.append((name, f"{node.text} {node.get('Ccy', '')}".strip()))
    return StatusReport(
        amounts=tuple(amounts),
        status=transaction.findtext("p:TxSts", namespaces=ns),
        reason_codes=tuple(node.text or "" for node in transaction.iterfind("p:StsRsnInf/p:Rsn/p:Cd", ns)),
        lines=lines,
        instruction_id=transaction.findtext("p:OrgnlInstrId", namespaces=ns),
        info=info,
    )
