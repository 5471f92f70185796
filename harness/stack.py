"""`make run` started from code: on free ports, with its state in one directory, and its processes found by name.

The run-stack test, the slow-client measurement and `make chaos` use it to drive the stack exactly
as an operator starts it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import requests

from config import PROJECT_ROOT

# make passes its jobserver to children through these; a stack started from `make test` must not inherit them.
_MAKE_VARIABLES = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")


class StackError(Exception):
    """The stack did not come up, or a process did not come back."""


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def children(pid: int) -> list[int]:
    """The direct children of a process (none when it is gone)."""
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def descendants(pid: int) -> list[int]:
    """Every process below `pid`, parents before their children."""
    found: list[int] = []
    pending = children(pid)
    while pending:
        current = pending.pop(0)
        found.append(current)
        pending.extend(children(current))
    return found


def command_line(pid: int) -> list[str]:
    """A process's argv (empty when it is gone)."""
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def wait_for(condition: Callable[[], bool], timeout: float, what: str, interval: float = 0.2) -> None:
    """Poll `condition()` until it is true; StackError naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(interval)
    raise StackError(f"timed out after {timeout:.0f} s waiting for {what}")


@dataclass
class RunStack:
    """One `make run`: API, ledger and settlement worker, each under tools.respawn, under honcho."""

    directory: Path
    database_url: str | None = None
    extra_environment: Mapping[str, str] = field(default_factory=dict)
    ledger_api: str = "horizon"  # how the worker reaches the sandbox: its Horizon face, or its Stellar RPC face
    api_port: int = field(default_factory=free_port)
    ledger_port: int = field(default_factory=free_port)
    metrics_port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = field(default=None, init=False)

    @property
    def log_path(self) -> Path:
        """honcho's output: every process's log lines, and tools.respawn's exit reports."""
        return self.directory / "run.log"

    @property
    def stack_file(self) -> Path:
        """Where this `make run` writes what it chose (not the checkout's var/stack.env)."""
        return self.directory / "stack.env"

    @property
    def api_url(self) -> str:
        """The gateway's base URL."""
        return f"http://127.0.0.1:{self.api_port}"

    @property
    def ledger_url(self) -> str:
        """The sandbox ledger's base URL."""
        return f"http://127.0.0.1:{self.ledger_port}"

    def environment(self) -> dict[str, str]:
        """The environment `make run` gets: every state file in `directory`, the chosen ports and ledger API."""
        environ = {k: v for k, v in os.environ.items() if k not in _MAKE_VARIABLES}
        environ.update(
            DATABASE_URL=self.database_url or f"sqlite:///{self.directory / 'gateway.sqlite3'}",
            DEMO_KEY_FILE=str(self.directory / "demo-api-key"),
            # The load draws every transfer from the demo's prefunded account: enough for any run.
            DEMO_ACCOUNT_FUNDING="100000000.00",
            SANDBOX_SECRETS_FILE=str(self.directory / "ledger-secrets.json"),
            DEMO_PAYEE_FILE=str(self.directory / "demo-payee"),
            SANDBOX_HORIZON_URL=self.ledger_url,
            SANDBOX_LEDGER_API=self.ledger_api,
            SANDBOX_RPC_URL=f"{self.ledger_url}/rpc",
            LEDGER_DATABASE=str(self.directory / "ledger.sqlite3"),
            API_PORT=str(self.api_port),
            LEDGER_PORT=str(self.ledger_port),
            SETTLEMENT_METRICS_PORT=str(self.metrics_port),
            TKN_STACK_FILE=str(self.stack_file),
        )
        environ.update(self.extra_environment)
        return environ

    def start(self, timeout: float = 180) -> None:
        """Run `make run` in a session of its own; return once the API and the worker are up."""
        self.directory.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                ["make", "--no-print-directory", "run"],  # noqa: S607 - the operator's make, as they would run it
                cwd=PROJECT_ROOT,
                env=self.environment(),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for(self._ready, timeout, f"make run to start (see {self.log_path})", interval=0.5)

    def _ready(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise StackError(f"make run exited with {self.process.returncode}; see {self.log_path}")
        return (
            self.answers()
            and (self.directory / "demo-payee").exists()
            and any("settle" in command_line(pid)[-1:] for pid in self.all_pids())
        )

    def answers(self) -> bool:
        """Whether the API answers an HTTP request at all (any status)."""
        try:
            requests.get(f"{self.api_url}/", timeout=2)
        except requests.RequestException:
            return False
        return True

    @property
    def api_key(self) -> str:
        """The demo organization's sandbox key that `make run` created."""
        return (self.directory / "demo-api-key").read_text().strip()

    @property
    def payee(self) -> str:
        """The demo payee's public key that the worker's sandbox setup created."""
        return (self.directory / "demo-payee").read_text().strip()

    def all_pids(self) -> list[int]:
        """Every process of the stack below make."""
        return [] if self.process is None else descendants(self.process.pid)

    def respawner(self, name: str) -> int | None:
        """The tools.respawn process of Procfile line `name`."""
        for pid in self.all_pids():
            argv = command_line(pid)
            if "tools.respawn" in argv and argv[argv.index("tools.respawn") + 1 :][:1] == [name]:
                return pid
        return None

    def supervised(self, name: str) -> int | None:
        """The process tools.respawn runs for Procfile line `name` (gunicorn's master for web), if running."""
        respawner = self.respawner(name)
        running = [] if respawner is None else children(respawner)
        return running[0] if running else None

    def gunicorn_workers(self, name: str) -> list[int]:
        """The worker processes of the gunicorn master of Procfile line `name`."""
        master = self.supervised(name)
        return [] if master is None else children(master)

    def log_text(self) -> str:
        """Everything the stack logged so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def stop(self) -> None:
        """SIGTERM to make and honcho (honcho stops its processes), then SIGKILL whatever is left."""
        if self.process is None:
            return
        left = [(pid, command_line(pid)) for pid in self.all_pids()]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        for pid, argv in left:  # only a process still running the same command: a pid may be reused
            if command_line(pid) == argv:
                os.kill(pid, signal.SIGKILL)
