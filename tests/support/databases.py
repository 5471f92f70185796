"""Which database the suite runs on: SQLite by default, Postgres when TEST_DATABASE_URL says so."""

from __future__ import annotations

import os
from pathlib import Path

from storage.database import database, open_database
from storage.migrate import upgrade


def postgres_url() -> str | None:
    """The Postgres URL of this run, if the run is on Postgres."""
    url = os.environ.get("TEST_DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


def reset_postgres(url: str) -> None:
    """Drop and recreate the public schema, then migrate: a clean store for the run."""
    open_database(url)
    with database.connection_context():
        database.execute_sql("DROP SCHEMA public CASCADE")
        database.execute_sql("CREATE SCHEMA public")
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
