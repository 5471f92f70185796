"""Organizations, API keys and transfers."""

from __future__ import annotations

import peewee

from storage.models import ApiKey, Organization, Transfer


def apply(db: peewee.Database) -> None:
    """Create the first tables."""
    db.create_tables([Organization, ApiKey, Transfer])
