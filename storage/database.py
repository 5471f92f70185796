"""The one database handle, bound to a URL at start-up."""

from __future__ import annotations

import logging
import select
import time
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlparse

import peewee
import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

database = peewee.DatabaseProxy()

_SQLITE_PRAGMAS = {
    "journal_mode": "wal",
    "foreign_keys": 1,
    "synchronous": "normal",
}

# A pooled connection handed out less than this long ago is handed out again without a ping.
TRUST_RECENT_SECONDS = 1.0
# How long a request waits for a connection (Postgres restarting, say) before it is told to retry.
CONNECT_WAIT_SECONDS = 3.0
# How long the pool keeps backing off one failed reconnection; the next request then starts afresh,
# so a pool that lost its server reconnects within seconds of the server's return, not minutes.
RECONNECT_GIVE_UP_SECONDS = 5.0
# Pool bounds per process. The cap is above the threads any process here runs at once (a sync
# gunicorn worker 1, a settlement worker one per pass, the webhook deliverer its 24 senders and its
# loop, the tests' threaded server 20), so threads
# never queue for a connection another thread holds for its whole request; it bounds only bursts.
POOL_MIN_SIZE = 1
POOL_MAX_SIZE = 32
# A server session is replaced after this long, busy or not, so no backend grows without bound.
MAX_LIFETIME_SECONDS = 300.0
MAX_IDLE_SECONDS = 60.0

# SQLSTATEs that say the server is going away or not yet accepting work: class 08 (connection
# exception) and admin shutdown, crash shutdown, cannot connect now.
_UNREACHABLE_STATES = ("08", "57P01", "57P02", "57P03")


class PooledConnection(psycopg.Connection[tuple[Any, ...]]):
    """A psycopg connection that remembers when its pool last handed it out."""

    handed_out_at = float("-inf")


class PoolDatabase(peewee.PostgresqlDatabase):
    """Peewee on psycopg 3, whose connections come from, and go back to, a psycopg_pool pool.

    `close()` returns the connection to the pool (the pool's `close_returns`), where the pool
    rolls back or discards a connection that is not idle. The pool's threads start with it, so
    it is built in the process that uses it (gunicorn without `--preload`).
    """

    class _Adapter(peewee.Psycopg3Adapter):
        def connect(self, db: Any, **params: Any) -> Any:
            return db.pool.getconn()

    psycopg3_adapter = _Adapter

    def __init__(self, url: str) -> None:
        self.pool = ConnectionPool[PooledConnection](
            url,
            connection_class=PooledConnection,
            kwargs={"autocommit": True, "connect_timeout": 5},
            min_size=POOL_MIN_SIZE,
            max_size=POOL_MAX_SIZE,
            open=True,
            check=self._check,
            close_returns=True,
            timeout=CONNECT_WAIT_SECONDS,
            max_lifetime=MAX_LIFETIME_SECONDS,
            max_idle=MAX_IDLE_SECONDS,
            reconnect_timeout=RECONNECT_GIVE_UP_SECONDS,
            name="gateway",
        )
        super().__init__(url, prefer_psycopg3=True, autorollback=False)

    def _check(self, connection: PooledConnection) -> None:
        """The pool's check before it hands a connection out (decision S6).

        A connection handed out under TRUST_RECENT_SECONDS ago with nothing waiting on its socket
        is trusted as it is: no round trip. One that sat idle longer, or whose server has written
        to it unasked (a shutdown notice, or the end of the stream), is pinged first. A failed ping
        means the server went away, so every idle connection is replaced, not just this one.
        """
        now = time.monotonic()
        idle = now - connection.handed_out_at >= TRUST_RECENT_SECONDS
        connection.handed_out_at = now
        if not idle and not select.select([connection], [], [], 0)[0]:
            return
        try:
            ConnectionPool.check_connection(connection)
        except psycopg.Error:
            self.pool.drain()
            raise

    def close_pool(self) -> None:
        """Close every connection of the pool; the database cannot be used afterwards."""
        self.pool.close()


def unreachable(error: BaseException) -> bool:
    """True when `error` says the database cannot be reached now: connection refused or lost,
    server restarting or shutting down, or no connection within CONNECT_WAIT_SECONDS.

    Looks through peewee's wrapping at the driver's error.
    """
    seen: set[int] = set()
    pending: list[BaseException | None] = [error]
    while pending:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, PoolTimeout):
            return True
        if isinstance(current, psycopg.OperationalError):
            state = current.sqlstate
            if state is None or state.startswith(_UNREACHABLE_STATES):
                return True
        # peewee keeps the driver's error as `orig`; Python chains it as the context as well.
        pending.extend([getattr(current, "orig", None), current.__cause__, current.__context__])
    return False


def open_database(url: str) -> peewee.Database:
    """Bind the proxy to the database at `url` (sqlite:///path or postgresql://...).

    A pool bound before (tests bind one app after another) is closed first.
    """
    # peewee logs every query with its parameters at DEBUG: raw bodies, account numbers, key hashes.
    # No log level an operator may set lets those through.
    logging.getLogger("peewee").setLevel(logging.INFO)
    # Where no logging is set up (an operator's command), the pool's reconnection warnings would be
    # printed raw, several a second; such a command explains its store in one line instead
    # (cli/store_group.py). Processes that configure logging still get them: this only stops
    # logging's last-resort printing.
    if not any(isinstance(h, logging.NullHandler) for h in logging.getLogger("psycopg").handlers):
        logging.getLogger("psycopg").addHandler(logging.NullHandler())
    previous = database.obj
    if isinstance(previous, PoolDatabase):
        previous.close_pool()
    scheme = urlparse(url).scheme
    db: peewee.Database
    if scheme in ("postgres", "postgresql"):
        # Pooled: a request does not pay a new Postgres backend (about 3 ms, a quarter of a
        # pacs.008; docs/performance.md).
        db = PoolDatabase(url)
    elif scheme.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # Every transaction here writes; taking the write lock up front avoids SQLITE_BUSY on
        # a read-to-write upgrade, which the busy timeout cannot wait out.
        db = peewee.SqliteDatabase(
            path, pragmas=_SQLITE_PRAGMAS, check_same_thread=False, timeout=10, lock_type="IMMEDIATE"
        )
    else:
        raise ValueError(f"not a sqlite:/// or postgresql:// URL: {scheme}://...")
    database.initialize(db)
    return db


def end_request() -> None:
    """Release this thread's connection at the end of a request (Postgres: back to the pool)."""
    if not database.is_closed():
        database.close()


_POSTGRES_RENDERER = peewee.PostgresqlDatabase(None)


def postgres_sql(query: peewee.Query) -> tuple[str, list[Any]]:
    """A peewee query as Postgres SQL and its parameters, for a session of its own outside the pool."""
    return query.bind(_POSTGRES_RENDERER).sql()


def select_values(*values: Any) -> peewee.Query:
    """A SELECT of these values (function calls, say) from no table."""
    return peewee.Select(columns=values)


Q = TypeVar("Q", bound=peewee.Select)


def locked(query: Q, *, skip_locked: bool = False) -> Q:
    """`query` with FOR UPDATE (SKIP LOCKED) on Postgres, as it is on SQLite.

    SQLite has no row locks: a transaction there takes the store's write lock when it begins
    (`lock_type` IMMEDIATE), which orders the same writers.
    """
    if not is_postgres():
        return query
    return query.for_update(skip_locked=skip_locked)


def is_postgres() -> bool:
    """True when the bound database is PostgreSQL."""
    return isinstance(database.obj, peewee.PostgresqlDatabase)
