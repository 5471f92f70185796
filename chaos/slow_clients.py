"""Slow clients: connections that send their headers, or their body, too slowly to ever finish.

Each comes from its own loopback address (127.0.0.2, 127.0.0.3, …; Linux routes all of 127/8 to
`lo`), as separate clients would, so a per-client connection limit does not hide them.
"""

from __future__ import annotations

import contextlib
import socket
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from urllib.parse import urlparse


class Slowness(Enum):
    """What a slow client holds back."""

    HEADERS = "headers"  # the request line and part of the headers, never the blank line
    BODY = "body"  # every header, a Content-Length of 2,000, then 10 bytes of body


def _request_start(slowness: Slowness, host: str, api_key: str) -> bytes:
    start = f"POST /v1/pacs008/net HTTP/1.1\r\nHost: {host}\r\nNET-API-KEY: {api_key}\r\n"
    if slowness is Slowness.HEADERS:
        return (start + "Content-Type: application/xml\r\nX-Slow: ").encode()
    return (start + "Content-Type: application/xml\r\nContent-Length: 2000\r\n\r\n<Document>").encode()


@dataclass
class SlowClient:
    """One open connection that has sent part of a request."""

    sock: socket.socket
    slowness: Slowness

    def open(self) -> bool:
        """Whether the server still keeps the connection open (it has neither closed it nor answered)."""
        self.sock.setblocking(False)
        try:
            self.sock.recv(1)  # b"" (closed) or the first byte of an answer: no longer held either way
        except (BlockingIOError, ssl.SSLWantReadError):
            return True
        except OSError:
            return False
        finally:
            self.sock.setblocking(True)
        return False


def _connect(url: str, source: str, context: ssl.SSLContext | None) -> socket.socket:
    parsed = urlparse(url)
    host, port = parsed.hostname or "127.0.0.1", parsed.port or (443 if parsed.scheme == "https" else 80)
    raw = socket.create_connection((host, port), timeout=10, source_address=(source, 0))
    if parsed.scheme == "https":
        return (context or ssl.create_default_context()).wrap_socket(raw, server_hostname=host)
    return raw


@contextlib.contextmanager
def slow_clients(
    url: str,
    count: int,
    api_key: str,
    context: ssl.SSLContext | None = None,
    slowness: Slowness | None = None,
    address: str | None = None,
) -> Iterator[list[SlowClient]]:
    """`count` slow clients against `url`, closed on exit.

    Alternately slow in headers and in body unless `slowness` says which; each from its own
    address (127.0.0.2 on) unless `address` names one for all.
    """
    clients: list[SlowClient] = []
    try:
        for index in range(count):
            kind = slowness or (Slowness.HEADERS if index % 2 == 0 else Slowness.BODY)
            sock = _connect(url, address or f"127.0.0.{2 + index}", context)
            sock.sendall(_request_start(kind, urlparse(url).netloc, api_key))
            clients.append(SlowClient(sock, kind))
        yield clients
    finally:
        for client in clients:
            with contextlib.suppress(OSError):
                client.sock.close()
