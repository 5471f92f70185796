"""Queries on transfers."""

from __future__ import annotations

import uuid
from typing import Any

from peewee import SQL

from storage.models import Transfer


def insert_transfer(**fields: Any) -> Transfer:
    """Insert a transfer; raises peewee.IntegrityError when (organization, message_id) exists."""
    transfer: Transfer = Transfer.create(**fields)
    return transfer


def find_by_message_id(organization_id: int, message_id: str) -> Transfer | None:
    """The organization's transfer created from the message with this MsgId."""
    found: Transfer | None = (
        Transfer.select()
        .where((Transfer.organization == organization_id) & (Transfer.message_id == message_id))
        .first()
    )
    return found


def find_for_organization(organization_id: int, transfer_id: uuid.UUID) -> Transfer | None:
    """One indexed lookup by (id, organization): another organization's transfer is not found."""
    # SELECT * instead of 29 named columns: peewee builds this query on every status request,
    # and naming each column was a tenth of a pacs.028's CPU (docs/performance.md).
    found: Transfer | None = (
        Transfer.select(SQL("*"))
        .where((Transfer.id == transfer_id) & (Transfer.organization == organization_id))
        .first()
    )
    return found


def count_transfers() -> int:
    """How many transfers exist."""
    return int(Transfer.select().count())
