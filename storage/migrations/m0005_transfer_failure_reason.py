"""Keep why a Failed transfer failed, in words, so pacs.028 can report it (spec 3: "the error code and reason").

The column is new and empty: transfers that failed before it report their error code alone.
"""

from __future__ import annotations

import peewee

from storage.migrate import execute


def apply(db: peewee.Database) -> None:
    """Add the nullable column; the same statement on SQLite and Postgres."""
    execute('ALTER TABLE "transfer" ADD COLUMN "failure_reason" VARCHAR(200)')
