"""The batch-status look-up: many of one organization's transfers in one query, and its record."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from storage.database import database
from storage.models import StatusQuery, Transfer
from storage.statements import insert_row

# Spec 2.6's attributes, not the stored request and answer: those are kilobytes per row.
BATCH_FIELDS = (
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


def find_and_record(
    organization_id: int, transfer_ids: Sequence[uuid.UUID], record: Mapping[str, Any]
) -> dict[uuid.UUID, Transfer]:
    """The organization's transfers among `transfer_ids`, by ID, with the request recorded; one transaction.

    One SELECT for the whole list (the primary key's index, `id IN (...)`); another organization's
    transfer is simply not found.
    """
    with database.atomic():
        insert_row(StatusQuery, record)
        if not transfer_ids:
            return {}
        rows = Transfer.select(*BATCH_FIELDS).where(
            Transfer.id.in_(list(transfer_ids)) & (Transfer.organization == organization_id)
        )
        return {row.id: row for row in rows}


def record_rejected(record: Mapping[str, Any]) -> None:
    """Record a batch request that was refused before any look-up."""
    insert_row(StatusQuery, record)
