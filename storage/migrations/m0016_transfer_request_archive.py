"""Name the archive file that holds a settled transfer's stored request once `transfers archive` dropped it.

NULL: the stored request is still in `raw_request` (decision Q13).
"""

from __future__ import annotations

import peewee

from storage.migrate import execute


def apply(db: peewee.Database) -> None:
    """Add the nullable column; the same statement on SQLite and Postgres."""
    execute('ALTER TABLE "transfer" ADD COLUMN "request_archive" VARCHAR(200)')
