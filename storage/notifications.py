"""Waking settlement workers when a transfer is created: Postgres LISTEN, else a plain sleep."""

from __future__ import annotations

import select
import threading
from urllib.parse import urlparse

import psycopg2
import psycopg2.extensions

CHANNEL = "transfer_created"  # notified by the trigger that migration m0001 creates


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
