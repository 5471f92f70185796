"""Sandbox reads survive a dropped connection: against a real server that resets its first connections."""

from __future__ import annotations

import json
import socket
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import requests
from ledger.testing import ADMIN_RETRIES, LedgerAdmin

from tests.support.transient import READ_ATTEMPTS, holds, read_retrying

STATUS = {"latest_ledger": 7, "pending": [], "faults": {}}


class DroppingServer:
    """Resets (RST) the first `drops` connections after reading their request; answers the rest with STATUS."""

    def __init__(self, drops: int) -> None:
        self.drops = drops
        self.connections = 0
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"

    def serve(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return  # closed: the test is over
            with connection:
                connection.recv(65_536)
                self.connections += 1
                if self.connections <= self.drops:
                    # Linger 0: close() sends a reset, as a loaded server's dropped connection does.
                    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    continue
                body = json.dumps(STATUS).encode()
                head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                connection.sendall(f"{head}Connection: close\r\n\r\n".encode() + body)


@contextmanager
def dropping(drops: int) -> Iterator[DroppingServer]:
    server = DroppingServer(drops)
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.listener.shutdown(socket.SHUT_RDWR)
        server.listener.close()
        thread.join(timeout=10)


def get_status(url: str) -> object:
    return requests.get(f"{url}/_sandbox/status", timeout=10).json()


def test_a_read_whose_connection_was_dropped_is_read_again() -> None:
    with dropping(1) as server:
        assert read_retrying(lambda: get_status(server.url), pause=0) == STATUS
    assert server.connections == 2


def test_a_read_dropped_every_time_fails_after_a_bounded_number_of_attempts() -> None:
    with dropping(1_000) as server, pytest.raises(requests.ConnectionError):
        read_retrying(lambda: get_status(server.url), pause=0)
    assert server.connections == READ_ATTEMPTS


def test_a_check_a_dropped_connection_kept_from_answering_does_not_hold_yet() -> None:
    with dropping(1) as server:
        assert not holds(lambda: get_status(server.url) == STATUS)
        assert holds(lambda: get_status(server.url) == STATUS)


def test_the_sandbox_admin_reads_its_status_again_after_dropped_connections() -> None:
    with dropping(ADMIN_RETRIES) as server:
        assert LedgerAdmin(server.url).status() == STATUS
    assert server.connections == ADMIN_RETRIES + 1
