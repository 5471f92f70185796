"""Transfer state events and the pacs.028 query record."""

from __future__ import annotations

import peewee

from storage.models import StatusQuery, TransferEvent


def apply(db: peewee.Database) -> None:
    """Create the event and query tables."""
    db.create_tables([TransferEvent, StatusQuery])
