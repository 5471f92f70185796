"""The Postgres pool pings only connections that sat idle or heard from their server, and
`unreachable` tells a database that cannot be reached from every other database error."""

from __future__ import annotations

import time
from collections.abc import Iterator

import peewee
import psycopg
import pytest
from psycopg_pool import ConnectionPool

import storage.database
from harness.stack import free_port
from storage.database import PoolDatabase, database, open_database, unreachable
from tests.support.databases import postgres_url

postgres_only = pytest.mark.skipif(postgres_url() is None, reason="the connection pool is Postgres only")


@pytest.fixture()
def pool_db() -> Iterator[PoolDatabase]:
    url = postgres_url()
    assert url is not None
    db = open_database(url)
    assert isinstance(db, PoolDatabase)
    db.pool.wait()  # its one connection is ready, so no request makes it grow
    yield db
    db.close_pool()


@pytest.fixture()
def pings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The backend pid of every connection the pool pings before handing it out."""
    seen: list[int] = []
    ping = ConnectionPool.check_connection

    def spy(connection: psycopg.Connection[tuple[object, ...]]) -> None:
        seen.append(connection.info.backend_pid)
        ping(connection)

    monkeypatch.setattr(ConnectionPool, "check_connection", staticmethod(spy))
    return seen


def _backend_pid(db: PoolDatabase) -> int:
    # One request's worth of use: a connection from the pool, one statement, back to the pool.
    with db.connection_context():
        pid: int = database.execute_sql("SELECT pg_backend_pid()").fetchone()[0]  # the proxy, bound to `db`
    return pid


def _terminate(pid: int) -> None:
    url = postgres_url()
    assert url is not None
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
        while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone():
            time.sleep(0.01)  # gone, and its goodbye written to the socket


@postgres_only
def test_a_connection_handed_out_moments_ago_is_not_pinged(
    pool_db: PoolDatabase, pings: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.database, "TRUST_RECENT_SECONDS", 3600.0)
    pid = _backend_pid(pool_db)
    assert [_backend_pid(pool_db) for _ in range(3)] == [pid] * 3
    assert pings == [pid]  # only when first handed out


@postgres_only
def test_a_connection_idle_longer_is_pinged_each_time(
    pool_db: PoolDatabase, pings: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.database, "TRUST_RECENT_SECONDS", 0.0)
    pid = _backend_pid(pool_db)
    assert _backend_pid(pool_db) == pid
    assert pings == [pid, pid]


@postgres_only
def test_a_recent_connection_whose_server_ended_it_is_replaced_before_use(
    pool_db: PoolDatabase, pings: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.database, "TRUST_RECENT_SECONDS", 3600.0)
    pid = _backend_pid(pool_db)
    _terminate(pid)
    assert _backend_pid(pool_db) != pid  # no failed statement: the pool saw the notice and pinged
    assert pings[:2] == [pid, pid]


def test_a_refused_connection_is_unreachable(monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"postgresql://postgres@127.0.0.1:{free_port()}/nothing"  # nothing listens there
    with pytest.raises(psycopg.OperationalError) as refused:
        psycopg.connect(url, connect_timeout=2)
    assert unreachable(refused.value)
    monkeypatch.setattr(storage.database, "CONNECT_WAIT_SECONDS", 0.2)
    db = PoolDatabase(url)
    try:
        with pytest.raises(peewee.OperationalError) as waited:  # the pool found no connection in time
            db.connect()
    finally:
        db.close_pool()
    assert "couldn't get a connection" in str(waited.value)
    assert unreachable(waited.value)


@postgres_only
def test_a_connection_lost_mid_request_is_unreachable(pool_db: PoolDatabase, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage.database, "TRUST_RECENT_SECONDS", 3600.0)
    with pool_db.connection_context():
        pid = database.execute_sql("SELECT pg_backend_pid()").fetchone()[0]
        _terminate(pid)
        with pytest.raises(peewee.OperationalError) as lost:
            database.execute_sql("SELECT 1")
    assert unreachable(lost.value)
    assert _backend_pid(pool_db) != pid  # the broken connection went back and was discarded


@pytest.mark.parametrize(
    "error",
    [
        psycopg.errors.AdminShutdown("terminating connection due to administrator command"),
        psycopg.errors.CrashShutdown("terminating connection because of crash of another server process"),
        psycopg.errors.CannotConnectNow("the database system is starting up"),
        psycopg.errors.ConnectionFailure("connection failure"),
    ],
    ids=["shutting down", "crashed", "starting up", "connection failure"],
)
def test_a_server_going_away_or_coming_back_is_unreachable(error: psycopg.Error) -> None:
    assert unreachable(error)
    assert unreachable(peewee.OperationalError(error))  # as peewee wraps it


@pytest.mark.parametrize(
    "error",
    [
        psycopg.errors.UniqueViolation("duplicate key"),
        psycopg.errors.UndefinedColumn("column does not exist"),
        psycopg.errors.QueryCanceled("canceling statement due to statement timeout"),
        peewee.OperationalError("no such table: transfer"),
        ValueError("not a database error"),
    ],
    ids=["constraint", "bad SQL", "statement timeout", "SQLite schema", "other"],
)
def test_every_other_error_is_not_unreachable(error: Exception) -> None:
    assert not unreachable(error)
    assert not unreachable(peewee.DatabaseError(error))
