"""Move each source account's balance into 16 balance slices, so holds on one account stop queueing (A12).

Slice 0 of every account takes the account's held and available; the other fifteen start at zero.
Existing holds are marked as held on slice 0, where their amounts now are, so their posts and voids
find them. The account keeps its number, status and flag; its balance, held and available columns
go (SQLite rebuilds the table, as m0004 does). Frozen as DDL per dialect, like m0001.
"""

from __future__ import annotations

from pathlib import Path

import peewee

from storage.migrate import run_sql_file


def apply(db: peewee.Database) -> None:
    """Create the slices, fill them from the accounts, mark the holds, drop the accounts' balance columns."""
    dialect = "postgres" if isinstance(db, peewee.PostgresqlDatabase) else "sqlite"
    run_sql_file(db, Path(__file__).with_name(f"m0012_balance_slices.{dialect}.sql"))
