"""The hold a transfer places on its source account, and its post or void: the money's hot path.

A hold is one conditional UPDATE of one of the account's balance slices (`held` up, `available`
down, only while the account is open and, for an account that must not overdraw, the slice covers
the amount) and a `hold` journal entry that names the slice. On Postgres that UPDATE, the transfer,
its first event and the entry are one statement (a data-modifying WITH), so a pacs.008 still costs
one round trip. Concurrent holds on one slice queue on its row lock and each re-reads `available`
after the previous one committed, so none can overdraw; holds on different slices of one account
do not wait for each other at all (decision A12). The CHECKs on `balance_slice` refuse an
overdraft whatever writes it.

A post or void is an INSERT of its entry, which the partial unique index on `pending_id` admits
once per hold; only an inserted entry moves the hold's slice. It runs in the transaction that
moves the transfer to Completed or Failed.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

import peewee

from storage.database import database, is_postgres
from storage.models import BalanceSlice, JournalEntry, SourceAccount, Transfer, TransferEvent
from storage.statements import Statement, insert_row, values_of, written_fields
from storage.transfer_states import check_transition

_CENTS = BalanceSlice.held
_TRANSFER_FIELDS = written_fields(Transfer)
_EVENT_FIELDS = tuple(f for f in written_fields(TransferEvent) if f is not TransferEvent.transfer)


# The journal columns a hold, and the post or void that resolves it, write from their SELECT.
_ENTRY_COLUMNS = [
    JournalEntry.account,
    JournalEntry.kind,
    JournalEntry.side,
    JournalEntry.counter_account,
    JournalEntry.amount,
    JournalEntry.transfer,
    JournalEntry.at,
    JournalEntry.slice,
]


def _valued(field: peewee.Field, value: Any) -> Any:
    """`value` as the field writes it where no comparison or column gives peewee the field (a SELECT's columns)."""
    return value if isinstance(value, peewee.Node) else peewee.Value(value, converter=field.db_value)


def _hold_update(amount: Any, now: Any, organization_id: Any, number: Any, slice_number: Any) -> peewee.Query:
    """The hold's UPDATE of one slice: nothing when the account is not open or the slice cannot cover it."""
    account = SourceAccount.select(SourceAccount.id).where(
        (SourceAccount.organization == organization_id) & (SourceAccount.number == number)
    )
    covered = ~BalanceSlice.debits_must_not_exceed_credits | (BalanceSlice.available >= amount)
    return (
        BalanceSlice.update(
            {
                BalanceSlice.held: BalanceSlice.held + amount,
                BalanceSlice.available: BalanceSlice.available - amount,
                BalanceSlice.updated_at: now,
            }
        )
        .where(
            (BalanceSlice.account == account)
            & (BalanceSlice.slice == slice_number)
            & (BalanceSlice.status == "open")
            & covered
        )
        .returning(BalanceSlice.account, BalanceSlice.slice)
    )


_HOLD_FIELDS = (_CENTS, BalanceSlice.updated_at, SourceAccount.organization, SourceAccount.number, BalanceSlice.slice)
HOLD = Statement(_hold_update, *_HOLD_FIELDS)


def _hold_with_transfer(*values: Any) -> peewee.Query:
    """The hold, the transfer, its first event and the hold's entry: one statement of data-modifying WITHs.

    Its arguments are the hold's (as `_hold_update`'s), then the transfer's fields, then its event's.
    """
    amount, now = values[0], values[1]
    transfer_values = values[len(_HOLD_FIELDS) : len(_HOLD_FIELDS) + len(_TRANSFER_FIELDS)]
    event_values = values[len(_HOLD_FIELDS) + len(_TRANSFER_FIELDS) :]
    hold = peewee.CTE("hold_row", _hold_update(*values[: len(_HOLD_FIELDS)]))
    transfer = peewee.CTE(
        "transfer_row",
        Transfer.insert_from(
            peewee.Select([hold], [_valued(f, v) for f, v in zip(_TRANSFER_FIELDS, transfer_values, strict=True)]),
            list(_TRANSFER_FIELDS),
        ).returning(Transfer.id),
    )
    event = peewee.CTE(
        "event_row",
        TransferEvent.insert_from(
            peewee.Select(
                [transfer],
                [transfer.c.id, *(_valued(f, v) for f, v in zip(_EVENT_FIELDS, event_values, strict=True))],
            ),
            [TransferEvent.transfer, *_EVENT_FIELDS],
        ).returning(),
    )
    entry = peewee.Select(
        [hold, transfer],
        [
            hold.c.account_id,
            peewee.Value("hold"),
            peewee.Value("debit"),
            peewee.Value("settlement"),
            _valued(JournalEntry.amount, amount),
            transfer.c.id,
            _valued(JournalEntry.at, now),
            hold.c.slice,
        ],
    )
    columns = _ENTRY_COLUMNS
    return JournalEntry.insert_from(entry, columns).with_cte(hold, transfer, event).returning(JournalEntry.id)


HOLD_WITH_TRANSFER = Statement(_hold_with_transfer, *_HOLD_FIELDS, *_TRANSFER_FIELDS, *_EVENT_FIELDS)


def create_transfer_with_hold(
    transfer: Mapping[str, Any], reason: str, organization_id: int, number: str, slice_number: int, amount: Decimal
) -> bool:
    """Insert the transfer, its first event and its hold on slice `slice_number` of account `number`, all or nothing.

    Returns False, having written nothing, when no hold could be placed: the account does not
    exist, is not open, or must not overdraw and the slice does not cover `amount`. Raises
    peewee.IntegrityError, having written nothing, when (organization, message_id) exists.
    """
    check_transition(None, transfer["state"])
    now = transfer["created_at"]
    event = {"from_state": None, "to_state": transfer["state"], "at": now, "reason": reason}
    hold = (amount, now, organization_id, number, slice_number)
    if not is_postgres():
        with database.atomic() as transaction:
            row = HOLD.execute(*hold).fetchone()
            if row is None:
                transaction.rollback()
                return False
            insert_row(Transfer, transfer)
            insert_row(TransferEvent, {**event, "transfer": transfer["id"]})
            _insert_hold(int(row[0]), int(row[1]), amount, transfer["id"], now)
        return True
    params = (*hold, *values_of(_TRANSFER_FIELDS, transfer), *values_of(_EVENT_FIELDS, event))
    return HOLD_WITH_TRANSFER.execute(*params).fetchone() is not None


def _insert_hold(account_id: int, slice_number: int, amount: Decimal, transfer_id: uuid.UUID, at: datetime) -> None:
    insert_row(
        JournalEntry,
        {
            "account": account_id,
            "kind": "hold",
            "side": "debit",
            "counter_account": "settlement",
            "amount": amount,
            "transfer": transfer_id,
            "pending": None,
            "at": at,
            "slice": slice_number,
        },
    )


def _resolve(kind: str, transfer_ids: list[uuid.UUID], now: datetime) -> int:
    if not transfer_ids:
        return 0
    hold = JournalEntry.alias("hold")
    resolutions = hold.select(
        hold.account,
        peewee.Value(kind),
        peewee.Value("debit"),
        peewee.Value("settlement"),
        hold.amount,
        hold.transfer,
        _valued(JournalEntry.at, now),
        hold.slice,
        hold.id,
    ).where((hold.kind == "hold") & hold.transfer.in_(transfer_ids))
    columns = [*_ENTRY_COLUMNS, JournalEntry.pending]
    # The conflict target is the partial unique index on `pending_id`: a hold already resolved is
    # skipped, and RETURNING gives only the entries this statement wrote.
    written = (
        JournalEntry.insert_from(resolutions, columns)
        .on_conflict(
            conflict_target=[JournalEntry.pending], conflict_where=JournalEntry.pending.is_null(False), action="NOTHING"
        )
        .returning(JournalEntry.account, JournalEntry.slice, JournalEntry.amount)
        .tuples()
        .execute()
    )
    totals: dict[tuple[int, int], Decimal] = defaultdict(Decimal)
    count = 0
    for account_id, slice_number, amount in written:
        totals[int(account_id), int(slice_number)] += amount
        count += 1
    # A post takes the amount off held, and so off the booked balance (held + available); a void
    # gives it back to available. Slices in (account, slice) order, so two transactions never wait
    # on each other's rows in opposite orders.
    for (account_id, slice_number), amount in sorted(totals.items()):
        change: dict[Any, Any] = {BalanceSlice.held: BalanceSlice.held - amount, BalanceSlice.updated_at: now}
        if kind == "void":
            change[BalanceSlice.available] = BalanceSlice.available + amount
        BalanceSlice.update(change).where(
            (BalanceSlice.account == account_id) & (BalanceSlice.slice == slice_number)
        ).execute()
    return count


def post_holds(transfer_ids: list[uuid.UUID], now: datetime) -> int:
    """Post the holds of these (just Completed) transfers; each hold is posted at most once.

    Call inside the transaction that completes them. Returns how many this call posted.
    """
    with database.atomic():
        return _resolve("post", transfer_ids, now)


def void_hold(transfer_id: uuid.UUID, now: datetime) -> bool:
    """Void the hold of this (just Failed) transfer, so its amount is available again; at most once.

    Call inside the transaction that fails it. True when this call voided it.
    """
    with database.atomic():
        return _resolve("void", [transfer_id], now) == 1
