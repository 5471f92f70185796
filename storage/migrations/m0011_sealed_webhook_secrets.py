"""Widen the webhook secret columns for secrets sealed at rest (`fernet:<token>`, decision E9).

SQLite does not enforce a VARCHAR's length, so only Postgres changes. Stored secrets are kept as
they are; `webhooks seal-secrets` seals them once a key is configured.
"""

from __future__ import annotations

import peewee

from storage.migrate import execute


def apply(db: peewee.Database) -> None:
    """ALTER both columns to VARCHAR(255) on Postgres."""
    if isinstance(db, peewee.SqliteDatabase):
        return
    execute(
        'ALTER TABLE "webhook_endpoint" ALTER COLUMN "secret" TYPE VARCHAR(255), '
        'ALTER COLUMN "previous_secret" TYPE VARCHAR(255)'
    )
