"""One HTTP POST to a receiver: never a redirect, a hard deadline on the whole exchange, at most 64 KiB read.

Built on the standard library's http.client so that the connection goes to the address the target
rules checked (services/webhooks/targets.py) and a timer can cut a receiver that answers a byte at
a time: a per-read timeout alone would let it hold the deliverer far past the deadline.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import ssl
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass

from services.webhooks.targets import Target

MAX_BODY_READ = 65_536
USER_AGENT = "tkn-gateway-webhooks/1"


@dataclass(frozen=True)
class SendResult:
    """What one attempt got: the receiver's status (None when none came), latency and the error, if any."""

    status: int | None
    latency_ms: int
    error: str | None

    @property
    def delivered(self) -> bool:
        """A 2xx within the deadline."""
        return self.status is not None and 200 <= self.status < 300


class _Deadline:
    """Shuts the socket down when the time is up, so any blocked read or write returns at once."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._sock: socket.socket | None = None
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def watch(self, sock: socket.socket) -> None:
        self._sock = sock
        self._timer.start()

    def _expire(self) -> None:
        self.expired = True
        if self._sock is not None:
            with contextlib.suppress(OSError):  # already closed: the exchange ended in time
                self._sock.shutdown(socket.SHUT_RDWR)

    def cancel(self) -> None:
        self._timer.cancel()


def _connect(target: Target, timeout: float, tls: ssl.SSLContext | None) -> tuple[socket.socket, socket.socket]:
    raw = socket.create_connection((target.address, target.port), timeout=timeout)
    if target.scheme != "https":
        return raw, raw
    context = tls or ssl.create_default_context()
    return raw, context.wrap_socket(raw, server_hostname=target.host)


def post(
    target: Target,
    body: bytes,
    headers: Mapping[str, str],
    timeout: float,
    tls: ssl.SSLContext | None = None,
) -> SendResult:
    """POST `body` to `target` within `timeout` seconds in all; any answer's status is returned, redirects included."""
    started = time.monotonic()
    deadline = _Deadline(timeout)
    status: int | None = None
    error: str | None = None
    raw: socket.socket | None = None
    connection = (http.client.HTTPSConnection if target.scheme == "https" else http.client.HTTPConnection)(
        target.host, target.port, timeout=timeout
    )
    try:
        raw, sock = _connect(target, timeout, tls)
        deadline.watch(raw)
        connection.sock = sock
        connection.request("POST", target.path, body, {"User-Agent": USER_AGENT, **headers})
        response = connection.getresponse()
        status = response.status
        response.read(MAX_BODY_READ)
    except (OSError, http.client.HTTPException) as failure:
        if status is None:
            error = _describe(failure, deadline, timeout)
    finally:
        deadline.cancel()
        connection.close()
        if raw is not None:
            raw.close()
    latency_ms = int((time.monotonic() - started) * 1000)
    if status is not None and not 200 <= status < 300:
        error = f"HTTP {status}"
    return SendResult(status, latency_ms, error)


def _describe(failure: BaseException, deadline: _Deadline, timeout: float) -> str:
    if deadline.expired or isinstance(failure, TimeoutError):
        return f"no answer within {timeout:g} s"
    if isinstance(failure, ConnectionRefusedError):
        return "connection refused"
    if isinstance(failure, ssl.SSLError):
        return f"TLS error: {failure.reason or failure}"[:200]
    return f"{type(failure).__name__}: {failure}"[:200]
