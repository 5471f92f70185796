"""A real webhook receiver: a threaded HTTP server on loopback that records every request and answers as told."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from harness.stack import free_port


@dataclass(frozen=True)
class Received:
    """One request as the receiver got it."""

    path: str
    headers: dict[str, str]
    body: bytes


@dataclass(frozen=True)
class Answer:
    """What to answer: status, headers, body, and seconds to wait first."""

    status: int = 200
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b"ok"


Policy = Callable[[Received], Answer]


class Receiver:
    """Start, stop and start again on the same port; `policy` decides each answer (default: 200 at once)."""

    def __init__(self, policy: Policy | None = None) -> None:
        self.port = free_port()
        self.policy: Policy = policy or (lambda _: Answer())
        self.received: list[Received] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The receiver's base URL; paths under it all reach it."""
        return f"http://127.0.0.1:{self.port}/hooks"

    def start(self) -> Receiver:
        """Listen (again) on the receiver's port."""
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                if len(body) < length:  # the sender died mid-request: nothing arrived, as for any server
                    self.close_connection = True
                    return
                got = Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                with receiver._lock:
                    receiver.received.append(got)
                answer = receiver.policy(got)
                if answer.delay:
                    time.sleep(answer.delay)
                try:
                    self.send_response(answer.status)
                    for name, value in answer.headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(answer.body)))
                    self.end_headers()
                    self.wfile.write(answer.body)
                except OSError:
                    pass  # the sender gave up first

            def log_message(self, format: str, *args: object) -> None:
                return None

        ThreadingHTTPServer.allow_reuse_address = True
        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop listening: connections are refused until `start`."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join()

    def ids(self) -> list[str]:
        """The `webhook-id` of every request so far, in arrival order."""
        with self._lock:
            return [r.headers["webhook-id"] for r in self.received]

    def snapshot(self) -> list[Received]:
        """Every request so far."""
        with self._lock:
            return list(self.received)


def running(policy: Policy | None = None) -> Iterator[Receiver]:
    """A started receiver, stopped afterwards (for fixtures)."""
    receiver = Receiver(policy).start()
    try:
        yield receiver
    finally:
        receiver.stop()
