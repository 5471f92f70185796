"""The batch-status look-up: many of one organization's transfers in one query, and its record.

A row comes back as the text the answer shows (`BatchRow`), not as a model: building a model per
row was most of a 100-ID request's CPU (docs/performance.md, W6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

import peewee

from storage.database import database
from storage.models import StatusQuery, Transfer
from storage.statements import insert_row

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

_TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def time_text(moment: datetime | None) -> str | None:
    """A stored (naive UTC) time as the answer shows it; microseconds are dropped, not rounded."""
    return None if moment is None else moment.strftime(_TIME_FORMAT)


def amount_text(amount: Decimal | None) -> str | None:
    """An amount as a plain decimal string with its places, never in exponent form ("0.0000001")."""
    return None if amount is None else format(amount, "f")


def look_up_query(transfer_ids: Sequence[str]) -> peewee.Query:
    """The SELECT of these transfers' BATCH_FIELDS and owner, by primary key alone.

    The owner is checked on the rows found, not in the query: planned together, a table without
    statistics (a new store, autovacuum behind or off) had Postgres AND the primary key with the
    organization's index, reading every row of the organization's index.
    """
    return Transfer.select(*BATCH_FIELDS, Transfer.organization).where(Transfer.id.in_(list(transfer_ids))).tuples()


def _as_text(row: tuple[Any, ...]) -> tuple[str, BatchRow]:
    transfer_id, state, created, updated, completed, ledger_hash, error_code, usd, tkn = row[: len(BATCH_FIELDS)]
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
    simply not found. The INSERT and the SELECT are one transaction.
    """
    with database.atomic():
        insert_row(StatusQuery, record)
        if not transfer_ids:
            return {}
        rows: Any = look_up_query(transfer_ids)
        return dict(_as_text(row) for row in rows if row[-1] == organization_id)


def record_rejected(record: Mapping[str, Any]) -> None:
    """Record a batch request that was refused before any look-up."""
    insert_row(StatusQuery, record)
