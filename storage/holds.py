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

import functools
import uuid
from collections import defaultdict
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

import peewee

from storage.database import database, is_postgres
from storage.models import BalanceSlice, JournalEntry, SourceAccount, Transfer, TransferEvent
from storage.statements import _insert_sql, db_value, field_params, insert_row
from storage.transfer_states import check_transition

_ACCOUNT = SourceAccount._meta.table_name
_SLICE = BalanceSlice._meta.table_name
_ENTRY = JournalEntry._meta.table_name
_CENTS = BalanceSlice.held


def _hold_update(param: str) -> str:
    # Parameters: amount, amount, now, organization, number, slice, amount.
    return (
        f'UPDATE "{_SLICE}" SET "held" = "held" + {param}, "available" = "available" - {param}, '  # noqa: S608
        f'"updated_at" = {param} WHERE "account_id" = (SELECT "id" FROM "{_ACCOUNT}" '
        f'WHERE "organization_id" = {param} AND "number" = {param}) AND "slice" = {param} '
        f'AND "status" = \'open\' AND (NOT "debits_must_not_exceed_credits" OR "available" >= {param}) '
        'RETURNING "account_id", "slice"'
    )


def _hold_params(organization_id: int, number: str, slice_number: int, amount: Decimal, now: datetime) -> list[Any]:
    cents = db_value(_CENTS, amount)
    return [cents, cents, now, organization_id, number, slice_number, cents]


_ENTRY_COLUMNS = '"account_id", "kind", "side", "counter_account", "amount", "transfer_id", "at", "slice"'


@functools.cache
def _hold_with_transfer_sql(param: str) -> tuple[str, tuple[peewee.Field, ...], tuple[peewee.Field, ...]]:
    transfer_sql, transfer_fields = _insert_sql(Transfer, param)
    event_fields = tuple(
        f
        for f in TransferEvent._meta.sorted_fields
        if not isinstance(f, peewee.AutoField) and f is not TransferEvent.transfer
    )
    transfer_columns = transfer_sql[transfer_sql.index("(") : transfer_sql.index(" VALUES")]
    event_columns = ", ".join(f'"{f.column_name}"' for f in event_fields)
    # Identifiers come from the models, never from input; values are bound parameters.
    sql = (
        f'WITH "hold_row" AS ({_hold_update(param)}), '  # noqa: S608
        f'"transfer_row" AS (INSERT INTO "{Transfer._meta.table_name}" {transfer_columns} '
        f'SELECT {", ".join(param for _ in transfer_fields)} FROM "hold_row" RETURNING "id"), '
        f'"event_row" AS (INSERT INTO "{TransferEvent._meta.table_name}" ("transfer_id", {event_columns}) '
        f'SELECT "id", {", ".join(param for _ in event_fields)} FROM "transfer_row") '
        f'INSERT INTO "{_ENTRY}" ({_ENTRY_COLUMNS}) '
        f"SELECT h.\"account_id\", 'hold', 'debit', 'settlement', {param}, t.\"id\", {param}, h.\"slice\" "
        'FROM "hold_row" h, "transfer_row" t RETURNING "id"'
    )
    return sql, transfer_fields, event_fields


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
    hold = _hold_params(organization_id, number, slice_number, amount, now)
    if not is_postgres():
        with database.atomic() as transaction:
            row = database.execute_sql(_hold_update(database.obj.param), hold).fetchone()
            if row is None:
                transaction.rollback()
                return False
            insert_row(Transfer, transfer)
            insert_row(TransferEvent, {**event, "transfer": transfer["id"]})
            _insert_hold(int(row[0]), int(row[1]), amount, transfer["id"], now)
        return True
    sql, transfer_fields, event_fields = _hold_with_transfer_sql(database.obj.param)
    params = [
        *hold,
        *field_params(transfer_fields, transfer),
        *field_params(event_fields, event),
        db_value(_CENTS, amount),
        now,
    ]
    return database.execute_sql(sql, params).fetchone() is not None


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


@functools.cache
def _resolve_sql(param: str, count: int) -> str:
    ids = ", ".join(param for _ in range(count))
    # Identifiers come from the models, never from input; values are bound parameters. The
    # conflict target names the partial unique index: a hold already resolved is skipped, and
    # RETURNING gives only the entries this statement wrote.
    return (
        f'INSERT INTO "{_ENTRY}" ({_ENTRY_COLUMNS}, "pending_id") '  # noqa: S608
        f'SELECT h."account_id", {param}, \'debit\', \'settlement\', h."amount", h."transfer_id", {param}, '
        f'h."slice", h."id" FROM "{_ENTRY}" h WHERE h."kind" = \'hold\' AND h."transfer_id" IN ({ids}) '
        'ON CONFLICT ("pending_id") WHERE "pending_id" IS NOT NULL DO NOTHING '
        'RETURNING "account_id", "slice", "amount"'
    )


def _resolve(kind: str, transfer_ids: list[uuid.UUID], now: datetime) -> int:
    if not transfer_ids:
        return 0
    keys = [db_value(Transfer.id, transfer_id) for transfer_id in transfer_ids]
    rows = database.execute_sql(_resolve_sql(database.obj.param, len(keys)), [kind, now, *keys]).fetchall()
    totals: dict[tuple[int, int], int] = defaultdict(int)
    for account_id, slice_number, cents in rows:
        totals[int(account_id), int(slice_number)] += int(cents)
    # A post takes the amount off held, and so off the booked balance (held + available); a void
    # gives it back to available. Slices in (account, slice) order, so two transactions never wait
    # on each other's rows in opposite orders.
    p = database.obj.param
    change = "" if kind == "post" else f'"available" = "available" + {p}, '
    sql = (
        f'UPDATE "{_SLICE}" SET {change}"held" = "held" - {p}, "updated_at" = {p} '  # noqa: S608
        f'WHERE "account_id" = {p} AND "slice" = {p}'
    )
    for (account_id, slice_number), cents in sorted(totals.items()):
        amounts = [cents, cents] if kind == "void" else [cents]
        database.execute_sql(sql, [*amounts, now, account_id, slice_number])
    return len(rows)


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
