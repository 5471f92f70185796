"""What a pacs.028 answer says about a found transfer, per state (spec 2.3 and 3)."""

from __future__ import annotations

from datetime import datetime

from services.rejections import NOT_PROVIDED
from services.reports import StatusReport, TxStatus
from storage.transfers import TransferTimeline

CREATED, PROCESSING, COMPLETED, FAILED = "Created", "Processing", "Completed", "Failed"
_STATUS = {CREATED: TxStatus.ACSP, PROCESSING: TxStatus.ACSP, COMPLETED: TxStatus.ACSC, FAILED: TxStatus.RJCT}


def iso_utc(moment: datetime) -> str:
    """ISO 8601 UTC with a Z, to the second; naive datetimes are taken as UTC."""
    return moment.replace(microsecond=0, tzinfo=None).isoformat() + "Z"


def transfer_report(transfer: TransferTimeline) -> StatusReport:
    """The status report of a transfer; AddtlInf keys in a fixed order, only those of its state."""
    state = transfer.state
    lines = [f"TransferId: {transfer.id}", f"Status: {state}", f"CreatedAt: {iso_utc(transfer.created_at)}"]
    updated_at = transfer.last_event_at or transfer.updated_at
    if state in (PROCESSING, COMPLETED, FAILED):
        lines.append(f"UpdatedAt: {iso_utc(updated_at)}")
    reason = None
    if state == COMPLETED:
        completed = transfer.completed_event_at or transfer.completed_at
        lines.append(f"CompletedAt: {iso_utc(completed or updated_at)}")
        lines.append(f"TransactionHash: {transfer.ledger_hash}")
    if state == FAILED:
        reason = transfer.error_code
        lines.append(f"ErrorCode: {transfer.error_code}")
    return StatusReport(
        _STATUS[state],
        instruction_id=str(transfer.id),
        end_to_end_id=NOT_PROVIDED,
        info=lines,
        settlement_amount_usd=transfer.amount_usd,
        instructed_amount_tkn=transfer.amount_tkn if state == COMPLETED else None,
        reason=reason,
    )
