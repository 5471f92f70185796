"""Reading the source-account journal: movements, and the sums `reconcile` compares with the balance rows."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

import peewee

from storage.database import database
from storage.models import BalanceSlice, JournalEntry, Transfer
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


# Per account: its slices' booked balance (held + available), held and available; then the posted
# balance (credits minus debits of funding, post and adjustment entries) and the amount held
# (holds minus the posts and voids that resolved them).
_SUMS_SQL = """
SELECT a."id", a."organization_id", a."number",
  COALESCE((SELECT sum(s."held" + s."available") FROM "balance_slice" s WHERE s."account_id" = a."id"), 0),
  COALESCE((SELECT sum(s."held") FROM "balance_slice" s WHERE s."account_id" = a."id"), 0),
  COALESCE((SELECT sum(s."available") FROM "balance_slice" s WHERE s."account_id" = a."id"), 0),
  COALESCE((SELECT sum(CASE WHEN e."side" = 'credit' THEN e."amount" ELSE -e."amount" END) FROM "journal_entry" e
            WHERE e."account_id" = a."id" AND e."kind" IN ('funding', 'post', 'adjustment')), 0),
  COALESCE((SELECT sum(CASE WHEN e."kind" = 'hold' THEN e."amount" ELSE -e."amount" END) FROM "journal_entry" e
            WHERE e."account_id" = a."id" AND e."kind" IN ('hold', 'post', 'void')), 0)
FROM "source_account" a ORDER BY a."id"
"""


def account_sums() -> list[Sums]:
    """Every account's balance and its journal's sums."""
    result = []
    for row in database.execute_sql(_SUMS_SQL).fetchall():
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


# A transfer's state and the kind of the entry that resolved its hold (NULL: still pending), for
# holds whose resolution does not match the state, or whose resolution is of another amount.
_MISMATCH_SQL = """
SELECT t."id", t."state", r."kind" FROM "transfer" t
JOIN "journal_entry" h ON h."transfer_id" = t."id" AND h."kind" = 'hold'
LEFT JOIN "journal_entry" r ON r."pending_id" = h."id"
WHERE NOT ((t."state" IN ('Created', 'Processing') AND r."id" IS NULL)
        OR (t."state" = 'Completed' AND r."kind" = 'post')
        OR (t."state" = 'Failed' AND r."kind" = 'void'))
   OR (r."id" IS NOT NULL AND (r."amount" <> h."amount" OR r."account_id" <> h."account_id"))
   OR h."amount" <> t."amount_usd"
ORDER BY t."id"
"""


def hold_mismatches() -> list[tuple[uuid.UUID, str, str | None]]:
    """(transfer, state, resolution) for every hold that does not match its transfer."""
    rows: list[Any] = database.execute_sql(_MISMATCH_SQL).fetchall()
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
    query = JournalEntry.select(JournalEntry.side, peewee.fn.SUM(JournalEntry.amount).alias("cents")).where(booked)
    totals = {str(row.side): int(row.cents) for row in query.group_by(JournalEntry.side)}  # type: ignore[attr-defined]
    credits, debits = (python_value(_CENTS, totals.get(side, 0)) for side in ("credit", "debit"))
    return credits - debits  # type: ignore[no-any-return]


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
