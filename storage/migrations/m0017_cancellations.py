"""Cancellation requests (camt.056, issue 34): one row per organization and Assgnmt/Id, with its decision.

Frozen as DDL per dialect, like m0008.
"""

from __future__ import annotations

from pathlib import Path

import peewee

from storage.migrate import run_sql_file


def apply(db: peewee.Database) -> None:
    """Create `cancellation_request` and its two indexes."""
    dialect = "postgres" if isinstance(db, peewee.PostgresqlDatabase) else "sqlite"
    run_sql_file(db, Path(__file__).with_name(f"m0017_cancellations.{dialect}.sql"))
