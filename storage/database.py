"""The one database handle, bound to a URL at start-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import peewee
from playhouse.db_url import connect

database = peewee.DatabaseProxy()

_SQLITE_PRAGMAS = {
    "journal_mode": "wal",
    "foreign_keys": 1,
    "synchronous": "normal",
}


def open_database(url: str) -> peewee.Database:
    """Bind the proxy to the database at `url` (sqlite:///path or postgresql://...)."""
    options: dict[str, Any] = {}
    scheme = urlparse(url).scheme
    if scheme.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        options["pragmas"] = _SQLITE_PRAGMAS
        options["check_same_thread"] = False
        options["timeout"] = 10
        # Every transaction here writes; taking the write lock up front avoids SQLITE_BUSY on
        # a read-to-write upgrade, which the busy timeout cannot wait out.
        options["lock_type"] = "IMMEDIATE"
    else:
        options["autorollback"] = False
        if scheme in ("postgres", "postgresql"):
            # Pooled: `close()` at the end of a request returns the connection to this process's
            # pool instead of closing it, so a request does not pay a new Postgres backend
            # (about 3 ms, a quarter of a pacs.008; docs/performance.md). Connections are
            # recycled after stale_timeout seconds.
            url = url.replace(scheme, f"{scheme}+pool", 1)
            options["max_connections"] = None
            options["stale_timeout"] = 300
    db: peewee.Database = connect(url, **options)  # type: ignore[no-untyped-call]
    database.initialize(db)
    return db


def is_postgres() -> bool:
    """True when the bound database is PostgreSQL."""
    return isinstance(database.obj, peewee.PostgresqlDatabase)
