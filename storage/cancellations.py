"""Cancellation requests (camt.056) and the one transaction that decides each against settlement.

A request is decided with its transfer's row locked (FOR UPDATE on Postgres; SQLite's write lock
is taken when the transaction begins), the lock `store_envelope` takes before it pays a transfer.
So a cancellation and an envelope are ordered: an envelope stored first makes the request pending
(PDCR), and a cancellation committed first leaves the transfer Failed, or pending with no envelope
able to carry it (`has_pending`, which `store_envelope` asks under the same lock).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

import peewee

from storage.database import database, locked
from storage.events import record_event
from storage.holds import void_hold
from storage.models import BaseModel, Organization, SettlementPayment, Transfer
from storage.transfer_states import OPEN_STATES, TransferState, transition


class CancellationState(StrEnum):
    """What became of a request; `pending` only while an envelope that may still apply holds the transfer."""

    CANCELLED = "cancelled"
    PENDING = "pending"
    REFUSED = "refused"
    NOT_FOUND = "not_found"


class CancellationRequest(BaseModel):
    """One camt.056, unique per organization by its Assgnmt/Id (m0017)."""

    id = peewee.AutoField()
    organization = peewee.ForeignKeyField(Organization, on_delete="RESTRICT", index=False)
    assignment_id = peewee.CharField(max_length=35)
    request_sha256 = peewee.CharField(max_length=64)
    raw_request = peewee.BlobField()
    reason_code = peewee.CharField(max_length=4)
    transfer = peewee.ForeignKeyField(Transfer, null=True, on_delete="CASCADE")
    state = peewee.CharField(
        max_length=16,
        constraints=[peewee.Check("\"state\" IN ('cancelled', 'pending', 'refused', 'not_found')")],
    )
    answer = peewee.BlobField()
    received_at = peewee.DateTimeField()
    decided_at = peewee.DateTimeField(null=True)
    # The outbox mark of its `transfer.cancellation` webhook event (m0018): NULL until the deliverer
    # has dispatched its final decision; a not_found request, which names no transfer, has none to send.
    dispatched_at = peewee.DateTimeField(null=True)
    organization_id: int
    transfer_id: uuid.UUID | None

    class Meta:
        table_name = "cancellation_request"
        indexes = ((("organization", "assignment_id"), True),)


CancellationRequest.add_index(
    CancellationRequest.index(CancellationRequest.id, name="cancellation_request_undispatched").where(
        CancellationRequest.dispatched_at.is_null()
    )
)


@dataclass(frozen=True)
class NewRequest:
    """A request as it is recorded, before its decision."""

    organization_id: int
    assignment_id: str
    request_sha256: str
    raw_request: bytes
    reason_code: str
    received_at: datetime


def find_request(organization_id: int, assignment_id: str) -> CancellationRequest | None:
    """The organization's request under this Assgnmt/Id, if any."""
    found: CancellationRequest | None = CancellationRequest.get_or_none(
        (CancellationRequest.organization == organization_id) & (CancellationRequest.assignment_id == assignment_id)
    )
    return found


def has_pending(transfer_ids: list[uuid.UUID]) -> bool:
    """True when a pending cancellation waits on any of these transfers (no new envelope may carry them)."""
    pending = CancellationRequest.select(CancellationRequest.id).where(
        CancellationRequest.transfer.in_(transfer_ids) & (CancellationRequest.state == CancellationState.PENDING)
    )
    return bool(pending.exists())


def pending_transfer_ids(transfer_ids: list[uuid.UUID]) -> set[uuid.UUID]:
    """Those of these transfers a pending cancellation waits on."""
    rows = CancellationRequest.select(CancellationRequest.transfer).where(
        CancellationRequest.transfer.in_(transfer_ids) & (CancellationRequest.state == CancellationState.PENDING)
    )
    return {row.transfer_id for row in rows if row.transfer_id is not None}


def _has_open_envelope(transfer_id: uuid.UUID) -> bool:
    open_payment = SettlementPayment.select(SettlementPayment.id).where(
        (SettlementPayment.transfer == transfer_id) & SettlementPayment.outcome.is_null()
    )
    return bool(open_payment.exists())


def _cancel(transfer: Transfer, code: str, reason: str, now: datetime) -> None:
    """Open transfer (its row locked, no open envelope) -> Failed with `code`, its hold voided: one commit."""
    Transfer.update(
        state=transition(transfer.state, TransferState.FAILED),
        error_code=code,
        failure_reason=reason[:200],
        last_error=reason[:200],
        updated_at=now,
        claimed_by=None,
        claimed_until=None,
        blocked_since=None,
    ).where((Transfer.id == transfer.id) & (Transfer.state == transfer.state)).execute()
    record_event(transfer.id, transfer.state, TransferState.FAILED, now, reason=reason[:200], attempt=0)
    void_hold(transfer.id, now)


@dataclass(frozen=True)
class Decision:
    """What a request found: its state and the transfer as the decision left it."""

    state: CancellationState
    transfer: Transfer | None


