"""Cancellation events (webhook `transfer.cancellation`): the request row is their outbox, as transfer_event is.

`cancellation_request.dispatched_at` stays NULL until the deliverer has made a final decision
(cancelled or refused) into deliveries; a webhook message names either its transfer event or its
cancellation request, so `webhook_message.event_id` becomes nullable beside a new unique
`cancellation_id`. Postgres alters in place; SQLite rebuilds `webhook_message`, keeping every row
and index, with foreign keys off while it runs (storage/migrate.py). Frozen as DDL per dialect.
"""

from __future__ import annotations

from pathlib import Path

import peewee

from storage.migrate import run_sql_file


def apply(db: peewee.Database) -> None:
    """Add the outbox mark and its index, and let a message name a cancellation request."""
    dialect = "postgres" if isinstance(db, peewee.PostgresqlDatabase) else "sqlite"
    run_sql_file(db, Path(__file__).with_name(f"m0018_cancellation_events.{dialect}.sql"))
