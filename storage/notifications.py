"""Waking settlement workers when a transfer is created: Postgres NOTIFY/LISTEN, else a plain sleep."""

from __future__ import annotations

import logging
import select
import threading
import time
from urllib.parse import urlparse

import peewee
import psycopg2
import psycopg2.extensions

from storage.database import database, is_postgres

CHANNEL = "transfer_created"

# Well inside SETTLEMENT_POLL_SECONDS: a transfer created just after a notification is found by the
# pass that notification started or by the next poll, so pickup stays within a second.
NOTIFY_INTERVAL_SECONDS = 0.1

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
            database.execute_sql(f"NOTIFY {CHANNEL}")
        except peewee.DatabaseError as error:
            logger.warning("could not notify settlement workers: %s", error)
            return False
        return True


class TransferWakeup:
    """`wait(seconds)` returns early (True) when a transfer was created, on Postgres."""

    def __init__(self, database_url: str, stop: threading.Event | None = None) -> None:
        self._stop = stop or threading.Event()
        self._connection: psycopg2.extensions.connection | None = None
        if urlparse(database_url).scheme.startswith("postgres"):
            connection = psycopg2.connect(database_url)
            connection.set_isolation_level(psycopg2.extensions.ISOLATION_LEVEL_AUTOCOMMIT)
            with connection.cursor() as cursor:
                cursor.execute(f"LISTEN {CHANNEL}")
            self._connection = connection

    @property
    def listening(self) -> bool:
        """Whether notifications are received (Postgres)."""
        return self._connection is not None

    def wait(self, seconds: float) -> bool:
        """Sleep up to `seconds`; True when woken by a notification."""
        connection = self._connection
        if connection is None:
            self._stop.wait(seconds)
            return False
        if not connection.notifies:
            select.select([connection], [], [], seconds)
            connection.poll()
        woken = bool(connection.notifies)
        connection.notifies.clear()
        return woken

    def close(self) -> None:
        """Stop listening."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None
