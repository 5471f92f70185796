"""Settlement queries: claim transfers, lease channels, store envelopes, record outcomes.

Every write that decides something is conditional (`UPDATE ... WHERE <expected state>`) and
reports whether it won, so two workers racing on one row cannot both act on it.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, cast

import peewee

from storage.database import database, is_postgres
from storage.events import record_event
from storage.models import ChannelLease, SettlementAttempt, Transfer

CREATED = "Created"
PROCESSING = "Processing"
COMPLETED = "Completed"
FAILED = "Failed"
OPEN_STATES = (CREATED, PROCESSING)


def _free_or_expired(now: datetime) -> Any:
    return Transfer.claimed_until.is_null() | (Transfer.claimed_until < now)


def claim_due_transfers(worker_id: str, now: datetime, claim_until: datetime, limit: int) -> list[uuid.UUID]:
    """Claim up to `limit` open transfers that are due and not claimed by a live worker."""
    due = (
        Transfer.state.in_(OPEN_STATES)
        & (Transfer.next_attempt_at.is_null() | (Transfer.next_attempt_at <= now))
        & _free_or_expired(now)
    )
    with database.atomic():
        query = Transfer.select(Transfer.id).where(due).order_by(Transfer.created_at).limit(limit)
        if is_postgres():
            query = query.for_update(skip_locked=True)
        candidates = [row.id for row in query]
        claimed: list[uuid.UUID] = []
        for transfer_id in candidates:
            won = (
                Transfer.update(claimed_by=worker_id, claimed_until=claim_until)
                .where((Transfer.id == transfer_id) & due)
                .execute()
            )
            if won:
                claimed.append(transfer_id)
    return claimed


def release_claim(transfer_id: uuid.UUID, worker_id: str, next_attempt_at: datetime | None) -> None:
    """Give the transfer back to the pool, due again at `next_attempt_at` (None: at once)."""
    Transfer.update(claimed_by=None, claimed_until=None, next_attempt_at=next_attempt_at).where(
        (Transfer.id == transfer_id) & (Transfer.claimed_by == worker_id)
    ).execute()


def holds_claim(transfer_id: uuid.UUID, worker_id: str, now: datetime) -> bool:
    """Whether `worker_id` still holds an unexpired claim on the transfer."""
    return bool(
        Transfer.select()
        .where((Transfer.id == transfer_id) & (Transfer.claimed_by == worker_id) & (Transfer.claimed_until >= now))
        .exists()
    )


def get_transfer(transfer_id: uuid.UUID) -> Transfer:
    """The transfer row."""
    transfer: Transfer = Transfer.get_by_id(transfer_id)
    return transfer


def start_processing(transfer_id: uuid.UUID, amount_tkn: Decimal, now: datetime) -> bool:
    """Created -> Processing with the converted amount; False if another worker already did it."""
    with database.atomic():
        won = (
            Transfer.update(state=PROCESSING, amount_tkn=amount_tkn, updated_at=now)
            .where((Transfer.id == transfer_id) & (Transfer.state == CREATED))
            .execute()
        )
        if won:
            record_event(transfer_id, CREATED, PROCESSING, now, reason="claimed for settlement", attempt=0)
    return bool(won)


def unresolved_attempt(transfer_id: uuid.UUID) -> SettlementAttempt | None:
    """The transfer's envelope that might still be applied, if any."""
    found: SettlementAttempt | None = (
        SettlementAttempt.select()
        .where((SettlementAttempt.transfer == transfer_id) & SettlementAttempt.outcome.is_null())
        .first()
    )
    return found


def attempts_for(transfer_id: uuid.UUID) -> list[SettlementAttempt]:
    """All of a transfer's envelopes, oldest first."""
    return list(
        SettlementAttempt.select().where(SettlementAttempt.transfer == transfer_id).order_by(SettlementAttempt.number)
    )


def _lock_transfer(transfer_id: uuid.UUID) -> Transfer | None:
    query = Transfer.select().where(Transfer.id == transfer_id)
    if is_postgres():
        query = query.for_update()
    found: Transfer | None = query.first()
    return found


