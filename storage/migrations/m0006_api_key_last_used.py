"""Remember when each API key was last used, so `keys list` can show keys nobody uses any more.

Written at most once a minute per key (docs/decisions.md U1); keys used before this stay empty
until their next use.
"""

from __future__ import annotations

import peewee

from storage.migrate import execute


def apply(db: peewee.Database) -> None:
    """Add the nullable column; TIMESTAMP is DATETIME's affinity on SQLite, as peewee's own DDL."""
    column_type = "DATETIME" if isinstance(db, peewee.SqliteDatabase) else "TIMESTAMP"
    execute(f'ALTER TABLE "api_key" ADD COLUMN "last_used_at" {column_type}')
