"""Source accounts, their double-entry journal, funding policies and registered BICs (issue 18).

Existing organizations get the `open` policy, and each (organization, DbtrAcct number) of their
transfers becomes an open account whose journal is built from those transfers: a hold for each,
posted for a Completed transfer, voided for a Failed one; the balance rows are then the journal's
sums, so a store from before this migration reconciles. Frozen as DDL per dialect, like m0001.
"""

from __future__ import annotations

from pathlib import Path

import peewee

from storage.migrate import run_sql_file


def apply(db: peewee.Database) -> None:
    """Create the tables and indexes, then build accounts and journal from the existing transfers."""
    dialect = "postgres" if isinstance(db, peewee.PostgresqlDatabase) else "sqlite"
    run_sql_file(db, Path(__file__).with_name(f"m0010_source_accounts.{dialect}.sql"))
