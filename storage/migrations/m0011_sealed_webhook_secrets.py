"""Widen the webhook secret columns for secrets sealed at rest (`fernet:<token>`, decision E9).

SQLite does not enforce a VARCHAR's length, so only Postgres changes. Stored secrets are kept as
they are; `webhooks seal-secrets` seals them once a key is configured.
"""

from __future__ import annotations

import peewee


def apply(db: peewee.Database) -> None:
    """ALTER both columns to VARCHAR(255) on Postgres."""
    if isinstance(db, peewee.SqliteDatabase):
        return
    db.execute_sql(  # type: ignore[no-untyped-call]
        'ALTER TABLE "webhook_endpoint" ALTER COLUMN "secret" TYPE VARCHAR(255), '
        'ALTER COLUMN "previous_secret" TYPE VARCHAR(255)'
    )
