"""Webhooks: endpoints, messages, deliveries and attempts, and the outbox mark on transfer events.

Each state change already writes its transfer_event row in its own transaction; a nullable
`dispatched_at` with a partial index over the rows still NULL makes that log the outbox, so the
request path writes nothing more than it did (docs/decisions.md E2). Like m0001, the DDL is frozen
per dialect.
"""

from __future__ import annotations

from pathlib import Path

import peewee

from storage.migrate import run_sql_file


def apply(db: peewee.Database) -> None:
    """Add the column and its index, and the four webhook tables."""
    dialect = "postgres" if isinstance(db, peewee.PostgresqlDatabase) else "sqlite"
    run_sql_file(db, Path(__file__).with_name(f"m0008_webhooks.{dialect}.sql"))
