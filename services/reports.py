"""pacs.002.001.15 status reports, built from the bindings and serialized by xsdata."""

from __future__ import annotations

import re
import secrets
import string
import textwrap
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from decimal import Decimal
from enum import StrEnum
from typing import NamedTuple, TypeVar, cast

from xsdata.formats.converter import converter
from xsdata.formats.dataclass.context import XmlContext
from xsdata.formats.dataclass.serializers import XmlSerializer
from xsdata.formats.dataclass.serializers.config import SerializerConfig
from xsdata.models.datatype import XmlDateTime

from bindings.pacs_002_001_15 import (
    ActiveOrHistoricCurrencyAndAmount,
    AmountType4Choice,
    Document,
    FitoFipaymentStatusReportV15,
    GroupHeader120,
    OriginalTransactionReference42,
    PaymentTransaction164,
    StatusReason6Choice,
    StatusReasonInformation14,
)
from services.redaction import clean_text
from services.rejections import NOT_PROVIDED, Violation

NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pacs.002.001.15"
MAX_LINE = 105  # AddtlInf is Max105Text
_ALPHABET = string.ascii_uppercase + string.digits
_SUFFIX_LENGTH = 8
_UNBIASED_BYTES = 256 - 256 % len(_ALPHABET)
_BYTE_TO_CHARACTER = bytes(ord(_ALPHABET[b % len(_ALPHABET)]) for b in range(256))
# Placeholders are private-use characters: legal in XML, written as themselves, never in a report.
_SLOT_OPEN, _SLOT_CLOSE = "\ue000", "\ue001"
_SLOT = re.compile(f"{_SLOT_OPEN}([0-9]+){_SLOT_CLOSE}")
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_MAX_SHAPES = 1024  # reason texts vary in length, so shapes are many but few are common


class TxStatus(StrEnum):
    """TxSts values of spec 2.5."""

    ACCP = "ACCP"
    ACSP = "ACSP"
    ACSC = "ACSC"
    RJCT = "RJCT"
    PDNG = "PDNG"


@dataclass(frozen=True)
class StatusReport:
    """What one pacs.002 says about one transaction."""

    status: TxStatus
    instruction_id: str | None = None
    end_to_end_id: str | None = None
    violations: Sequence[Violation] = ()
    info: Sequence[str] = ()
    settlement_amount_usd: Decimal | None = None
    instructed_amount_tkn: Decimal | None = None
    reason: str | None = None  # Rsn/Cd of the info block, e.g. a Failed transfer's error code


def split_text(text: str, width: int = MAX_LINE) -> list[str]:
    """Split a text into lines of at most `width` characters, on word boundaries when possible."""
    if len(text) <= width and text.isprintable() and text == text.strip() and text:
        return [text]  # what textwrap gives, without its cost: most lines are short
    return textwrap.wrap(text, width=width, break_long_words=True, break_on_hyphens=False) or [""]


def new_report_id(now: datetime) -> str:
    """RESP-<unix seconds>-<8 uppercase alphanumerics from a CSPRNG>."""
    while True:
        drawn = secrets.token_bytes(_SUFFIX_LENGTH)
        # 252 is 7 x 36: a byte below it names each of the 36 characters equally often; a draw with
        # a byte above it (one in nine) is drawn again.
        if max(drawn) < _UNBIASED_BYTES:
            return f"RESP-{int(now.timestamp())}-{drawn.translate(_BYTE_TO_CHARACTER).decode('ascii')}"


class _Shape(NamedTuple):
    """What fixes a report's markup: everything but the values (a tuple: built and hashed in C)."""

    blocks: tuple[tuple[bool, int], ...]  # per StsRsnInf: has Rsn/Cd, number of AddtlInf lines
    settlement_amount: bool
    instructed_amount: bool


Slot = Callable[[str], str]
ValueT = TypeVar("ValueT")


class _Slots:
    """Hands out placeholders while a document is built, and keeps the values they stand for."""

    def __init__(self) -> None:
        self.values: list[str] = []

    def __call__(self, value: str) -> str:
        self.values.append(value)
        return f"{_SLOT_OPEN}{len(self.values) - 1}{_SLOT_CLOSE}"


def _reason_blocks(report: StatusReport, slot: Slot) -> list[StatusReasonInformation14]:
    blocks = [
        StatusReasonInformation14(
            rsn=StatusReason6Choice(cd=slot(v.code.value)), addtl_inf=[slot(line) for line in split_text(v.text)]
        )
        for v in report.violations
    ]
    info_lines = [part for line in report.info for part in split_text(line)]
    if info_lines:
        reason = StatusReason6Choice(cd=slot(report.reason)) if report.reason else None
        blocks.append(StatusReasonInformation14(rsn=reason, addtl_inf=[slot(line) for line in info_lines]))
    return blocks


def _standing_in(kind: type[ValueT], text: str) -> ValueT:
    """`text` where the binding types a value as `kind`. xsdata writes a string field value as it is,
    so a placeholder (or a value's own text) can stand where the value's text goes."""
    return cast(ValueT, text)  # a str on purpose: it is written, never computed with


def _amount(value: Decimal, currency: str, slot: Slot) -> ActiveOrHistoricCurrencyAndAmount:
    text: str = converter.serialize(value)  # xsdata's own rendering of a Decimal
    return ActiveOrHistoricCurrencyAndAmount(value=_standing_in(Decimal, slot(text)), ccy=currency)


