"""Postgres for the fault suite: fresh `chaos_*` databases, and a throwaway server that may be restarted.

The shared server on 5432 serves everyone's tests and is never restarted: the Postgres-restart
scenario runs on a server of its own, made with initdb in a temporary directory and run as the OS
user `postgres` (Postgres refuses to run as root) on a free port.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import psycopg
from psycopg import sql

from chaos.stack import StackError, free_port

SHARED_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"


def recreate_database(url: str) -> None:
    """Drop and create the database `url` names; refuses any name not starting with `chaos_`."""
    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    if not name.startswith("chaos_"):
        raise StackError(f"refusing to drop {name!r}: the fault suite's databases are named chaos_*")
    admin = urlunparse(parsed._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def _postgres_bin() -> Path:
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parent.parent.name))
    if not versions:
        raise StackError("no Postgres server binaries under /usr/lib/postgresql")
    return versions[-1].parent


def _as_postgres(*argv: str) -> list[str]:
    """Run as the `postgres` OS user when we are root (Postgres will not run as root)."""
    if os.geteuid() != 0:
        return list(argv)
    return ["runuser", "-u", "postgres", "--", *argv]


@dataclass
class ThrowawayPostgres:
    """A Postgres server in `directory`, on a free port, that the fault suite may stop and start."""

    directory: Path
    port: int = field(default_factory=free_port)

    @property
    def data(self) -> Path:
        """The cluster's data directory."""
        return self.directory / "data"

    def url(self, database: str) -> str:
        """A URL to one database of this server."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, *argv: str) -> None:
        done = subprocess.run(_as_postgres(*argv), capture_output=True, text=True, check=False, timeout=120)  # noqa: S603
        if done.returncode != 0:
            raise StackError(f"{' '.join(argv[:2])} failed: {done.stderr.strip() or done.stdout.strip()}")

    def create(self) -> None:
        """initdb (trust authentication on loopback only), then start."""
        self.directory.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.directory, "postgres", "postgres")
        self._run(str(_postgres_bin() / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        self.start()

    def start(self) -> None:
        """Start the server and wait until it accepts connections."""
        options = f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c fsync=off"
        pg_ctl = str(_postgres_bin() / "pg_ctl")
        self._run(pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.directory / "server.log"), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (`fast`: roll back open transactions and close every connection)."""
        if (self.data / "postmaster.pid").exists():
            self._run(str(_postgres_bin() / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def destroy(self) -> None:
        """Stop the server and remove its directory."""
        try:
            self.stop("immediate")
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