@dataclass(frozen=True)
class NewAttempt:
    """A signed envelope about to be stored."""

    channel_account: str
    sequence: int
    fee: int
    max_ledger: int
    max_time: int
    tx_hash: str
    envelope_xdr: str


def store_attempt(
    transfer_id: uuid.UUID, worker_id: str, attempt: NewAttempt, now: datetime
) -> SettlementAttempt | None:
    """Commit a signed envelope before it is submitted; None if the claim was lost or one is open."""
    with database.atomic():
        transfer = _lock_transfer(transfer_id)
        if (
            transfer is None
            or transfer.state != PROCESSING
            or transfer.claimed_by != worker_id
            or (transfer.claimed_until is not None and transfer.claimed_until < now)
            or unresolved_attempt(transfer_id) is not None
        ):
            return None
        number = transfer.attempt_count + 1
        Transfer.update(attempt_count=number).where(Transfer.id == transfer_id).execute()
        row: SettlementAttempt = SettlementAttempt.create(
            transfer=transfer_id,
            number=number,
            channel_account=attempt.channel_account,
            sequence=attempt.sequence,
            fee=attempt.fee,
            max_ledger=attempt.max_ledger,
            max_time=attempt.max_time,
            tx_hash=attempt.tx_hash,
            envelope_xdr=attempt.envelope_xdr,
            created_at=now,
        )
    return row


def mark_submitted(attempt_id: int, now: datetime) -> None:
    """Note one more submission of the stored envelope."""
    SettlementAttempt.update(submitted_at=now, submissions=SettlementAttempt.submissions + 1).where(
        SettlementAttempt.id == attempt_id
    ).execute()


def resolve_attempt(
    transfer_id: uuid.UUID,
    attempt_id: int,
    outcome: str,
    result_code: str | None,
    ledger_sequence: int | None,
    now: datetime,
) -> bool:
    """Close an open envelope and free the transfer's channel; False when it was already closed."""
    with database.atomic():
        won = (
            SettlementAttempt.update(
                outcome=outcome, result_code=result_code, ledger_sequence=ledger_sequence, resolved_at=now
            )
            .where((SettlementAttempt.id == attempt_id) & SettlementAttempt.outcome.is_null())
            .execute()
        )
        if won:
            release_channel(transfer_id)
    return bool(won)


def complete_transfer(transfer_id: uuid.UUID, attempt_number: int, tx_hash: str, ledger: int, now: datetime) -> bool:
    """Processing -> Completed with the ledger hash, ledger and completion time (one transaction)."""
    won = (
        Transfer.update(
            state=COMPLETED,
            ledger_hash=tx_hash,
            ledger_sequence=ledger,
            completed_at=now,
            updated_at=now,
            blocked_since=None,
            last_error=None,
            claimed_by=None,
            claimed_until=None,
        )
        .where((Transfer.id == transfer_id) & (Transfer.state == PROCESSING))
        .execute()
    )
    if won:
        reason = f"applied in ledger {ledger}"
        record_event(transfer_id, PROCESSING, COMPLETED, now, reason=reason, attempt=attempt_number)
    return bool(won)


def fail_transfer(transfer_id: uuid.UUID, error_code: str, reason: str, attempt_number: int, now: datetime) -> bool:
    """Created|Processing -> Failed with the ISO 20022 reason code pacs.028 reports."""
    transfer = Transfer.get_or_none(Transfer.id == transfer_id)
    if transfer is None or transfer.state not in OPEN_STATES:
        return False
    won = (
        Transfer.update(
            state=FAILED,
            error_code=error_code,
            last_error=reason[:200],
            updated_at=now,
            claimed_by=None,
            claimed_until=None,
        )
        .where((Transfer.id == transfer_id) & (Transfer.state == transfer.state))
        .execute()
    )
    if won:
        record_event(transfer_id, transfer.state, FAILED, now, reason=reason[:200], attempt=attempt_number)
        release_channel(transfer_id)
    return bool(won)


