"""The batch-status look-up: many of one organization's transfers in one query, and its record.

A row comes back as the text the answer shows (`BatchRow`), not as a model: building a model and
converting its values was most of a 100-ID request's CPU (docs/performance.md, W6).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

import peewee

from storage.database import database, is_postgres
from storage.fields import MinorUnitsField
from storage.models import StatusQuery, Transfer
from storage.statements import field_params, insert_row

# Spec 2.6's attributes, not the stored request and answer: those are kilobytes per row.
BATCH_FIELDS: tuple[peewee.Field, ...] = (
    Transfer.id,
    Transfer.state,
    Transfer.created_at,
    Transfer.updated_at,
    Transfer.completed_at,
    Transfer.ledger_hash,
    Transfer.error_code,
    Transfer.amount_usd,
    Transfer.amount_tkn,
)

# BATCH_FIELDS' values as text: the ID in its canonical lower-case form, times as ISO 8601 UTC to
# the second with a `Z`, amounts as decimal strings with the field's places; None where absent.
BatchRow = tuple[str | None, ...]

_RECORD_FIELDS = tuple(f for f in StatusQuery._meta.sorted_fields if not isinstance(f, peewee.AutoField))
_TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
_PG_TIME_FORMAT = '\'YYYY-MM-DD"T"HH24:MI:SS"Z"\''  # to_char's spelling of _TIME_FORMAT


def time_text(moment: datetime | None) -> str | None:
    """A stored (naive UTC) time as the answer shows it; microseconds are dropped, not rounded."""
    return None if moment is None else moment.strftime(_TIME_FORMAT)


def amount_text(amount: Decimal | None) -> str | None:
    """An amount as a plain decimal string with its places, never in exponent form ("0.0000001")."""
    return None if amount is None else format(amount, "f")


def _column_text(field: peewee.Field) -> str:
    column = f't."{field.column_name}"'
    if isinstance(field, peewee.UUIDField):
        return f"{column}::text"
    if isinstance(field, peewee.DateTimeField):
        return f"to_char({column}, {_PG_TIME_FORMAT})"
    if isinstance(field, MinorUnitsField):
        # bigint * numeric keeps the literal's scale, so 12550 * 0.01 is 125.50, as `amount_text` writes it.
        unit = format(Decimal(1).scaleb(-field.places), "f")
        return f"({column} * {unit})::text"
    return column


@functools.cache
def _find_and_record_sql(param: str) -> str:
    columns = ", ".join(f'"{f.column_name}"' for f in _RECORD_FIELDS)
    values = ", ".join(param for _ in _RECORD_FIELDS)
    asked = ", ".join(f't."{f.column_name}"' for f in (*BATCH_FIELDS, Transfer.organization))
    selected = ", ".join(_column_text(f) for f in BATCH_FIELDS)
    # A data-modifying WITH runs to completion even though the SELECT does not read it, so the
    # record and the look-up are one statement: one round trip, and atomic without BEGIN/COMMIT.
    # One array parameter keeps the text (and so the prepared statement) the same for any count.
    # The IDs are looked up alone, on the primary key, and the organization checked on what they
    # found: planned together, a table without statistics (a new store, autovacuum behind or off)
    # had Postgres AND the primary key with the organization's index, reading every row of the
    # organization's index (2.8 against 0.5 ms for 100 IDs among 24,000 transfers).
    # Identifiers come from the models, never from input; values are bound parameters.
    return (
        f'WITH "recorded" AS (INSERT INTO "{StatusQuery._meta.table_name}" ({columns}) VALUES ({values})), '  # noqa: S608
        f'"asked" AS MATERIALIZED (SELECT {asked} FROM "{Transfer._meta.table_name}" t '
        f'WHERE t."id" = ANY({param}::uuid[])) '
        f'SELECT {selected} FROM "asked" t WHERE t."organization_id" = {param}'
    )


def _as_text(row: tuple[Any, ...]) -> tuple[str, BatchRow]:
    transfer_id, state, created, updated, completed, ledger_hash, error_code, usd, tkn = row
    key = str(transfer_id)
    return key, (
        key,
        state,
        time_text(created),
        time_text(updated),
        time_text(completed),
        ledger_hash,
        error_code,
        amount_text(usd),
        amount_text(tkn),
    )


def find_and_record(
    organization_id: int, transfer_ids: Sequence[str], record: Mapping[str, Any]
) -> dict[str, BatchRow]:
    """The organization's transfers among `transfer_ids`, by ID, with the request recorded in the same
    transaction. The IDs must be UUIDs in canonical lower-case form (a row's key is that form).

    One SELECT for the whole list on the primary key's index; another organization's transfer is
    simply not found. On Postgres the record and the look-up are one statement; elsewhere the
    INSERT and a `SELECT ... IN (...)` in one transaction.
    """
    if is_postgres():
        # The IDs as one array literal: psycopg's list dumper scans each element with a regex.
        ids = "{" + ",".join(transfer_ids) + "}"
        params = [*field_params(_RECORD_FIELDS, record), ids, organization_id]
        cursor = database.execute_sql(_find_and_record_sql(database.obj.param), params)
        return {row[0]: row for row in cursor.fetchall()}
    with database.atomic():
        insert_row(StatusQuery, record)
        if not transfer_ids:
            return {}
        rows: Any = (
            Transfer.select(*BATCH_FIELDS)
            .where(Transfer.id.in_(list(transfer_ids)) & (Transfer.organization == organization_id))
            .tuples()
        )
        return dict(map(_as_text, rows))


def record_rejected(record: Mapping[str, Any]) -> None:
    """Record a batch request that was refused before any look-up."""
    insert_row(StatusQuery, record)
