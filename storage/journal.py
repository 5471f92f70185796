"""Reading the source-account journal: movements, and the sums `reconcile` compares with the balance rows."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

import peewee

from storage.database import database
from storage.models import BalanceSlice, JournalEntry, SourceAccount, Transfer
from storage.statements import python_value

_CENTS = BalanceSlice.held
# The entries that change the booked balance; a hold and its void only move money in and out of held.
BOOKED_KINDS = ("funding", "post", "adjustment")


def recent_entries(account_id: int, limit: int) -> list[JournalEntry]:
    """The account's last `limit` movements, newest first."""
    query = JournalEntry.select().where(JournalEntry.account == account_id)
    return list(query.order_by(JournalEntry.at.desc(), JournalEntry.id.desc()).limit(limit))


def entries_between(account_id: int, start: datetime, end: datetime) -> list[JournalEntry]:
    """The account's movements with start <= at < end, oldest first."""
    query = JournalEntry.select().where(
        (JournalEntry.account == account_id) & (JournalEntry.at >= start) & (JournalEntry.at < end)
    )
    return list(query.order_by(JournalEntry.at, JournalEntry.id))


@dataclass(frozen=True)
class Sums:
    """An account's balance (its slices summed) beside what its journal adds up to."""

    account_id: int
    organization_id: int
    number: str
    row: tuple[Decimal, Decimal, Decimal]
    journal: tuple[Decimal, Decimal, Decimal]


def _sums_query() -> peewee.Query:
    # Per account: its slices' booked balance (held + available), held and available; then the
    # posted balance (credits minus debits of the booked kinds) and the amount held (holds minus the
    # posts and voids that resolved them).
    def of_slices(value: Any) -> Any:
        summed = BalanceSlice.select(peewee.fn.SUM(value)).where(BalanceSlice.account == SourceAccount.id)
        return peewee.fn.COALESCE(summed, 0)

    def of_entries(value: Any, kinds: tuple[str, ...]) -> Any:
        entry = JournalEntry
        summed = entry.select(peewee.fn.SUM(value)).where((entry.account == SourceAccount.id) & entry.kind.in_(kinds))
        return peewee.fn.COALESCE(summed, 0)

    amount = JournalEntry.amount
    signed = peewee.Case(None, [(JournalEntry.side == "credit", amount)], 0 - amount)
    held = peewee.Case(None, [(JournalEntry.kind == "hold", amount)], 0 - amount)
    return SourceAccount.select(
        SourceAccount.id,
        SourceAccount.organization,
        SourceAccount.number,
        of_slices(BalanceSlice.held + BalanceSlice.available),
        of_slices(BalanceSlice.held),
        of_slices(BalanceSlice.available),
        of_entries(signed, BOOKED_KINDS),
        of_entries(held, ("hold", "post", "void")),
    ).order_by(SourceAccount.id)


def account_sums() -> list[Sums]:
    """Every account's balance and its journal's sums."""
    result = []
    for row in database.execute(_sums_query()).fetchall():
        cents = [python_value(_CENTS, value) for value in row[3:]]
        balance, held = cents[3], cents[4]
        result.append(
            Sums(int(row[0]), int(row[1]), str(row[2]), (cents[0], cents[1], cents[2]), (balance, held, balance - held))
        )
    return result


def transfers_without_hold(limit: int = 20) -> tuple[int, int, list[uuid.UUID]]:
    """How many transfers there are, how many have no hold entry, and some of those."""
    holds = JournalEntry.select(JournalEntry.transfer).where(JournalEntry.kind == "hold")
    query = Transfer.select(Transfer.id).where(Transfer.id.not_in(holds))
    examples = [row.id for row in query.order_by(Transfer.id).limit(limit)]
    return Transfer.select().count(), query.count(), examples