def _original_reference(report: StatusReport, slot: Slot) -> OriginalTransactionReference42 | None:
    if report.settlement_amount_usd is None:
        return None
    instructed = None
    if report.instructed_amount_tkn is not None:
        instructed = AmountType4Choice(instd_amt=_amount(report.instructed_amount_tkn, "TKN", slot))
    return OriginalTransactionReference42(
        intr_bk_sttlm_amt=_amount(report.settlement_amount_usd, "USD", slot), amt=instructed
    )


def _created(now: datetime) -> str:
    # Every request's clock is aware UTC, which xsdata writes as ...Z; formatting that directly
    # skips building an XmlDateTime per report. Any other zone still goes through xsdata.
    if now.tzinfo is UTC:
        # What strftime("%Y-%m-%dT%H:%M:%SZ") writes, in a third of its time (an f-string takes twice this).
        return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (now.year, now.month, now.day, now.hour, now.minute, now.second)  # noqa: UP031
    return str(XmlDateTime.from_datetime(now.replace(microsecond=0)))


def _document(report: StatusReport, report_id: str, created: str, slot: Slot) -> Document:
    """The pacs.002 binding of a report, every value behind a placeholder."""
    return Document(
        fito_fipmt_sts_rpt=FitoFipaymentStatusReportV15(
            grp_hdr=GroupHeader120(msg_id=slot(report_id), cre_dt_tm=_standing_in(XmlDateTime, slot(created))),
            tx_inf_and_sts=[
                PaymentTransaction164(
                    orgnl_instr_id=slot(report.instruction_id or NOT_PROVIDED),
                    orgnl_end_to_end_id=slot(report.end_to_end_id or NOT_PROVIDED),
                    tx_sts=slot(report.status.value),
                    sts_rsn_inf=_reason_blocks(report, slot),
                    orgnl_tx_ref=_original_reference(report, slot),
                )
            ],
        )
    )


def _shape_of(document: Document) -> _Shape:
    """What of `document`'s markup varies from report to report: which blocks, lines and amounts it has."""
    [transaction] = document.fito_fipmt_sts_rpt.tx_inf_and_sts
    reference = transaction.orgnl_tx_ref
    return _Shape(
        tuple((block.rsn is not None, len(block.addtl_inf)) for block in transaction.sts_rsn_inf),
        reference is not None,
        reference is not None and reference.amt is not None,
    )


class ReportWriter:
    """Serializes status reports; build one per process.

    xsdata serializes each shape of report (which reason blocks, how many lines, which amounts)
    once, with placeholders for the values; a request then only escapes its values into the
    markup. Serializing the whole document per request was a fifth of a request's CPU
    (docs/performance.md); the output is byte for byte what xsdata writes for the same document.
    """

    def __init__(self) -> None:
        self.serializer = XmlSerializer(
            context=XmlContext(), config=SerializerConfig(xml_declaration=True, encoding="UTF-8")
        )
        self._templates: dict[_Shape, list[str]] = {}
        self._lock = threading.Lock()

    def _template(self, document: Document) -> list[str]:
        # Markup around the placeholders, then the placeholders' order: [text, slot, text, ...].
        return _SLOT.split(self.serializer.render(document, ns_map={None: NAMESPACE}))

    def render(self, report: StatusReport, now: datetime) -> bytes:
        """The pacs.002 document for `report`, created at `now` (aware UTC).

        This is the one place texts are written into a pacs.002: each is cleaned first (`_cleaned`).
        """
        slot = _Slots()
        document = _document(_cleaned(report), new_report_id(now), _created(now), slot)
        shape = _shape_of(document)
        template = self._templates.get(shape)
        if template is None:
            template = self._template(document)
            with self._lock:
                if len(self._templates) < _MAX_SHAPES:
                    self._templates[shape] = template
        parts = template.copy()
        for index in range(1, len(parts), 2):
            parts[index] = _escape_text(slot.values[int(parts[index])])
        return "".join(parts).encode("utf-8")


def _cleaned(report: StatusReport) -> StatusReport:
    """`report` with every text as XML 1.0 may carry it and no secret seed (services/redaction.py).

    Done before long texts are split into lines, so no seed is split past the redaction. A report
    whose texts are all clean already, nearly every one, is returned as it is.
    """
    instruction_id = report.instruction_id and clean_text(report.instruction_id)
    end_to_end_id = report.end_to_end_id and clean_text(report.end_to_end_id)
    violations = [Violation(v.code, clean_text(v.text)) for v in report.violations]
    info = [clean_text(line) for line in report.info]
    reason = report.reason and clean_text(report.reason)
    if (
        instruction_id == report.instruction_id
        and end_to_end_id == report.end_to_end_id
        and violations == list(report.violations)
        and info == list(report.info)
        and reason == report.reason
    ):
        return report
    return replace(
        report,
        instruction_id=instruction_id,
        end_to_end_id=end_to_end_id,
        violations=violations,
        info=info,
        reason=reason,
    )


def _escape_text(value: str) -> str:
    # What lxml writes for text content in UTF-8: &, < and > as entities, carriage returns as a
    # character reference (tests/services/test_reports.py holds it to xsdata's own output).
    return value.translate(_TEXT_ESCAPES)
