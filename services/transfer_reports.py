"""What a pacs.028 answer says about a found transfer, per state (spec 2.3 and 3)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from services.rejections import NOT_PROVIDED, ReasonCode
from services.reports import StatusReport, TxStatus
from storage.transfer_states import TransferState
from storage.transfers import TransferTimeline

CREATED = TransferState.CREATED
PROCESSING = TransferState.PROCESSING
COMPLETED = TransferState.COMPLETED
FAILED = TransferState.FAILED


@dataclass(frozen=True)
class StateAnswer:
    """The TxSts a found transfer in `state` is reported with, and whether its reason is the error code."""

    state: TransferState
    status: TxStatus
    reason_is_error_code: bool


@dataclass(frozen=True)
class Answers:
    """What a query is answered with: per state of a found transfer, and when none is found."""

    per_state: tuple[StateAnswer, ...]
    not_found_status: TxStatus
    not_found_reason: ReasonCode

    def of(self, timeline: TransferTimeline | None) -> tuple[str | None, str | None]:
        """The TxSts and reason code for this outcome; no TxSts for a state without an answer."""
        if timeline is None:
            return self.not_found_status.value, self.not_found_reason.value
        for answer in self.per_state:
            if answer.state == timeline.state:
                return answer.status.value, timeline.error_code if answer.reason_is_error_code else None
        return None, None

    def rows(self) -> tuple[tuple[str, str, bool], ...]:
        """The table as plain values: (state, TxSts, whether the reason is the error code) per state."""
        return tuple((a.state.value, a.status.value, a.reason_is_error_code) for a in self.per_state)


# Spec 3's table, with decision Q5: a Failed transfer's reason code is its error code. A query's
# record is written from this same table, in the transaction that looks the transfer up.
ANSWERS = Answers(
    per_state=(
        StateAnswer(CREATED, TxStatus.ACSP, reason_is_error_code=False),
        StateAnswer(PROCESSING, TxStatus.ACSP, reason_is_error_code=False),
        StateAnswer(COMPLETED, TxStatus.ACSC, reason_is_error_code=False),
        StateAnswer(FAILED, TxStatus.RJCT, reason_is_error_code=True),
    ),
    not_found_status=TxStatus.RJCT,
    not_found_reason=ReasonCode.AC01,
)


def iso_utc(moment: datetime) -> str:
    """ISO 8601 UTC with a Z, to the second; naive datetimes are taken as UTC."""
    return moment.replace(microsecond=0, tzinfo=None).isoformat() + "Z"


def transfer_report(transfer: TransferTimeline) -> StatusReport:
    """The status report of a transfer; AddtlInf keys in a fixed order, only those of its state."""
    state = transfer.state
    status, reason = ANSWERS.of(transfer)
    if status is None:
        raise ValueError(f"No answer for a transfer in state {state!r}")
    lines = [f"TransferId: {transfer.id}", f"Status: {state}", f"CreatedAt: {iso_utc(transfer.created_at)}"]
    updated_at = transfer.last_event_at or transfer.updated_at
    if state in (PROCESSING, COMPLETED, FAILED):
        lines.append(f"UpdatedAt: {iso_utc(updated_at)}")
    if state == COMPLETED:
        completed = transfer.completed_event_at or transfer.completed_at
        lines.append(f"CompletedAt: {iso_utc(completed or updated_at)}")
        lines.append(f"TransactionHash: {transfer.ledger_hash}")
    if state == FAILED:
        lines.append(f"ErrorCode: {transfer.error_code}")
        if transfer.failure_reason:
            lines.append(f"Reason: {transfer.failure_reason}")
    return StatusReport(
        TxStatus(status),
        instruction_id=str(transfer.id),
        end_to_end_id=NOT_PROVIDED,
        info=lines,
        settlement_amount_usd=transfer.amount_usd,
        instructed_amount_tkn=transfer.amount_tkn if state == COMPLETED else None,
        reason=reason,
    )
