"""Waking settlement workers when a transfer is created: Postgres NOTIFY/LISTEN, else a plain sleep."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any
from urllib.parse import urlparse

import peewee
import psycopg

from storage.database import database, is_postgres, select_values

CHANNEL = "transfer_created"

# Well inside SETTLEMENT_POLL_SECONDS: a transfer created just after a notification is found by the
# pass that notification started or by the next poll, so pickup stays within a second.
NOTIFY_INTERVAL_SECONDS = 0.1

# A lost listening connection is tried again at once, then after 1 s, 2 s, ... at most 10 s apart.
LISTEN_RETRY_FIRST_SECONDS = 1.0
LISTEN_RETRY_MAX_SECONDS = 10.0
LISTEN_CONNECT_TIMEOUT_SECONDS = 5

logger = logging.getLogger("gateway.storage")


class CreatedSignal:
    """Tells listening workers that transfers were created: one NOTIFY per interval per process.

    A NOTIFY per transfer (the m0001 trigger) made every new transfer's commit take Postgres's
    cluster-wide notify lock in turn: about 0.08 ms more Postgres CPU per transfer under four
    concurrent writers, and no group commit (docs/performance.md). One per interval wakes idle
    workers just as fast and costs nothing measurable under load.
    """

    def __init__(self, interval: float = NOTIFY_INTERVAL_SECONDS) -> None:
        self.interval = interval
        self._last: float | None = None

    def send(self) -> bool:
        """NOTIFY, after the transfer is committed, unless this process did within the interval.

        True when sent. On SQLite nobody listens, so nothing is sent. A failure is logged, not
        raised: the transfer is already created, and the workers' poll finds it anyway.
        """
        if not is_postgres():
            return False
        now = time.monotonic()
        if self._last is not None and now - self._last < self.interval:
            return False
        self._last = now
        try:
            database.execute(select_values(peewee.fn.pg_notify(CHANNEL, "")))
        except peewee.DatabaseError as error:
            logger.warning("could not notify settlement workers: %s", error)
            return False
        return True


class TransferWakeup:
    """`wait(seconds)` returns early (True) when a transfer was created, on Postgres.

    The listening connection is its own, outside the pool. When it is lost (Postgres restarts), `wait`
    sleeps instead and reconnects, first at once, then after LISTEN_RETRY_FIRST_SECONDS, doubling up
    to LISTEN_RETRY_MAX_SECONDS; the workers' poll finds new transfers meanwhile.
    """

    def __init__(self, database_url: str, stop: threading.Event | None = None) -> None:
        self._stop = stop or threading.Event()
        self._url = database_url if urlparse(database_url).scheme.startswith("postgres") else None
        self._connection: psycopg.Connection[tuple[Any, ...]] | None = None
        self._retry_after = 0.0  # seconds until the next reconnection, after a failed one
        self._retry_at = 0.0
        if self._url is not None:
            self._listen(self._url)

    @property
    def listening(self) -> bool:
        """Whether notifications are received now (Postgres, connected)."""
        return self._connection is not None

    def _listen(self, url: str) -> None:
        connection = None
        try:
            connection = psycopg.connect(url, autocommit=True, connect_timeout=LISTEN_CONNECT_TIMEOUT_SECONDS)
            # Peewee has no LISTEN; the channel is a constant of this module.
            connection.execute(f"LISTEN {CHANNEL}")
        except psycopg.Error as error:
            if connection is not None:
                connection.close()
            self._retry_after = min(max(self._retry_after * 2, LISTEN_RETRY_FIRST_SECONDS), LISTEN_RETRY_MAX_SECONDS)
            self._retry_at = time.monotonic() + self._retry_after
            logger.warning("cannot listen for new transfers (retrying in %.0fs): %s", self._retry_after, error)
            return
        if self._retry_after:
            logger.info("listening for new transfers again")
        self._connection, self._retry_after = connection, 0.0

    def wait(self, seconds: float) -> bool:
        """Sleep up to `seconds`; True when woken by a notification. Never raises for a lost server."""
        if self._url is not None and self._connection is None and time.monotonic() >= self._retry_at:
            self._listen(self._url)
        connection = self._connection
        if connection is None:
            self._stop.wait(seconds)
            return False
        try:
            woken = any(True for _ in connection.notifies(timeout=seconds, stop_after=1))
            if woken:  # the rest that came with it wake nobody a second time
                for _ in connection.notifies(timeout=0):
                    pass
        except psycopg.Error as error:
            logger.warning("lost the connection listening for new transfers: %s", error)
            self.close()
            return False
        return woken

    def close(self) -> None:
        """Stop listening."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None
