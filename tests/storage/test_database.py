"""The Postgres pool pings only connections that sat idle."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import peewee
import psycopg2
import pytest
from freezegun import freeze_time

from storage.database import TRUST_RECENT_SECONDS, RecentlyCheckedPool, open_database
from tests.support.databases import postgres_url

pytestmark = pytest.mark.skipif(postgres_url() is None, reason="the connection pool is Postgres only")


@pytest.fixture()
def pool() -> Iterator[Any]:
    url = postgres_url()
    assert url is not None
    db: Any = open_database(url)  # peewee's pool is untyped
    assert type(db).__name__ == RecentlyCheckedPool.__name__
    yield db
    db.close_all()


def _backend_pid(pool: Any) -> int:
    # A use outside a request: check out, one statement, check in.
    pool.connect(reuse_if_open=True)
    try:
        pid: int = pool.execute_sql("SELECT pg_backend_pid()").fetchone()[0]
    finally:
        pool.close()
    return pid


def _request_backend_pid(pool: Any) -> int:
    # One request's worth of use, as the app's hooks do it: resume, one statement, hold.
    pool.resume()
    try:
        pid: int = pool.execute_sql("SELECT pg_backend_pid()").fetchone()[0]
    finally:
        pool.hold()
    return pid


def _terminate(pid: int) -> None:
    url = postgres_url()
    assert url is not None
    with psycopg2.connect(url) as admin, admin.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    admin.close()


BOTH_USES = pytest.mark.parametrize("use", [_backend_pid, _request_backend_pid], ids=["checked in", "held"])


@BOTH_USES
def test_a_connection_used_moments_ago_is_handed_out_without_a_ping(pool: Any, use: Callable[[Any], int]) -> None:
    with freeze_time("2026-11-22 12:00:00") as clock:
        pid = use(pool)
        _terminate(pid)
        clock.tick(timedelta(seconds=TRUST_RECENT_SECONDS / 2))
        # No round trip before the statement, so nothing can know the backend is gone.
        with pytest.raises((peewee.OperationalError, peewee.InterfaceError)):
            use(pool)
        # psycopg2 marked it closed: the next use replaces it.
        assert use(pool) != pid


@BOTH_USES
def test_an_idle_connection_is_pinged_and_replaced_when_its_backend_is_gone(
    pool: Any, use: Callable[[Any], int]
) -> None:
    with freeze_time("2026-11-22 12:00:00") as clock:
        pid = use(pool)
        _terminate(pid)
        clock.tick(timedelta(seconds=TRUST_RECENT_SECONDS * 2))
        assert use(pool) != pid


@BOTH_USES
def test_a_busy_connection_is_reused(pool: Any, use: Callable[[Any], int]) -> None:
    assert use(pool) == use(pool)


def test_a_request_keeps_its_connection_for_the_next_one_instead_of_checking_it_in(pool: Any) -> None:
    with freeze_time("2026-11-22 12:00:00") as clock:
        pid = _request_backend_pid(pool)
        assert not pool.is_closed()
        assert pool._connections == []  # held by this thread, not back in the pool
        clock.tick(timedelta(seconds=TRUST_RECENT_SECONDS / 2))
        assert _request_backend_pid(pool) == pid


def test_a_held_connection_idle_but_alive_is_pinged_and_kept(pool: Any) -> None:
    with freeze_time("2026-11-22 12:00:00") as clock:
        pid = _request_backend_pid(pool)
        clock.tick(timedelta(seconds=TRUST_RECENT_SECONDS * 2))
        assert _request_backend_pid(pool) == pid


def test_a_busy_held_connection_is_still_recycled_after_the_stale_timeout(pool: Any) -> None:
    pool._stale_timeout = 3
    with freeze_time("2026-11-22 12:00:00") as clock:
        pids = set()
        for _ in range(8):  # a request every half second: never idle long enough to be pinged
            pids.add(_request_backend_pid(pool))
            clock.tick(timedelta(seconds=TRUST_RECENT_SECONDS / 2))
        assert len(pids) == 2


def test_a_connection_left_in_a_transaction_is_not_held(pool: Any) -> None:
    pool.resume()
    pool.execute_sql("SELECT 1")
    pool.connection().cursor().execute("BEGIN")
    pool.hold()
    assert pool.is_closed()


def test_a_connection_the_pool_closes_leaves_no_check_in_time_behind(pool: Any) -> None:
    pool._stale_timeout = 3
    with freeze_time("2026-11-22 12:00:00") as clock:
        _backend_pid(pool)
        pool.connect()
        clock.tick(timedelta(seconds=4))
        pool.close()  # stale on check-in: closed, not pooled
        _backend_pid(pool)
        pool.close_idle()
        assert pool._connections == []
        assert pool._checked_in == {}
