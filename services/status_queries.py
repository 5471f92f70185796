"""Answering a pacs.028 status request, and recording every one (spec 2.2, 2.6, 4.2)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from bindings.pacs_028_001_06 import Document, PaymentTransaction158
from services.api_keys import Caller
from services.message_ids import check_message_id, note_message_id
from services.message_reader import PACS028, MessageFormatError, MessageReader
from services.networks import check_network
from services.redaction import clean_text, stored_request
from services.rejections import MessageRejected, ReasonCode, Violation
from services.reports import ReportWriter, TxStatus
from services.transfer_reports import ANSWERS, transfer_report
from storage.status_queries import find_timeline_and_record, insert_status_query
from telemetry.logs import note

MESSAGE_TYPE = "pacs.028"


class TransferNotFound(Exception):
    """No transfer with this ID belongs to the caller (the two cases are indistinguishable)."""

    def __init__(self, transfer_id: str) -> None:
        super().__init__(f"Transfer not found: {transfer_id}")
        self.transfer_id = transfer_id
        self.violation = Violation(ANSWERS.not_found_reason, f"Transfer not found: {transfer_id}")


@dataclass
class _Readings:
    """What could be read from the request, for the record."""

    message_id: str | None = None
    queried_id: str | None = None
    alternative_id: str | None = None
    original_message_id: str | None = None


def transfer_id_in(value: str | None) -> uuid.UUID | None:
    """A transfer ID as the acceptance report gave it (canonical UUID text, any case), else None."""
    if not value:
        return None
    try:
        parsed = uuid.UUID(value)
    except ValueError:
        return None
    return parsed if str(parsed) == value.lower() else None


def _original_message_id(document: Document, tx: PaymentTransaction158 | None) -> str | None:
    if tx is not None and tx.orgnl_grp_inf is not None:
        return tx.orgnl_grp_inf.orgnl_msg_id
    groups = document.fito_fipmt_sts_req.orgnl_grp_inf
    return groups[0].orgnl_msg_id if groups else None


def _transfer_id(document: Document, readings: _Readings, now: datetime) -> uuid.UUID:
    request = document.fito_fipmt_sts_req
    readings.message_id = request.grp_hdr.msg_id
    transactions = request.tx_inf
    tx = transactions[0] if transactions else None
    if tx is not None:
        readings.queried_id, readings.alternative_id = tx.orgnl_instr_id, tx.orgnl_end_to_end_id
    readings.original_message_id = _original_message_id(document, tx)
    violation = check_message_id(request.grp_hdr.msg_id, now, ReasonCode.FF01)
    if violation is not None:
        raise MessageRejected([violation])
    if len(transactions) > 1:
        raise MessageRejected(
            [
                Violation(
                    ReasonCode.NARR,
                    f"Only single-transaction queries are supported; found {len(transactions)} TxInf elements. "
                    "Send one pacs.028 request per transfer ID.",
                )
            ]
        )
    found = transfer_id_in(readings.queried_id) or transfer_id_in(readings.alternative_id)
    if found is None:
        raise MessageRejected(
            [
                Violation(
                    ReasonCode.NARR,
                    "The transfer ID was not found in TxInf/OrgnlInstrId or TxInf/OrgnlEndToEndId. "
                    "Send the TransferId from the pacs.008 acceptance response in TxInf/OrgnlInstrId.",
                )
            ]
        )
    return found


def _transfer_to_find(
    network: str,
    body: bytes,
    reader: MessageReader,
    supported: tuple[str, ...],
    readings: _Readings,
    now: datetime,
) -> uuid.UUID:
    violation = check_network(network, supported)
    if violation is not None:
        raise MessageRejected([violation])
    try:
        document = reader.read(body, PACS028)
    except MessageFormatError as error:
        raise MessageRejected([Violation(ReasonCode.FF01, str(error))]) from None
    return _transfer_id(document, readings, now)


def _column(value: str | None) -> str | None:
    # As a pacs.002 would carry it (Postgres text cannot hold NUL, which a network path can), then cut.
    return clean_text(value or "")[:64] or None


def _record_fields(
    caller: Caller, network: str, body: bytes, readings: _Readings, now: datetime, raw_max_bytes: int
) -> dict[str, object]:
    return {
        "message_type": MESSAGE_TYPE,
        "message_id": _column(readings.message_id),
        "queried_transfer_id": _column(readings.queried_id),
        "alternative_id": _column(readings.alternative_id),
        "original_message_id": _column(readings.original_message_id),
        "raw_request": stored_request(body, raw_max_bytes),
        "organization": caller.organization_id,
        "environment": caller.environment.value,
        "network": _column(network) or "",
        "queried_at": now.replace(tzinfo=None),
    }


def answer_status_request(
    caller: Caller,
    network: str,
    body: bytes,
    *,
    reader: MessageReader,
    writer: ReportWriter,
    supported_networks: tuple[str, ...],
    now: datetime,
    raw_max_bytes: int,
) -> bytes:
    """The pacs.002 for a pacs.028; no answer leaves before the request is recorded.

    Raises MessageRejected (400) or TransferNotFound (404) after recording them.
    """
    readings = _Readings()
    # Each path's only write is its record's one INSERT; a found transfer's is in the transaction
    # that looks it up, so its record holds what the report says.
    try:
        transfer_id = _transfer_to_find(network, body, reader, supported_networks, readings, now)
    except MessageRejected as rejected:
        note_message_id(readings.message_id)
        record = _record_fields(caller, network, body, readings, now, raw_max_bytes)
        insert_status_query(**record, status=TxStatus.RJCT.value, reason_code=rejected.violations[0].code.value)
        raise
    note_message_id(readings.message_id)
    note(transfer_id=str(transfer_id))
    found = find_timeline_and_record(
        caller.organization_id,
        transfer_id,
        _record_fields(caller, network, body, readings, now, raw_max_bytes),
        ANSWERS,
    )
    if found is None:
        raise TransferNotFound(str(transfer_id))
    report = transfer_report(found)
    if report.reason:
        note(reason_code=report.reason)
    return writer.render(report, now)
