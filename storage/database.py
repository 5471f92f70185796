"""The one database handle, bound to a URL at start-up."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import peewee
import psycopg2.extensions
from playhouse.db_url import connect, parse
from playhouse.pool import PooledPostgresqlDatabase

database = peewee.DatabaseProxy()

_SQLITE_PRAGMAS = {
    "journal_mode": "wal",
    "foreign_keys": 1,
    "synchronous": "normal",
}

# A pooled connection handed back less than this long ago is handed out again without a ping.
TRUST_RECENT_SECONDS = 1.0


def _recent(since: float) -> bool:
    # The one rule for trusting a connection without a ping: it was last used this recently.
    return time.monotonic() - since < TRUST_RECENT_SECONDS


class PreparingConnection(psycopg2.extensions.connection):
    """A psycopg2 connection that remembers which statements it has prepared on its server session."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.prepared: set[str] = set()


class RecentlyCheckedPool(PooledPostgresqlDatabase):
    """Peewee's Postgres pool, minus the `SELECT 1` on every check-out of a busy connection.

    The stock pool pings each connection it hands out: one more round trip per request, about a
    seventh of a pacs.008's time under load (docs/performance.md). A connection that finished a
    request less than TRUST_RECENT_SECONDS ago is trusted as it is; an idle one is still pinged, so
    a Postgres restart during a quiet spell costs no failed request. A connection that broke while
    in use is marked closed by psycopg2 and is discarded here either way.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._checked_in: dict[int, float] = {}
        super().__init__(*args, **kwargs)  # type: ignore[no-untyped-call]

    def _is_closed(self, conn: Any) -> bool:
        if conn.closed:
            return True
        checked_in = self._checked_in.pop(id(conn), None)
        if checked_in is not None and _recent(checked_in):
            adapter: Any = self._adapter  # type: ignore[attr-defined]
            return bool(adapter.txn_status(conn) != adapter.txn_idle)
        return bool(super()._is_closed(conn))  # type: ignore[no-untyped-call]

    def _close(self, conn: Any, close_conn: bool = False) -> None:
        if not close_conn:
            self._checked_in[id(conn)] = time.monotonic()
        super()._close(conn, close_conn)

    def _close_raw(self, conn: Any) -> None:
        # Every way the pool closes a driver connection ends here (stale on check-in, idle, all),
        # so its check-in time goes with it rather than staying for as long as the process lives.
        self._checked_in.pop(id(conn), None)
        super()._close_raw(conn)  # type: ignore[no-untyped-call]

    def hold(self) -> None:
        """End a request, keeping this thread's connection checked out for its next request.

        Checking a connection in and out of the pool was about a twentieth of a pacs.008's CPU
        (docs/performance.md). A connection that is broken, or not idle (a transaction left
        open or failed), goes back through `close()`, where the pool discards or rolls it back.
        """
        state: Any = self._state  # type: ignore[attr-defined]
        conn = state.conn
        if state.closed or conn is None:
            return
        adapter: Any = self._adapter  # type: ignore[attr-defined]
        if conn.closed or state.transactions or adapter.txn_status(conn) != adapter.txn_idle:
            self.close()
            return
        state.held_since = time.monotonic()

    def resume(self) -> None:
        """Start a request on the held connection when the pool would trust it, else on a checked one.

        The held connection is used as it is when it was held less than TRUST_RECENT_SECONDS ago
        and is younger than the pool's stale timeout, exactly as the pool hands out a connection
        checked in that recently. Otherwise it is checked in as of the moment it was held, so
        the pool pings it (idle) or closes it (stale) before handing out a connection.
        """
        state: Any = self._state  # type: ignore[attr-defined]
        held_since: float | None = getattr(state, "held_since", None)
        state.held_since = None
        if not state.closed:
            if held_since is None:
                return  # opened outside a request on this thread: as `connect(reuse_if_open=True)`
            conn = state.conn
            pooled = self._in_use.get(self.conn_key(conn))
            fresh = pooled is not None and not self._is_stale(pooled.timestamp)  # type: ignore[no-untyped-call]
            if fresh and _recent(held_since) and not conn.closed:
                return
            self.close()
            if id(conn) in self._checked_in:
                self._checked_in[id(conn)] = held_since
        self.connect()  # type: ignore[no-untyped-call]


def _open_postgres(url: str) -> peewee.Database:
    # Pooled: `close()` at the end of a request returns the connection to this process's pool
    # instead of closing it, so a request does not pay a new Postgres backend (about 3 ms, a
    # quarter of a pacs.008; docs/performance.md). Connections are recycled after stale_timeout.
    options = parse(url)  # type: ignore[no-untyped-call]
    name = options.pop("database")
    return RecentlyCheckedPool(
        name,
        max_connections=None,
        stale_timeout=300,
        autorollback=False,
        connection_factory=PreparingConnection,
        **options,
    )


def open_database(url: str) -> peewee.Database:
    """Bind the proxy to the database at `url` (sqlite:///path or postgresql://...)."""
    scheme = urlparse(url).scheme
    db: peewee.Database
    if scheme in ("postgres", "postgresql"):
        db = _open_postgres(url)
    elif scheme.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # Every transaction here writes; taking the write lock up front avoids SQLITE_BUSY on
        # a read-to-write upgrade, which the busy timeout cannot wait out.
        db = connect(  # type: ignore[no-untyped-call]
            url, pragmas=_SQLITE_PRAGMAS, check_same_thread=False, timeout=10, lock_type="IMMEDIATE"
        )
    else:
        db = connect(url, autorollback=False)  # type: ignore[no-untyped-call]
    database.initialize(db)
    return db


def begin_request() -> None:
    """Give this thread a connection for the request it starts (Postgres: the one it held, if trusted)."""
    db = database.obj
    if isinstance(db, RecentlyCheckedPool):
        db.resume()
    else:
        database.connect(reuse_if_open=True)


def end_request() -> None:
    """Release this thread's connection at the end of a request (Postgres: held for the next one)."""
    db = database.obj
    if isinstance(db, RecentlyCheckedPool):
        db.hold()
    elif not database.is_closed():
        database.close()


def is_postgres() -> bool:
    """True when the bound database is PostgreSQL."""
    return isinstance(database.obj, peewee.PostgresqlDatabase)
