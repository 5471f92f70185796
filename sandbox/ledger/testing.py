"""Run a real ledger server in a subprocess for tests (no pytest dependency)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from ledger.config import env_names

READY_TIMEOUT_SECONDS = 30.0
ADMIN_RETRIES = 4  # per admin read, after a dropped connection


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def server_command(port: int, threads: int = 32) -> list[str]:
    """Return the gunicorn command line that serves the ledger (one worker, threads)."""
    return [
        sys.executable, "-m", "gunicorn",
        "--workers", "1", "--worker-class", "gthread", "--threads", str(threads),
        "--bind", f"127.0.0.1:{port}", "--timeout", "120", "--no-control-socket", "--graceful-timeout", "5",
        "ledger.app:create_app()",
    ]  # fmt: skip


def wait_until_ready(base_url: str, timeout: float = READY_TIMEOUT_SECONDS) -> None:
    """Poll the root resource until it answers, or raise TimeoutError."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if requests.get(base_url + "/", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"ledger server at {base_url} did not become ready")
        time.sleep(0.05)


@contextmanager
def run_ledger_server(directory: Path | str, **config: Any) -> Iterator[str]:
    """Start a ledger server on a free loopback port, yield its base URL, stop it on exit.

    ``config`` takes the LedgerConfig field names (e.g. ``ledger_close_seconds=0`` for
    manual closing); the database defaults to ``directory/ledger.sqlite3``.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    names = env_names()
    env = dict(os.environ)
    env[names["database"]] = str(directory / "ledger.sqlite3")
    for key, value in config.items():
        env[names[key]] = str(value)
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    log_path = directory / "ledger-server.log"
    # gunicorn imports the app from its working directory: the one `ledger` itself was imported from.
    package_parent = Path(__file__).resolve().parent.parent
    with open(log_path, "ab") as log:
        process = subprocess.Popen(  # noqa: S603 - fixed argv, no shell
            server_command(port), cwd=package_parent, env=env, stdout=log, stderr=log
        )
    try:
        try:
            wait_until_ready(base_url)
        except TimeoutError:
            raise TimeoutError(log_path.read_text(errors="replace")[-4000:]) from None
        yield base_url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class LedgerAdmin:
    """A small client for the sandbox admin endpoints."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        # A fresh connection per call: a kept-alive one that the server closes while idle (gunicorn's
        # keep-alive is 2 s) can be reset under a request sent on it, failing a long test run.
        self.session.headers["Connection"] = "close"
        # A loaded machine may still drop a connection: a read (GET) is asked again, a few times,
        # as the settlement worker asks again; a POST only when it never left (a refused connect).
        retry = Retry(total=ADMIN_RETRIES, backoff_factor=0.1, allowed_methods={"GET"}, status_forcelist=())
        self.session.mount("http://", HTTPAdapter(max_retries=retry))

    def close_ledger(self, count: int = 1) -> dict[str, Any]:
        """Close ``count`` ledgers now; return the last one."""
        response = self.session.post(f"{self.base_url}/_sandbox/close_ledger", json={"count": count})
        response.raise_for_status()
        body: dict[str, Any] = response.json()
        return body

    def status(self) -> dict[str, Any]:
        """Return the latest ledger, the pending hashes and the armed faults."""
        response = self.session.get(f"{self.base_url}/_sandbox/status")
        response.raise_for_status()
        body: dict[str, Any] = response.json()
        return body

    def arm_fault(self, fault: str, count: int = 1, **extra: Any) -> dict[str, Any]:
        """Arm a fault switch (see docs/ledger.md)."""
        payload = {"fault": fault, "count": count, **extra}
        response = self.session.post(f"{self.base_url}/_sandbox/faults", json=payload)
        response.raise_for_status()
        body: dict[str, Any] = response.json()
        return body

    def clear_faults(self) -> None:
        """Disarm every fault switch."""
        self.session.delete(f"{self.base_url}/_sandbox/faults").raise_for_status()

    def wait_for_pending(self, tx_hash: str, timeout: float = 10.0) -> None:
        """Poll until ``tx_hash`` is queued, or raise TimeoutError."""
        deadline = time.monotonic() + timeout
        while tx_hash not in self.status()["pending"]:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{tx_hash} never reached the queue")
            time.sleep(0.02)
