"""Drop the per-row NOTIFY trigger on transfer; intake now sends a throttled NOTIFY itself.

A notifying transaction takes a cluster-wide lock at commit, so with the trigger every new
transfer's commit waited for every other's, and cost Postgres about 0.08 ms more CPU under four
concurrent writers (docs/performance.md). `storage.notifications.CreatedSignal` sends one
NOTIFY per interval per server process instead.
"""

from __future__ import annotations

import peewee


def apply(db: peewee.Database) -> None:
    """Drop the trigger and its function on Postgres; SQLite never had them."""
    if isinstance(db, peewee.PostgresqlDatabase):
        db.execute_sql("DROP TRIGGER IF EXISTS transfer_created_notify ON transfer")  # type: ignore[no-untyped-call]
        db.execute_sql("DROP FUNCTION IF EXISTS notify_transfer_created()")  # type: ignore[no-untyped-call]