def _mismatches_query() -> peewee.Query:
    # A transfer's state and the kind of the entry that resolved its hold (NULL: still pending), for
    # holds whose resolution does not match the state, or whose resolution is of another amount.
    hold, resolution = JournalEntry.alias("hold"), JournalEntry.alias("resolution")
    matching = (
        (Transfer.state.in_(("Created", "Processing")) & resolution.id.is_null())
        | ((Transfer.state == "Completed") & (resolution.kind == "post"))
        | ((Transfer.state == "Failed") & (resolution.kind == "void"))
    )
    other_amount = resolution.id.is_null(False) & (
        (resolution.amount != hold.amount) | (resolution.account != hold.account)
    )
    return (
        Transfer.select(Transfer.id, Transfer.state, resolution.kind)
        .join(hold, on=(hold.transfer == Transfer.id) & (hold.kind == "hold"))
        .join(resolution, peewee.JOIN.LEFT_OUTER, on=(resolution.pending == hold.id))
        .where(~matching | other_amount | (hold.amount != Transfer.amount_usd))
        .order_by(Transfer.id)
    )


def hold_mismatches() -> list[tuple[uuid.UUID, str, str | None]]:
    """(transfer, state, resolution) for every hold that does not match its transfer."""
    rows: list[Any] = database.execute(_mismatches_query()).fetchall()
    return [(python_value(Transfer.id, r[0]), str(r[1]), r[2]) for r in rows]


def completed_transfers_since(after: uuid.UUID | None, limit: int) -> list[Transfer]:
    """Completed transfers with a ledger hash, by ID, after `after`: pages for the ledger check."""
    query = Transfer.select(Transfer.id, Transfer.amount_tkn, Transfer.ledger_hash, Transfer.environment).where(
        (Transfer.state == "Completed") & Transfer.ledger_hash.is_null(False)
    )
    if after is not None:
        query = query.where(Transfer.id > after)
    return list(query.order_by(Transfer.id).limit(limit))


def booked_balance_before(account_id: int, moment: datetime) -> Decimal:
    """The account's booked balance (funding, posts, adjustments) from entries before `moment`."""
    booked = (JournalEntry.account == account_id) & JournalEntry.kind.in_(BOOKED_KINDS) & (JournalEntry.at < moment)
    cents = peewee.fn.SUM(JournalEntry.amount).coerce(False)
    rows: Any = JournalEntry.select(JournalEntry.side, cents).where(booked).group_by(JournalEntry.side).tuples()
    totals = {str(side): int(total) for side, total in rows}
    credits, debits = (python_value(_CENTS, totals.get(side, 0)) for side in ("credit", "debit"))
    balance: Decimal = credits - debits
    return balance


def pending_holds_at(account_id: int, moment: datetime) -> list[tuple[JournalEntry, Transfer]]:
    """The account's holds placed before `moment` and not posted or voided before it, with their transfers."""
    resolution = JournalEntry.alias("resolution")
    resolved_before = resolution.select(resolution.pending).where(
        resolution.pending.is_null(False) & (resolution.at < moment)
    )
    query = (
        JournalEntry.select(JournalEntry, Transfer)
        .join(Transfer, on=JournalEntry.transfer == Transfer.id)
        .where(
            (JournalEntry.account == account_id)
            & (JournalEntry.kind == "hold")
            & (JournalEntry.at < moment)
            & JournalEntry.id.not_in(resolved_before)
        )
        .order_by(JournalEntry.at, JournalEntry.id)
    )
    return [(entry, entry.transfer) for entry in query if entry.transfer is not None]


def transfers_by_id(transfer_ids: list[uuid.UUID]) -> dict[uuid.UUID, Transfer]:
    """The transfers with these IDs, by ID (only the columns a statement shows)."""
    if not transfer_ids:
        return {}
    fields = (
        Transfer.id,
        Transfer.message_id,
        Transfer.instruction_id,
        Transfer.end_to_end_id,
        Transfer.transaction_id,
        Transfer.destination_account,
    )
    return {t.id: t for t in Transfer.select(*fields).where(Transfer.id.in_(transfer_ids))}
