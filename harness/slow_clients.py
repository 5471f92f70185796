"""Slow clients: connections that send their headers, or their body, too slowly to ever finish.

Each comes from its own loopback address (127.0.0.2, 127.0.0.3, …, then 127.0.1.1 on; Linux routes
all of 127/8 to `lo`), as separate clients would, so a per-client connection limit does not hide
them; or several share an address, as a client with many connections would.
"""

from __future__ import annotations

import contextlib
import resource
import socket
import ssl
import time
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from urllib.parse import urlparse


class Slowness(Enum):
    """What a slow client holds back."""

    HEADERS = "headers"  # the request line and part of the headers, never the blank line
    BODY = "body"  # every header, a Content-Length of 2,000, then 10 bytes of body (more with drip())


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

    def drip(self) -> bool:
        """Send one more byte of the body (a space), as a client that never quite stalls; whether it went."""
        if self.slowness is not Slowness.BODY:
            raise ValueError("only a client slow in its body sends more of it")
        try:
            self.sock.sendall(b" ")
        except OSError:
            return False
        return True


# While clients are still being opened, those open already get a byte this often: opening two thousand
# TLS connections can take longer than nginx's 10 s client_body_timeout on a slow host.
DRIP_WHILE_OPENING_SECONDS = 4.0


def loopback_address(number: int) -> str:
    """The `number`th client address: 127.0.0.2 to 127.0.0.255, then 127.0.1.1 on (never x.y.z.0)."""
    if number < 254:
        return f"127.0.0.{2 + number}"
    high, low = divmod(number - 254, 255)
    return f"127.0.{1 + high}.{1 + low}"


def allow_open_files(count: int) -> None:
    """Raise this process's soft open-file limit to at least `count` (up to the hard limit) for that many sockets."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = count if hard == resource.RLIM_INFINITY else min(count, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


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
    per_address: int = 1,
    skip_refused: bool = False,
) -> Iterator[list[SlowClient]]:
    """`count` slow clients against `url`, closed on exit.

    Alternately slow in headers and in body unless `slowness` says which; `per_address` from each
    address (loopback_address(0) on) unless `address` names one for all. A connection the server
    refuses or closes before the request is sent raises, or with `skip_refused` is left out.
    """
    allow_open_files(count + 1024)  # and the process's other files and connections
    clients: list[SlowClient] = []
    dripped = time.monotonic()
    try:
        for index in range(count):
            if time.monotonic() - dripped >= DRIP_WHILE_OPENING_SECONDS:
                for client in clients:
                    if client.slowness is Slowness.BODY:
                        client.drip()
                dripped = time.monotonic()
            kind = slowness or (Slowness.HEADERS if index % 2 == 0 else Slowness.BODY)
            try:
                sock = _connect(url, address or loopback_address(index // per_address), context)
                sock.sendall(_request_start(kind, urlparse(url).netloc, api_key))
            except OSError:
                if not skip_refused:
                    raise
                continue
            clients.append(SlowClient(sock, kind))
        yield clients
    finally:
        for client in clients:
            with contextlib.suppress(OSError):
                client.sock.close()
