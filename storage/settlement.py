"""Settlement queries on transfers: claim them, move their state, show what needs an operator.

Envelopes and channel leases are in storage/envelopes.py.

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

from storage.cancellations import refuse_pending
from storage.database import database, is_postgres, locked
from storage.events import record_event
from storage.holds import post_holds, void_hold
from storage.models import ChannelLease, SettlementAttempt, SettlementPayment, Transfer, TransferEvent
from storage.transfer_states import OPEN_STATES, TransferState, check_transition, transition

CREATED = TransferState.CREATED
PROCESSING = TransferState.PROCESSING
COMPLETED = TransferState.COMPLETED
FAILED = TransferState.FAILED


def _free_or_expired(now: datetime) -> Any:
    return Transfer.claimed_until.is_null() | (Transfer.claimed_until < now)


def _with_open_envelope() -> Any:
    open_payments = SettlementPayment.select(SettlementPayment.transfer).where(SettlementPayment.outcome.is_null())
    return Transfer.id.in_(open_payments)


def claim_due_transfers(
    worker_id: str, now: datetime, claim_until: datetime, limit: int, open_envelope: bool = False
) -> list[uuid.UUID]:
    """Claim up to `limit` open transfers that are due and not claimed by a live worker, in turns by organization.

    `open_envelope` picks the transfers an open envelope carries (they need following, not a
    channel), or else those without one (they need a free channel for a new envelope). Those
    without one are taken in turns: every organization's soonest due before any one's second,
    and so on, each turn soonest due first; so an organization with a backlog (one whose payments
    keep failing, say) takes no more than its share of the channels while others wait.
    """
    due = (
        Transfer.state.in_(OPEN_STATES)
        & (Transfer.next_attempt_at.is_null() | (Transfer.next_attempt_at <= now))
        & _free_or_expired(now)
    )
    due &= _with_open_envelope() if open_envelope else ~_with_open_envelope()
    due_at = peewee.fn.COALESCE(Transfer.next_attempt_at, Transfer.created_at)
    with database.atomic():
        if open_envelope:
            query = Transfer.select(Transfer.id).where(due).order_by(due_at, Transfer.created_at).limit(limit)
            candidates = [row.id for row in locked(query, skip_locked=True)]
        else:
            candidates = _in_turns(due, due_at, limit)
        if not candidates:
            return []
        # One conditional UPDATE for the lot; re-reading who holds each tells which ones we won.
        Transfer.update(claimed_by=worker_id, claimed_until=claim_until).where(
            Transfer.id.in_(candidates) & due
        ).execute()
        won = {
            row.id
            for row in Transfer.select(Transfer.id).where(
                Transfer.id.in_(candidates)
                & (Transfer.claimed_by == worker_id)
                & (Transfer.claimed_until == claim_until)
            )
        }
    return [transfer_id for transfer_id in candidates if transfer_id in won]


def _in_turns(due: Any, due_at: Any, limit: int) -> list[uuid.UUID]:
    """Up to `limit` due transfers, organizations in turns, locked (those another claim locks are skipped)."""
    turn = peewee.fn.ROW_NUMBER().over(partition_by=[Transfer.organization], order_by=[due_at, Transfer.created_at])
    ranked = Transfer.select(
        Transfer.id, turn.alias("turn"), due_at.alias("due_at"), Transfer.created_at.alias("created")
    ).where(due)
    rows = ranked.alias("ranked")
    order = (rows.c.turn, rows.c.due_at, rows.c.created)
    picked = [row.id for row in Transfer.select(rows.c.id).from_(rows).order_by(*order).limit(limit)]
    if not picked or not is_postgres():
        return picked
    # A window cannot be read FOR UPDATE: lock the rows picked, keeping their order.
    held = {row.id for row in locked(Transfer.select(Transfer.id).where(Transfer.id.in_(picked)), skip_locked=True)}
    return [transfer_id for transfer_id in picked if transfer_id in held]


def release_claims(transfer_ids: list[uuid.UUID], worker_id: str, next_attempt_at: datetime | None) -> None:
    """Give these transfers back to the pool, all due again at `next_attempt_at`."""
    if transfer_ids:
        Transfer.update(claimed_by=None, claimed_until=None, next_attempt_at=next_attempt_at).where(
            Transfer.id.in_(transfer_ids) & (Transfer.claimed_by == worker_id)
        ).execute()


def get_transfer(transfer_id: uuid.UUID) -> Transfer:
    """The transfer row."""
    transfer: Transfer = Transfer.get_by_id(transfer_id)
    return transfer


def start_processing(transfer_id: uuid.UUID, amount_tkn: Decimal, now: datetime) -> bool:
    """Created -> Processing with the converted amount; False if another worker already did it."""
    with database.atomic():
        won = (
            Transfer.update(state=transition(CREATED, PROCESSING), amount_tkn=amount_tkn, updated_at=now)
            .where((Transfer.id == transfer_id) & (Transfer.state == CREATED))
            .execute()
        )
        if won:
            record_event(transfer_id, CREATED, PROCESSING, now, reason="claimed for settlement", attempt=0)
    return bool(won)


def get_transfers(transfer_ids: list[uuid.UUID]) -> list[Transfer]:
    """The transfer rows, in the order asked."""
    found = {t.id: t for t in Transfer.select().where(Transfer.id.in_(transfer_ids))}
    return [found[t] for t in transfer_ids if t in found]


def start_processing_many(amounts: dict[uuid.UUID, Decimal], now: datetime) -> set[uuid.UUID]:
    """Created -> Processing for each transfer with its converted amount, in one transaction.

    Returns the ones moved here (another worker may have moved some first).
    """
    with database.atomic():
        # The rows still Created, locked (SQLite: the transaction holds the write lock), then one
        # UPDATE for them all: one per transfer was a third of the time an envelope took to store.
        waiting = Transfer.select(Transfer.id).where(Transfer.id.in_(list(amounts)) & (Transfer.state == CREATED))
        moved = {row.id for row in locked(waiting.order_by(Transfer.id))}
        if moved:
            key: Any = Transfer.id
            column: Any = Transfer.amount_tkn
            amount = peewee.Case(key, [(key.db_value(t), column.db_value(amounts[t])) for t in sorted(moved)])
            Transfer.update(state=transition(CREATED, PROCESSING), amount_tkn=amount, updated_at=now).where(
                Transfer.id.in_(list(moved)) & (Transfer.state == CREATED)
            ).execute()
        record_events(
            [(t, CREATED, PROCESSING, "envelope stored for settlement", 0) for t in amounts if t in moved], now
        )
    return moved


def complete_transfers(members: list[tuple[uuid.UUID, int]], tx_hash: str, ledger: int, now: datetime) -> int:
    """Processing -> Completed for each (transfer, attempt number) paid by one envelope, with events.

    Call inside the transaction that closed the envelope, so the close and these are one commit.
    """
    ids = [transfer_id for transfer_id, _ in members]
    query = Transfer.select(Transfer.id).where(Transfer.id.in_(ids) & (Transfer.state == PROCESSING))
    live = {row.id for row in locked(query.order_by(Transfer.id))}
    if not live:
        return 0
    Transfer.update(
        state=transition(PROCESSING, COMPLETED),
        ledger_hash=tx_hash,
        ledger_sequence=ledger,
        completed_at=now,
        updated_at=now,
        blocked_since=None,
        last_error=None,
        claimed_by=None,
        claimed_until=None,
    ).where(Transfer.id.in_(list(live)) & (Transfer.state == PROCESSING)).execute()
    post_holds(list(live), now)  # the debit is final in the same commit as Completed
    refuse_pending(list(live), now)  # a cancellation waiting on the envelope is refused: it paid
    reason = f"applied in ledger {ledger}"
    record_events(
        [
            (transfer_id, PROCESSING, COMPLETED, reason, number)
            for transfer_id, number in members
            if transfer_id in live
        ],
        now,
    )
    return len(live)


def record_events(rows: list[tuple[uuid.UUID, str, str, str, int]], now: datetime) -> None:
    """Append one event per (transfer, from, to, reason, attempt) in one INSERT; each change must be allowed."""
    for _, from_state, to_state, _, _ in rows:
        check_transition(from_state, to_state)
    if rows:
        TransferEvent.insert_many(
            [
                {"transfer": t, "from_state": a, "to_state": b, "at": now, "reason": reason[:200], "attempt": n}
                for t, a, b, reason, n in rows
            ]
        ).execute()


def fail_transfer(transfer_id: uuid.UUID, error_code: str, reason: str, attempt_number: int, now: datetime) -> bool:
    """Created|Processing -> Failed with the ISO 20022 reason code and the reason in words pacs.028 reports.

    The transfer's hold is voided in the same transaction, so its amount is available again.
    """
    transfer = Transfer.get_or_none(Transfer.id == transfer_id)
    if transfer is None or transfer.state not in OPEN_STATES:
        return False
    with database.atomic():
        won = (
            Transfer.update(
                state=transition(transfer.state, FAILED),
                error_code=error_code,
                failure_reason=reason[:200],
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
            void_hold(transfer_id, now)
    return bool(won)


def note_problem(transfer_id: uuid.UUID, error: str, blocked: bool, now: datetime) -> None:
    """Remember the latest error for the operator; a blocked transfer keeps its first blocked time."""
    note_problems([transfer_id], error, blocked, now)


def note_problems(transfer_ids: list[uuid.UUID], error: str, blocked: bool, now: datetime) -> None:
    """`note_problem` for every transfer of an envelope at once."""
    changes: dict[Any, Any] = {Transfer.last_error: error[:200]}
    if blocked:
        changes[Transfer.blocked_since] = peewee.fn.COALESCE(Transfer.blocked_since, now)
    if transfer_ids:
        Transfer.update(changes).where(Transfer.id.in_(transfer_ids)).execute()


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


# How the last error of a transfer begins when the ledger did not answer (services/settlement/recording.py).
LEDGER_UNAVAILABLE = "ledger unavailable"
# How the last error of a transfer held for the operator begins (services/settlement/expiry.py).
HELD_FOR_OPERATOR = "held for the operator"


def held_for_operator() -> list[Transfer]:
    """Open transfers whose envelope no ledger lookup can settle any more, oldest first."""
    held = Transfer.state.in_(OPEN_STATES) & Transfer.last_error.startswith(HELD_FOR_OPERATOR)
    return list(Transfer.select().where(held).order_by(Transfer.blocked_since))


def release_held(transfer_ids: list[uuid.UUID]) -> None:
    """Unblock transfers held for the operator once their envelope is settled: the hold was no funding problem."""
    held = Transfer.id.in_(transfer_ids) & Transfer.last_error.startswith(HELD_FOR_OPERATOR)
    Transfer.update(blocked_since=None, last_error=None).where(held).execute()


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
    """A channel and the envelope holding it, for the operator."""

    environment: str
    account_id: str
    holder: str | None
    attempt_id: int | None
    leased_at: datetime | None


def channel_leases() -> list[LeaseView]:
    """Every registered channel and the envelope holding it, if any."""
    rows = (
        ChannelLease.select(
            ChannelLease.environment,
            ChannelLease.account_id,
            ChannelLease.holder,
            ChannelLease.attempt,
            ChannelLease.leased_at,
        )
        .order_by(ChannelLease.environment, ChannelLease.id)
        .dicts()
    )
    found = cast(list[dict[str, Any]], list(rows))
    return [LeaseView(r["environment"], r["account_id"], r["holder"], r["attempt"], r["leased_at"]) for r in found]


@dataclass(frozen=True)
class Progress:
    """When an environment last completed a transfer, and how much is still open there since when."""

    last_completed_ledger: int | None
    open_transfers: int
    last_completed_at: datetime | None = None
    oldest_open_at: datetime | None = None  # when the oldest open transfer was accepted


def progress(environment: str, channel_ids: list[str]) -> Progress:
    """The latest envelope applied on these channels (ledger, time), and the environment's open transfers."""
    applied = (SettlementAttempt.outcome == "applied") & SettlementAttempt.channel_account.in_(channel_ids)
    last = cast(
        dict[str, Any],
        SettlementAttempt.select(
            peewee.fn.MAX(SettlementAttempt.ledger_sequence).alias("ledger"),
            peewee.fn.MAX(SettlementAttempt.resolved_at).alias("at"),
        )
        .where(applied)
        .dicts()
        .get(),
    )
    open_here = Transfer.state.in_(OPEN_STATES) & (Transfer.environment == environment)
    waiting = cast(
        dict[str, Any],
        Transfer.select(peewee.fn.COUNT(Transfer.id).alias("count"), peewee.fn.MIN(Transfer.created_at).alias("oldest"))
        .where(open_here)
        .dicts()
        .get(),
    )
    return Progress(
        None if last["ledger"] is None else int(last["ledger"]),
        int(waiting["count"] or 0),
        _as_datetime(last["at"]),
        _as_datetime(waiting["oldest"]),
    )


