"""A Postgres server of the tests' own, which they may stop, start and restart.

The shared server on 5432 is never restarted by a test (others' runs use it). This one lives in a
temporary directory, listens on a free loopback port and runs as the OS user `postgres` when the
suite runs as root (Postgres refuses to run as root). It is for Postgres runs only: an SQLite run
skips the tests that use it, and so does a machine without the server binaries, except under CI,
where their absence fails the test.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.databases import postgres_url

SERVER_BIN_GLOB = "/usr/lib/postgresql/*/bin"


def server_bin_dir() -> Path | None:
    """The newest installed Postgres server's bin directory, else the one of `initdb` on PATH."""
    found = sorted(Path("/").glob(SERVER_BIN_GLOB.lstrip("/")), key=lambda p: int(p.parent.name), reverse=True)
    for directory in found:
        if (directory / "initdb").exists():
            return directory
    on_path = shutil.which("initdb")
    return Path(on_path).resolve().parent if on_path else None


def free_port() -> int:
    """A loopback TCP port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class ThrowawayPostgres:
    """One server: `url` names its `postgres` database; `stop()`, `start()` and `restart()` act on it."""

    def __init__(self, bin_dir: Path, directory: Path, run_as: list[str]) -> None:
        self.bin_dir = bin_dir
        self.directory = directory
        self.data = directory / "data"
        self.port = free_port()
        self._run_as = run_as
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self._run_as, *command], capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            log = self.directory / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}{tail}")

    def initdb(self) -> None:
        """Create the cluster: trust authentication, the `postgres` superuser, no fsync (test data)."""
        self._run(str(self.bin_dir / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync")

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        options = f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c fsync=off"
        pg_ctl = str(self.bin_dir / "pg_ctl")
        self._run(pg_ctl, "-D", str(self.data), "-l", str(self.directory / "server.log"), "-o", options, "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (`fast`: end the sessions, as a restart or an operator's stop does)."""
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        """Stop, then start again on the same port."""
        self.stop()
        self.start()

    def running(self) -> bool:
        """Whether the server's postmaster is up."""
        done = subprocess.run(
            [*self._run_as, str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "status"],
            capture_output=True, check=False,
        )  # fmt: skip
        return done.returncode == 0


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the throwaway-Postgres tests: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def throwaway_postgres() -> Iterator[ThrowawayPostgres]:
    """A running throwaway server for the session; a test that stops it must start it again."""
    if postgres_url() is None:
        pytest.skip("a throwaway Postgres server is for Postgres runs")
    bin_dir = server_bin_dir()
    if bin_dir is None:
        _unavailable("no Postgres server binaries (initdb) on this machine")
    assert bin_dir is not None
    run_as: list[str] = []
    directory = Path(tempfile.mkdtemp(prefix="throwaway-postgres-"))
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            _unavailable("running as root, and there is no OS user `postgres` to run the server as")
        os.chown(directory, owner.pw_uid, owner.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    server = ThrowawayPostgres(bin_dir, directory, run_as)
    try:
        server.initdb()
        server.start()
        yield server
    finally:
        with contextlib.suppress(RuntimeError):
            if server.running():
                server.stop("immediate")
        shutil.rmtree(directory, ignore_errors=True)
