"""The first schema: organizations, keys, transfers, events, status queries and settlement.

Frozen as DDL, one file per dialect, rather than built from the live models: a later model change
without a migration of its own then shows up in tests/storage/test_migrate.py instead of being
quietly created here. Never edit these files once shipped; add `m0002_...` instead.
"""

from __future__ import annotations

from pathlib import Path

import peewee

from storage.migrate import run_sql_file


def apply(db: peewee.Database) -> None:
    """Create every table and index, and on Postgres the new-transfer notification."""
    dialect = "postgres" if isinstance(db, peewee.PostgresqlDatabase) else "sqlite"
    run_sql_file(db, Path(__file__).with_name(f"m0001_initial.{dialect}.sql"))
