"""The machine and versions each result row records."""

from __future__ import annotations

import datetime as dt
import importlib.metadata
import os
import platform
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import psycopg


@dataclass(frozen=True)
class MachineInfo:
    """Where and with what a run was measured."""

    date: str
    cores: int
    memory_gib: float
    cpu: str
    python: str
    gunicorn: str
    postgres: str
    wrk: str

    @property
    def machine(self) -> str:
        """Cores and memory, for a table cell."""
        return f"{self.cores} cores, {self.memory_gib:.0f} GiB"

    @property
    def versions(self) -> str:
        """Python, gunicorn and Postgres versions, for a table cell."""
        return f"Python {self.python}, gunicorn {self.gunicorn}, Postgres {self.postgres}"


def _memory_gib() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            return int(line.split()[1]) / 1024 / 1024
    return 0.0


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _wrk_version() -> str:
    wrk = shutil.which("wrk")
    if wrk is None:
        return "missing"
    # `wrk -v` prints its banner and exits non-zero.
    done = subprocess.run(  # noqa: S603 - fixed argv, no shell
        [wrk, "-v"], capture_output=True, text=True, check=False
    )
    words = (done.stdout or done.stderr).split()
    return words[1] if len(words) > 1 else "unknown"


def describe_machine(database_url: str) -> MachineInfo:
    """Measure the machine, ask Postgres its version."""
    with psycopg.connect(database_url) as connection:
        row = connection.execute("SHOW server_version").fetchone()
    postgres = str(row[0]).split()[0] if row else "unknown"
    return MachineInfo(
        date=dt.datetime.now(dt.UTC).strftime("%Y-%m-%d"),
        cores=os.cpu_count() or 0,
        memory_gib=_memory_gib(),
        cpu=_cpu_model(),
        python=platform.python_version(),
        gunicorn=importlib.metadata.version("gunicorn"),
        postgres=postgres,
        wrk=_wrk_version(),
    )
