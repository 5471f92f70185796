"""The processes under test: the bench database, the gateway under gunicorn, and the floor app."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from bench.floor import CREATE_TABLE
from bench.settings import PROJECT_ROOT, BenchSettings
from harness.postgres import drop_and_create
from telemetry.metrics import MULTIPROCESS_DIR_VARIABLE

BIN = Path(sys.executable).parent


class BenchError(Exception):
    """The bench could not set itself up."""


def recreate_database(url: str) -> None:
    """Drop and create the bench database (its name must start with `bench`), so every run starts from
    empty tables."""
    drop_and_create(url, "bench")
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(CREATE_TABLE)


# What the bench organization may send to each endpoint a second: far above anything a bench offers,
# so nothing is refused while the limiter still runs its statement on every request.
BENCH_RATES = {f"RATE_LIMIT_{endpoint}_PER_SECOND": "1000000" for endpoint in ("PACS008", "PACS028", "BATCH_STATUS")}


def service_environment(settings: BenchSettings) -> dict[str, str]:
    """The environment of every process we start: the bench database, and rates that never refuse."""
    environ = dict(os.environ)
    environ["TKN_STACK_FILE"] = ""  # never a running `make run`'s settings (its ports, its metrics port)
    environ["DATABASE_URL"] = settings.database_url
    environ["BENCH_FLOOR_DSN"] = settings.database_url
    environ.update(BENCH_RATES)
    return environ


def flask_cli(settings: BenchSettings, *args: str, tree: Path = PROJECT_ROOT) -> str:
    """Run `flask --app app ARGS` from `tree` (whose `app` it loads) against the bench database; its output."""
    done = subprocess.run(  # noqa: S603 - fixed argv, no shell
        [str(BIN / "flask"), "--app", "app", *args],
        cwd=tree,
        env=service_environment(settings),
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    if done.returncode != 0:
        raise BenchError(f"flask {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


def prepare_service_database(settings: BenchSettings, tree: Path = PROJECT_ROOT) -> str:
    """Recreate the bench database, migrate it and create the bench organization with `tree`'s own code;
    its sandbox API key."""
    recreate_database(settings.database_url)
    flask_cli(settings, "db", "upgrade", tree=tree)
    flask_cli(settings, "orgs", "create", "bench", tree=tree)
    lines = flask_cli(settings, "keys", "issue", "bench", tree=tree).strip().splitlines()
    return lines[-1].strip()


# W1-prefunded's organization: every transfer draws on one hot account, funded for any run.
PREFUNDED_ORGANIZATION = "bench-prefunded"
HOT_ACCOUNT = "ACC-000123456"  # bench/load.lua's DbtrAcct
HOT_ACCOUNT_FUNDING = "1000000000.00"  # 8 million transfers of the bench's 125.50 USD


def prepare_prefunded_organization(settings: BenchSettings) -> str:
    """Create the prefunded organization with its funded hot account; its sandbox API key."""
    flask_cli(settings, "orgs", "create", PREFUNDED_ORGANIZATION)
    flask_cli(settings, "orgs", "set-funding", PREFUNDED_ORGANIZATION, "prefunded")
    flask_cli(settings, "accounts", "open", PREFUNDED_ORGANIZATION, HOT_ACCOUNT)
    flask_cli(
        settings, "accounts", "fund", PREFUNDED_ORGANIZATION, HOT_ACCOUNT, HOT_ACCOUNT_FUNDING, "--reference", "bench"
    )
    lines = flask_cli(settings, "keys", "issue", PREFUNDED_ORGANIZATION).strip().splitlines()
    return lines[-1].strip()


@dataclass
class Gunicorn:
    """A gunicorn master started for the bench, with the same flags for the gateway and the floor."""

    settings: BenchSettings
    target: str
    port: int
    log: Path
    tree: Path = PROJECT_ROOT  # the working directory: gunicorn imports the app from here first
    environ: dict[str, str] = field(default_factory=dict)  # added to the service environment
    process: subprocess.Popen[bytes] | None = field(default=None, init=False)

    def command(self) -> list[str]:
        """The production command line: several workers, access log on, bound to loopback."""
        return [
            str(BIN / "gunicorn"),
            "--bind",
            f"{self.settings.host}:{self.port}",
            "--workers",
            str(self.settings.workers),
            "--worker-class",
            self.settings.worker_class,
            "--threads",
            str(self.settings.threads),
            "--backlog",
            "2048",
            "--access-logfile",
            str(self.log.with_suffix(".access.log")),
            self.target,
        ]

    def start(self) -> None:
        """Start and wait until it answers on its port."""
        environ = service_environment(self.settings)
        # Metrics as production keeps them under gunicorn: each worker's values in a file (Procfile).
        environ[MULTIPROCESS_DIR_VARIABLE] = str(self.log.with_suffix(".metrics"))
        environ.update(self.environ)
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(  # noqa: S603 - fixed argv, no shell
                self.command(), cwd=self.tree, env=environ, stdout=log, stderr=log
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BenchError(f"gunicorn {self.target} exited; see {self.log}")
            if len(self.worker_pids()) >= self.settings.workers and _port_open(self.settings.host, self.port):
                time.sleep(1.0)  # let every worker finish loading the app
                return
            time.sleep(0.2)
        raise BenchError(f"gunicorn {self.target} did not start within 60 s; see {self.log}")

    def worker_pids(self) -> list[int]:
        """The worker processes of this master."""
        if self.process is None:
            return []
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return [int(pid) for pid in children.read_text().split()]
        except OSError:
            return []

    def worker_rss_mib(self) -> dict[int, float]:
        """Resident memory of each worker, in MiB, by process ID."""
        return {pid: rss for pid in self.worker_pids() if (rss := process_rss_mib(pid)) is not None}

    def worker_cpu_seconds(self) -> float:
        """User + system CPU seconds used so far by all workers: per-request cost that noise on a shared
        machine does not change."""
        return sum(process_cpu_seconds(pid) for pid in self.worker_pids())

    def stop(self) -> None:
        """Graceful stop (SIGTERM), then SIGKILL after 20 s."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def process_rss_mib(pid: int) -> float | None:
    """VmRSS of a process in MiB, None when it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def process_cpu_seconds(pid: int) -> float:
    """utime + stime of a process, 0 when it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def port_free(host: str, port: int) -> bool:
    """True when nothing listens on the port."""
    return not _port_open(host, port)


def stop_all(servers: Sequence[Gunicorn]) -> None:
    """Stop every server, ignoring ones that never started."""
    for server in servers:
        server.stop()
