"""Which database the suite runs on: SQLite by default, Postgres when TEST_DATABASE_URL says so."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from storage.database import database, open_database
from storage.migrate import upgrade
from storage.models import StatusQuery, Transfer, TransferEvent


def postgres_url() -> str | None:
    """The Postgres URL of this run, if the run is on Postgres."""
    url = os.environ.get("TEST_DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


def reset_postgres(url: str) -> None:
    """Drop and recreate the public schema, then migrate: a clean store for the run."""
    open_database(url)
    empty_postgres_schema()
    upgrade()


def empty_postgres_schema() -> None:
    """Drop and recreate the public schema of the bound Postgres database: no tables at all."""
    with database.connection_context():
        database.execute_sql("DROP SCHEMA public CASCADE")
        database.execute_sql("CREATE SCHEMA public")


@contextlib.contextmanager
def unmigrated_store(directory: Path) -> Iterator[None]:
    """Bind the proxy to a store with no tables: a new SQLite file, or the run's Postgres emptied.

    On Postgres the store is emptied and fully migrated again afterwards, as the run expects it.
    """
    if postgres_url() is None:
        open_database(sqlite_url(directory / "unmigrated"))
        yield
        return
    empty_postgres_schema()
    try:
        yield
    finally:
        empty_postgres_schema()
        upgrade()


def empty_postgres_tables() -> None:
    """Empty every table but the migration record, between tests."""
    with database.connection_context():
        tables = [t for t in database.get_tables() if t != "schema_migration"]
        if tables:
            database.execute_sql(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")


def sqlite_url(directory: Path) -> str:
    """A fresh SQLite file in `directory`."""
    return f"sqlite:///{directory / 'gateway.sqlite3'}"


@contextlib.contextmanager
def refusing_inserts(table: str) -> Iterator[None]:
    """The store refuses every INSERT into `table`, by a trigger, as a failing disk or a full quota would."""
    with database.connection_context():
        if postgres_url() is None:
            database.execute_sql(
                f'CREATE TRIGGER "refuse_{table}" BEFORE INSERT ON "{table}" '
                "BEGIN SELECT RAISE(ABORT, 'store refuses the write'); END"
            )
        else:
            database.execute_sql(
                'CREATE FUNCTION "refuse_write"() RETURNS trigger LANGUAGE plpgsql AS '
                "$$ BEGIN RAISE EXCEPTION 'store refuses the write'; END $$"
            )
            database.execute_sql(
                f'CREATE TRIGGER "refuse_{table}" BEFORE INSERT ON "{table}" '
                'FOR EACH ROW EXECUTE FUNCTION "refuse_write"()'
            )
    try:
        yield
    finally:
        with database.connection_context():
            database.execute_sql(
                f'DROP TRIGGER "refuse_{table}"' + ("" if postgres_url() is None else f' ON "{table}"')
            )
            if postgres_url() is not None:
                database.execute_sql('DROP FUNCTION "refuse_write"()')


def row_counts() -> tuple[int, int, int]:
    """How many transfers, transfer events and recorded status queries the store holds."""
    with database.connection_context():
        return Transfer.select().count(), TransferEvent.select().count(), StatusQuery.select().count()