def decide(request: NewRequest, transfer_id: uuid.UUID, reason: str, original_message_id: str | None) -> Decision:
    """Lock the transfer and decide: cancel at once, pend on its open envelope, or refuse.

    The request row itself is written by `record_decision`, in the same transaction: the caller
    runs both inside `database.atomic()`. An unknown or foreign transfer is NOT_FOUND, and so is
    one created by another pacs.008 than `original_message_id` names (when it names one).
    """
    query = Transfer.select().where((Transfer.id == transfer_id) & (Transfer.organization == request.organization_id))
    transfer: Transfer | None = locked(query).first()
    if transfer is None or original_message_id not in (None, transfer.message_id):
        return Decision(CancellationState.NOT_FOUND, None)
    if transfer.state not in OPEN_STATES:
        return Decision(CancellationState.REFUSED, transfer)
    if _has_open_envelope(transfer.id):
        return Decision(CancellationState.PENDING, transfer)
    _cancel(transfer, request.reason_code, reason, request.received_at)
    # An earlier request pending on its envelope, now proven unapplied, is cancelled with it.
    _conclude([transfer.id], CancellationState.CANCELLED, request.received_at)
    return Decision(CancellationState.CANCELLED, Transfer.get_by_id(transfer.id))


def record_decision(request: NewRequest, decision: Decision, answer: bytes) -> CancellationRequest:
    """Insert the request with its decision and answer; raises peewee.IntegrityError on a reused Assgnmt/Id.

    A cancelled or refused request enters the webhook outbox with this insert (`dispatched_at` NULL),
    and a pending one when `_conclude` decides it: each in its decision's own commit.
    """
    decided = None if decision.state is CancellationState.PENDING else request.received_at
    row: CancellationRequest = CancellationRequest.create(
        organization=request.organization_id,
        assignment_id=request.assignment_id,
        request_sha256=request.request_sha256,
        raw_request=request.raw_request,
        reason_code=request.reason_code,
        transfer=decision.transfer.id if decision.transfer is not None else None,
        state=decision.state.value,
        answer=answer,
        received_at=request.received_at,
        decided_at=decided,
        dispatched_at=request.received_at if decision.state is CancellationState.NOT_FOUND else None,
    )
    return row


def settle_answer(row: CancellationRequest, state: CancellationState, answer: bytes, now: datetime) -> bool:
    """Write the final answer of a request whose state was pending, or concluded without an answer.

    Conditional, so two callers settling it at once write one answer; False for the loser.
    """
    unanswered = (CancellationRequest.state == CancellationState.PENDING) | (
        (CancellationRequest.state == state.value) & (CancellationRequest.answer == b"")
    )
    won = (
        CancellationRequest.update(
            state=state.value, answer=answer, decided_at=peewee.fn.COALESCE(CancellationRequest.decided_at, now)
        )
        .where((CancellationRequest.id == row.id) & unanswered)
        .execute()
    )
    return bool(won)


def cancel_pending(transfer_id: uuid.UUID, now: datetime) -> CancellationRequest | None:
    """Cancel a transfer a pending request waits on, once no envelope holds it; the request cancelled.

    Settlement calls this for a transfer it claimed without an open envelope (its envelope was
    proven never applied, or nothing of it paid): the transfer is not rebuilt. None, and nothing
    changed, when no request is pending, an envelope is open, or the transfer is no longer open.
    Every request pending on it is concluded cancelled in the same commit; their answers are left
    for `settle_answer` to write (settlement renders no camt.029).
    """
    with database.atomic():
        transfer = locked(Transfer.select().where(Transfer.id == transfer_id)).first()
        if transfer is None or transfer.state not in OPEN_STATES or _has_open_envelope(transfer_id):
            return None
        request: CancellationRequest | None = (
            CancellationRequest.select()
            .where(
                (CancellationRequest.transfer == transfer_id) & (CancellationRequest.state == CancellationState.PENDING)
            )
            .order_by(CancellationRequest.id)
            .first()
        )
        if request is None:
            return None
        _cancel(transfer, request.reason_code, cancelled_reason(request.assignment_id, now), now)
        _conclude([transfer_id], CancellationState.CANCELLED, now)
    return request


def refuse_pending(transfer_ids: list[uuid.UUID], now: datetime) -> int:
    """Refuse the pending requests of these transfers, just Completed or Failed by their envelope.

    Call in the transaction that closes the envelope, so the transfer's end and the refusal are one commit.
    """
    return _conclude(transfer_ids, CancellationState.REFUSED, now)


def _conclude(transfer_ids: list[uuid.UUID], state: CancellationState, now: datetime) -> int:
    # An empty answer: the PDCR given is stale, and the next ask renders the final one (`settle_answer`).
    return int(
        CancellationRequest.update(state=state.value, decided_at=now, answer=b"")
        .where(
            CancellationRequest.transfer.in_(transfer_ids) & (CancellationRequest.state == CancellationState.PENDING)
        )
        .execute()
    )


def cancelled_reason(assignment_id: str, at: datetime) -> str:
    """The Reason a cancelled transfer reports: who asked (the request's Assgnmt/Id) and when."""
    return f"cancelled at {at:%Y-%m-%dT%H:%M:%S}Z by camt.056 request {assignment_id}"


def requests_of(transfer_id: uuid.UUID) -> list[CancellationRequest]:
    """A transfer's cancellation requests, oldest first."""
    return list(
        CancellationRequest.select().where(CancellationRequest.transfer == transfer_id).order_by(CancellationRequest.id)
    )