def note_problem(transfer_id: uuid.UUID, error: str, blocked: bool, now: datetime) -> None:
    """Remember the latest error for the operator; a blocked transfer keeps its first blocked time."""
    changes: dict[Any, Any] = {Transfer.last_error: error[:200]}
    if blocked:
        changes[Transfer.blocked_since] = peewee.fn.COALESCE(Transfer.blocked_since, now)
    Transfer.update(changes).where(Transfer.id == transfer_id).execute()


def clear_blocked(transfer_id: uuid.UUID) -> None:
    """The transfer is no longer blocked by our own funding or signing."""
    Transfer.update(blocked_since=None).where(Transfer.id == transfer_id).execute()


def ensure_channels(environment: str, account_ids: list[str]) -> None:
    """Register the configured channel accounts of an environment (idempotent)."""
    known = {row.account_id for row in ChannelLease.select().where(ChannelLease.environment == environment)}
    for account_id in account_ids:
        if account_id not in known:
            try:
                with database.atomic():
                    ChannelLease.create(environment=environment, account_id=account_id)
            except peewee.IntegrityError:
                pass  # another worker registered it first


def lease_channel(environment: str, account_ids: list[str], transfer_id: uuid.UUID, now: datetime) -> str | None:
    """The channel the transfer holds, else a free one leased to it; None when all are busy."""
    held: ChannelLease | None = ChannelLease.get_or_none(ChannelLease.transfer == transfer_id)
    if held is not None:
        return str(held.account_id)
    with database.atomic():
        free = (
            ChannelLease.select()
            .where(
                (ChannelLease.environment == environment)
                & ChannelLease.account_id.in_(account_ids)
                & ChannelLease.transfer.is_null()
            )
            .order_by(ChannelLease.leased_at.asc(nulls="first"), ChannelLease.id)
        )
        if is_postgres():
            free = free.for_update(skip_locked=True)
        for lease in free:
            won = (
                ChannelLease.update(transfer=transfer_id, leased_at=now)
                .where((ChannelLease.id == lease.id) & ChannelLease.transfer.is_null())
                .execute()
            )
            if won:
                return str(lease.account_id)
    return None


def release_channel(transfer_id: uuid.UUID) -> None:
    """Free whatever channel the transfer holds."""
    ChannelLease.update(transfer=None).where(ChannelLease.transfer == transfer_id).execute()


def state_counts() -> dict[str, int]:
    """How many transfers are in each state."""
    query = Transfer.select(Transfer.state, peewee.fn.COUNT(Transfer.id).alias("total")).group_by(Transfer.state)
    rows = cast(list[dict[str, Any]], list(query.dicts()))
    return {str(row["state"]): int(row["total"]) for row in rows}


def blocked_transfers(limit: int = 50) -> list[Transfer]:
    """Open transfers held up by our own funding or signing, oldest first."""
    return list(
        Transfer.select()
        .where(Transfer.state.in_(OPEN_STATES) & Transfer.blocked_since.is_null(False))
        .order_by(Transfer.blocked_since)
        .limit(limit)
    )


def transfers_with_errors(limit: int = 20) -> list[Transfer]:
    """Open transfers whose last step reported an error, most recently updated first."""
    return list(
        Transfer.select()
        .where(Transfer.state.in_(OPEN_STATES) & Transfer.last_error.is_null(False))
        .order_by(Transfer.updated_at.desc())
        .limit(limit)
    )


@dataclass(frozen=True)
class LeaseView:
    """A channel and the transfer holding it, for the operator."""

    environment: str
    account_id: str
    transfer_id: uuid.UUID | None
    leased_at: datetime | None


def channel_leases() -> list[LeaseView]:
    """Every registered channel and the transfer holding it, if any."""
    rows = (
        ChannelLease.select(
            ChannelLease.environment, ChannelLease.account_id, ChannelLease.transfer, ChannelLease.leased_at
        )
        .order_by(ChannelLease.environment, ChannelLease.id)
        .dicts()
    )
    found = cast(list[dict[str, Any]], list(rows))
    return [LeaseView(r["environment"], r["account_id"], r["transfer"], r["leased_at"]) for r in found]
