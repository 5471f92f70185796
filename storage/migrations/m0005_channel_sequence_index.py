"""Index envelopes by channel and sequence number.

A new envelope's sequence number is never below the highest one our own applied envelopes on
its channel used (`storage.envelopes.highest_used_sequence`), and that is read once per envelope.
"""

from __future__ import annotations

import peewee

from storage.migrate import execute


def apply(db: peewee.Database) -> None:
    """The same statement on SQLite and Postgres."""
    execute(
        'CREATE INDEX IF NOT EXISTS "settlement_attempt_channel_account_sequence" '
        'ON "settlement_attempt" ("channel_account", "sequence")'
    )
