"""Drop the per-row NOTIFY trigger on transfer; intake now sends a throttled NOTIFY itself.

A notifying transaction takes a cluster-wide lock at commit, so with the trigger every new
transfer's commit waited for every other's, and cost Postgres about 0.08 ms more CPU under four
concurrent writers (docs/performance.md). `storage.notifications.CreatedSignal` sends one
NOTIFY per interval per server process instead.
"""

from __future__ import annotations

import peewee

from storage.migrate import execute


def apply(db: peewee.Database) -> None:
    """Drop the trigger and its function on Postgres; SQLite never had them."""
    if isinstance(db, peewee.PostgresqlDatabase):
        execute("DROP TRIGGER IF EXISTS transfer_created_notify ON transfer")
        execute("DROP FUNCTION IF EXISTS notify_transfer_created()")
