"""pacs.002.001.15 status reports, built from the bindings and serialized by xsdata."""

from __future__ import annotations

import secrets
import string
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import StrEnum

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
from services.rejections import NOT_PROVIDED, Violation

NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pacs.002.001.15"
MAX_LINE = 105  # AddtlInf is Max105Text
_ALPHABET = string.ascii_uppercase + string.digits


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
    return textwrap.wrap(text, width=width, break_long_words=True, break_on_hyphens=False) or [""]


def new_report_id(now: datetime) -> str:
    """RESP-<unix seconds>-<8 uppercase alphanumerics from a CSPRNG>."""
    suffix = "".join(secrets.choice(_ALPHABET) for _ in range(8))
    return f"RESP-{int(now.timestamp())}-{suffix}"


def _reason_blocks(report: StatusReport) -> list[StatusReasonInformation14]:
    blocks = [
        StatusReasonInformation14(rsn=StatusReason6Choice(cd=v.code.value), addtl_inf=split_text(v.text))
        for v in report.violations
    ]
    info_lines = [part for line in report.info for part in split_text(line)]
    if info_lines:
        reason = StatusReason6Choice(cd=report.reason) if report.reason else None
        blocks.append(StatusReasonInformation14(rsn=reason, addtl_inf=info_lines))
    return blocks


def _original_reference(report: StatusReport) -> OriginalTransactionReference42 | None:
    if report.settlement_amount_usd is None:
        return None
    instructed = None
    if report.instructed_amount_tkn is not None:
        instructed = AmountType4Choice(
            instd_amt=ActiveOrHistoricCurrencyAndAmount(value=report.instructed_amount_tkn, ccy="TKN")
        )
    return OriginalTransactionReference42(
        intr_bk_sttlm_amt=ActiveOrHistoricCurrencyAndAmount(value=report.settlement_amount_usd, ccy="USD"),
        amt=instructed,
    )


class ReportWriter:
    """Serializes status reports; build one per process."""

    def __init__(self) -> None:
        self.serializer = XmlSerializer(
            context=XmlContext(), config=SerializerConfig(xml_declaration=True, encoding="UTF-8")
        )

    def render(self, report: StatusReport, now: datetime) -> bytes:
        """The pacs.002 document for `report`, created at `now` (aware UTC)."""
        document = Document(
            fito_fipmt_sts_rpt=FitoFipaymentStatusReportV15(
                grp_hdr=GroupHeader120(
                    msg_id=new_report_id(now), cre_dt_tm=XmlDateTime.from_datetime(now.replace(microsecond=0))
                ),
                tx_inf_and_sts=[
                    PaymentTransaction164(
                        orgnl_instr_id=report.instruction_id or NOT_PROVIDED,
                        orgnl_end_to_end_id=report.end_to_end_id or NOT_PROVIDED,
                        tx_sts=report.status.value,
                        sts_rsn_inf=_reason_blocks(report),
                        orgnl_tx_ref=_original_reference(report),
                    )
                ],
            )
        )
        text = self.serializer.render(document, ns_map={None: NAMESPACE})
        return text.encode("utf-8")
