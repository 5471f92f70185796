"""The app under a real gunicorn, for what the test client hides: the wire, chunking, worker memory."""

from __future__ import annotations

import os
import queue
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from config import PROJECT_ROOT
from tests.support.processes import stream_lines, terminate

_LISTENING = re.compile(r"Listening at: http://127\.0\.0\.1:(\d+)")
_BOOTED = re.compile(r"Booting worker with pid: (\d+)")


@dataclass(frozen=True)
class Server:
    """A running gunicorn with one sync worker."""

    port: int
    master: int
    worker: int

    def rss_kib(self) -> int:
        """The worker's resident set, from /proc."""
        for line in Path(f"/proc/{self.worker}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError(f"no VmRSS for worker {self.worker}")

    def exchange(self, raw: bytes, timeout: float = 30.0) -> tuple[int, bytes]:
        """Send raw bytes on a fresh connection; return the answer's status and body."""
        answer = self.answer(raw, timeout)
        return answer.status, answer.body

    def answer(self, raw: bytes, timeout: float = 30.0) -> Answer:
        """Send raw bytes on a fresh connection; return the whole answer."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as connection:
            try:
                connection.sendall(raw)
                connection.shutdown(socket.SHUT_WR)
            except OSError:
                pass  # the server may answer and close before reading everything
            answer = b""
            while chunk := _receive(connection):
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in header_lines)}
        return Answer(int(status_line.split(" ", 2)[1]), headers, body)


@dataclass(frozen=True)
class Answer:
    """An HTTP answer as it came over the wire: header names in lower case."""

    status: int
    headers: dict[str, str]
    body: bytes


def _receive(connection: socket.socket) -> bytes:
    try:
        return connection.recv(65_536)
    except ConnectionResetError:
        return b""


def request(path: str, body: bytes, api_key: str, *, chunks: list[bytes] | None = None) -> bytes:
    """A raw HTTP/1.1 POST: with Content-Length, or chunked (`chunks`, each framed as given)."""
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nNET-API-KEY: {api_key}\r\nContent-Type: application/xml\r\n"
    if chunks is None:
        return f"{head}Content-Length: {len(body)}\r\n\r\n".encode() + body
    return f"{head}Transfer-Encoding: chunked\r\n\r\n".encode() + b"".join(chunks)


def chunked(body: bytes, size: int = 4096) -> list[bytes]:
    """`body` framed as well-formed chunks of `size` bytes, with the final empty chunk."""
    parts = [body[i : i + size] for i in range(0, len(body), size)]
    return [b"%x\r\n%s\r\n" % (len(p), p) for p in parts] + [b"0\r\n\r\n"]


@contextmanager
def gunicorn(database_url: str, *args: str, **environment: str) -> Iterator[Server]:
    """gunicorn with one sync worker on a free port, reading gunicorn.conf.py; extra `args` override it."""
    env = {**os.environ, "DATABASE_URL": database_url, **environment}
    command = [sys.executable, "-m", "gunicorn", "--bind", "127.0.0.1:0", "--workers", "1", *args, "app:create_app()"]
    process = subprocess.Popen(command, cwd=PROJECT_ROOT, env=env, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    lines, reader = stream_lines(process.stderr)
    try:
        yield _started(process, lines)
    finally:
        terminate(process)
        reader.join(timeout=10)
        process.stderr.close()


def _started(process: subprocess.Popen[str], lines: queue.Queue[str], timeout: float = 60.0) -> Server:
    seen: list[str] = []
    port = worker = None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and (port is None or worker is None):
        try:
            seen.append(lines.get(timeout=0.5))
        except queue.Empty:
            assert process.poll() is None, "".join(seen)
            continue
        if found := _LISTENING.search(seen[-1]):
            port = int(found.group(1))
        if found := _BOOTED.search(seen[-1]):
            worker = int(found.group(1))
    assert port is not None and worker is not None, "gunicorn did not start: " + "".join(seen)
    _wait_until_serving(port, deadline)
    return Server(port, process.pid, worker)


def _wait_until_serving(port: int, deadline: float) -> None:
    # The worker loads the app after it is booted; a first answer means it is ready.
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
                connection.sendall(b"GET /ready HTTP/1.0\r\n\r\n")
                if connection.recv(16):
                    return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("gunicorn did not answer")