def _as_datetime(value: Any) -> datetime | None:
    # An aggregate loses the column's conversion on SQLite, which then returns the stored text.
    if value is None or isinstance(value, datetime):
        return value
    field: Any = SettlementAttempt.resolved_at
    return cast(datetime, field.python_value(value))


def wake_blocked(environment: str, now: datetime) -> int:
    """Make every open transfer our own setup holds up in this environment due now; how many were waiting.

    Called when the condition that held them has cleared: each was due after its own backoff.
    Being due sooner never pays twice: a transfer with an open envelope is only followed.
    """
    waiting = (
        Transfer.state.in_(OPEN_STATES)
        & (Transfer.environment == environment)
        & Transfer.blocked_since.is_null(False)
        & (Transfer.next_attempt_at > now)
    )
    return int(Transfer.update(next_attempt_at=now).where(waiting).execute())


def wake_unanswered(environment: str, now: datetime) -> int:
    """Make every open transfer last held up by the ledger not answering due now (the ledger answers again)."""
    waiting = (
        Transfer.state.in_(OPEN_STATES)
        & (Transfer.environment == environment)
        & Transfer.last_error.startswith(LEDGER_UNAVAILABLE)
        & (Transfer.next_attempt_at > now)
    )
    return int(Transfer.update(next_attempt_at=now).where(waiting).execute())


def amount_of(transfer_ids: list[uuid.UUID]) -> Decimal:
    """The TKN these transfers pay together."""
    total = Transfer.select(peewee.fn.SUM(Transfer.amount_tkn)).where(Transfer.id.in_(transfer_ids)).scalar()
    return Decimal(0) if total is None else cast(Decimal, Transfer.amount_tkn.python_value(total))
