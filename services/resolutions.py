"""camt.029.001.13 resolutions of investigation: the answers to camt.056 cancellation requests.

Built from the bindings and serialized by xsdata. Every answer has one `CxlDtls/TxInfAndSts`, so
a bank reads the same place whatever the outcome; `Sts/Conf` and `TxCxlSts` say it twice, as the
usage of the message has it (CNCL with ACCR, PDCR with PDCR, RJCR with RJCR).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from xsdata.formats.dataclass.context import XmlContext
from xsdata.formats.dataclass.serializers import XmlSerializer
from xsdata.formats.dataclass.serializers.config import SerializerConfig
from xsdata.models.datatype import XmlDateTime

from bindings.camt_029_001_13 import (
    CancellationIndividualStatus1Code,
    CancellationStatusReason3Choice,
    CancellationStatusReason5,
    Case6,
    CaseAssignment6,
    Document,
    InvestigationStatus6Choice,
    OriginalGroupInformation29,
    Party50Choice,
    PartyIdentification272,
    PaymentTransaction152,
    ResolutionOfInvestigationV13,
    UnderlyingTransaction32,
)
from services.redaction import clean_text
from services.rejections import NOT_PROVIDED
from services.reports import new_report_id, split_text

NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:camt.029.001.13"
GATEWAY_NAME = "TKN gateway"
PACS008_NAME = "pacs.008.001.13"
_MAX_NAME = 140  # Nm is Max140Text


class Confirmation(StrEnum):
    """Sts/Conf values (ExternalInvestigationExecutionConfirmation1Code) this service answers."""

    CNCL = "CNCL"  # cancelled as requested
    PDCR = "PDCR"  # pending: an envelope that may still apply holds the transfer
    RJCR = "RJCR"  # refused


_TX_STATUS = {
    Confirmation.CNCL: CancellationIndividualStatus1Code.ACCR,
    Confirmation.PDCR: CancellationIndividualStatus1Code.PDCR,
    Confirmation.RJCR: CancellationIndividualStatus1Code.RJCR,
}


@dataclass(frozen=True)
class Resolution:
    """What one camt.029 says about one cancellation request.

    `code` is an ExternalPaymentCancellationRejection1Code (NOOR, AGNT, ARJT), written as `Rsn/Cd`;
    `proprietary` is one of the gateway's own pacs.002 codes (FF01, NARR, AM05, TECH), written as
    `Rsn/Prtry`, for a request refused before it was decided.
    """

    confirmation: Confirmation
    case_id: str | None = None  # the request's Assgnmt/Id
    requester: str | None = None  # the organization's name
    transfer_id: str | None = None
    end_to_end_id: str | None = None
    original_message_id: str | None = None
    code: str | None = None
    proprietary: str | None = None
    info: tuple[str, ...] = field(default=())


def _party(name: str) -> Party50Choice:
    return Party50Choice(pty=PartyIdentification272(nm=clean_text(name)[:_MAX_NAME] or NOT_PROVIDED))


def _reasons(resolution: Resolution) -> list[CancellationStatusReason5]:
    lines = [part for line in resolution.info for part in split_text(clean_text(line))]
    if resolution.code is None and resolution.proprietary is None and not lines:
        return []
    reason = None
    if resolution.code is not None or resolution.proprietary is not None:
        reason = CancellationStatusReason3Choice(cd=resolution.code, prtry=resolution.proprietary)
    return [CancellationStatusReason5(rsn=reason, addtl_inf=lines)]


def _document(resolution: Resolution, now: datetime) -> Document:
    requester = _party(resolution.requester or NOT_PROVIDED)
    case = None
    if resolution.case_id:
        case = Case6(id=clean_text(resolution.case_id)[:35], cretr=requester)
    group = None
    if resolution.original_message_id:
        group = OriginalGroupInformation29(
            orgnl_msg_id=clean_text(resolution.original_message_id)[:35], orgnl_msg_nm_id=PACS008_NAME
        )
    transaction = PaymentTransaction152(
        orgnl_grp_inf=group,
        orgnl_instr_id=clean_text(resolution.transfer_id or NOT_PROVIDED)[:36],
        orgnl_end_to_end_id=clean_text(resolution.end_to_end_id or NOT_PROVIDED)[:36],
        tx_cxl_sts=_TX_STATUS[resolution.confirmation],
        cxl_sts_rsn_inf=_reasons(resolution),
    )
    return Document(
        rsltn_of_invstgtn=ResolutionOfInvestigationV13(
            assgnmt=CaseAssignment6(
                id=new_report_id(now),
                assgnr=_party(GATEWAY_NAME),
                assgne=requester,
                cre_dt_tm=XmlDateTime.from_datetime(now.replace(microsecond=0)),
            ),
            rslvd_case=case,
            sts=InvestigationStatus6Choice(conf=resolution.confirmation.value),
            cxl_dtls=[UnderlyingTransaction32(tx_inf_and_sts=[transaction])],
        )
    )


class ResolutionWriter:
    """Serializes camt.029 answers; build one per process (one XmlContext, as the house style has it)."""

    def __init__(self) -> None:
        self.serializer = XmlSerializer(
            context=XmlContext(), config=SerializerConfig(xml_declaration=True, encoding="UTF-8")
        )

    def render(self, resolution: Resolution, now: datetime) -> bytes:
        """The camt.029 document for `resolution`, created at `now` (aware UTC)."""
        text = self.serializer.render(_document(resolution, now), ns_map={None: NAMESPACE})
        return text.encode("utf-8")
