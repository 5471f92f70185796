"""Whether a settlement worker lives, as the database server or the kernel knows it, not a clock.

A worker holds a token for as long as it lives, and nobody else can hold it meanwhile:
- on Postgres, a session-level advisory lock on a connection of its own, outside the pool. The
  server releases it when that session ends: the process died, or its connection dropped (a
  Postgres restart ends every session);
- on an SQLite file, an exclusive `flock` on a file beside the database. The kernel releases it
  when the process dies.

Another worker that can take the token at once knows its holder is gone. A worker ID is held once
and never again (decision L1), so a token found released stays released: nothing can come back
to life under that ID and find its claims taken.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import os
import weakref
from pathlib import Path
from typing import Any, Protocol

import peewee
import psycopg

from storage.database import PoolDatabase, database, postgres_sql, select_values

CONNECT_TIMEOUT_SECONDS = 5


class Token(Protocol):
    """A held liveness token."""

    def held(self) -> bool:
        """Whether it is still held (Postgres: the session that holds the lock still answers)."""

    def release(self) -> None:
        """Let it go, as dying would."""


class Liveness(Protocol):
    """How workers hold their tokens and find out about each other's."""

    def hold(self, worker_id: str) -> Token | None:
        """Take the token of `worker_id`; None when it is held already."""

    def gone(self, worker_id: str) -> bool:
        """True only when the token of `worker_id` is not held: its holder is dead or cut off for good."""


def lock_key(worker_id: str) -> int:
    """The advisory lock key of a worker ID: a signed 64-bit digest, so two IDs share one by chance only."""
    digest = hashlib.blake2b(f"tkn-settlement-worker:{worker_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class _SessionLock:
    def __init__(self, connection: psycopg.Connection[tuple[Any, ...]]) -> None:
        self._connection = connection
        self._finalizer = weakref.finalize(self, connection.close)

    def held(self) -> bool:
        # A session lock lasts as long as its session: the session answering means it is held.
        try:
            self._connection.execute(*postgres_sql(select_values(1)))
        except psycopg.Error:
            self.release()
            return False
        return True

    def release(self) -> None:
        if self._finalizer.alive:
            # Unlocked before closing: a closed session's locks go only once its backend has exited.
            with contextlib.suppress(psycopg.Error):
                self._connection.execute(*postgres_sql(select_values(peewee.fn.pg_advisory_unlock_all())))
        self._finalizer()


class PostgresLiveness:
    """Tokens are session-level advisory locks, each on a connection of its own."""

    def __init__(self, conninfo: str) -> None:
        self._conninfo = conninfo

    def hold(self, worker_id: str) -> Token | None:
        """A new session that takes the lock, or None (and no session) when another session has it."""
        connection = psycopg.connect(self._conninfo, autocommit=True, connect_timeout=CONNECT_TIMEOUT_SECONDS)
        try:
            lock = select_values(peewee.fn.pg_try_advisory_lock(lock_key(worker_id)))
            row = connection.execute(*postgres_sql(lock)).fetchone()
        except psycopg.Error:
            connection.close()
            raise
        if not row or not row[0]:
            connection.close()
            return None
        return _SessionLock(connection)

    def gone(self, worker_id: str) -> bool:
        """Try the lock for one statement (autocommit): won means no session holds it."""
        cursor = database.execute(select_values(peewee.fn.pg_try_advisory_xact_lock(lock_key(worker_id))))
        row = cursor.fetchone()
        return bool(row and row[0])


class _FileLock:
    def __init__(self, descriptor: int, path: Path) -> None:
        self._path = path
        self._finalizer = weakref.finalize(self, os.close, descriptor)

    def held(self) -> bool:
        return self._finalizer.alive

    def release(self) -> None:
        if self._finalizer.alive:
            self._path.unlink(missing_ok=True)
            self._finalizer()


class FileLiveness:
    """Tokens are `flock`s on files in `directory`, one per worker ID."""

    def __init__(self, directory: Path) -> None:
        self._directory = directory

    def _path(self, worker_id: str) -> Path:
        return self._directory / f"{hashlib.sha256(worker_id.encode()).hexdigest()[:32]}.lock"

    def hold(self, worker_id: str) -> Token | None:
        """Create and lock the worker's file; None when another process or descriptor has it locked."""
        self._directory.mkdir(parents=True, exist_ok=True)
        path = self._path(worker_id)
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        if not _try_lock(descriptor):
            os.close(descriptor)
            return None
        return _FileLock(descriptor, path)

    def gone(self, worker_id: str) -> bool:
        """The file is missing (its holder's taker removed it) or can be locked now."""
        path = self._path(worker_id)
        try:
            descriptor = os.open(path, os.O_RDWR)
        except FileNotFoundError:
            return True
        try:
            if not _try_lock(descriptor):
                return False
            path.unlink(missing_ok=True)
            return True
        finally:
            os.close(descriptor)


def _try_lock(descriptor: int) -> bool:
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno in (errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


class _Always:
    def held(self) -> bool:
        return True

    def release(self) -> None:
        return None


class UnknownLiveness:
    """No way to tell (an in-memory SQLite store): nobody is ever found gone; claims lapse instead."""

    def hold(self, worker_id: str) -> Token | None:
        """A token that is always held."""
        return _Always()

    def gone(self, worker_id: str) -> bool:
        """Never."""
        return False


def liveness_of_bound_database() -> Liveness:
    """The liveness that fits the database the proxy is bound to."""
    bound = database.obj
    if isinstance(bound, PoolDatabase) and isinstance(bound.pool.conninfo, str):
        return PostgresLiveness(bound.pool.conninfo)
    if isinstance(bound, peewee.SqliteDatabase):
        path = str(bound.database)
        if path and path != ":memory:" and not path.startswith("file:"):
            return FileLiveness(Path(path).with_name(Path(path).name + ".workers"))
    return UnknownLiveness()
