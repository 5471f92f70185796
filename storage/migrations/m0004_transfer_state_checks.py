"""Hold `transfer.state` and `transfer_event`'s from and to states to the TransferState values.

A state the code never writes (storage/transfer_states.py) is then refused by the database too,
whatever writes it. Postgres adds the CHECK constraints in place; SQLite rebuilds both tables,
keeping every row and index, with foreign keys off while it runs (storage/migrate.py). Like
m0001, the DDL is frozen per dialect and spells the four values out rather than reading the enum.
"""

from __future__ import annotations

from pathlib import Path

import peewee

from storage.migrate import run_sql_file


def apply(db: peewee.Database) -> None:
    """Add the three CHECK constraints."""
    dialect = "postgres" if isinstance(db, peewee.PostgresqlDatabase) else "sqlite"
    run_sql_file(db, Path(__file__).with_name(f"m0004_transfer_state_checks.{dialect}.sql"))
