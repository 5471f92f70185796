"""Postgres servers and databases of a run's own: a throwaway server that may be stopped and restarted,
and databases dropped and created afresh.

The shared server on 5432 serves everyone's tests and is never restarted. A throwaway server lives
in a temporary directory, listens on a free loopback port and runs as the OS user `postgres` when
the caller runs as root (Postgres refuses to run as root).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import psycopg
from psycopg import sql

from harness.stack import free_port

SERVER_BIN_GLOB = "/usr/lib/postgresql/*/bin"


class PostgresUnavailable(Exception):
    """This machine cannot run a throwaway server; the message says why."""


def server_bin_dir() -> Path | None:
    """The newest installed Postgres server's bin directory, else the one of `initdb` on PATH."""
    found = sorted(Path("/").glob(SERVER_BIN_GLOB.lstrip("/")), key=lambda p: int(p.parent.name), reverse=True)
    for directory in found:
        if (directory / "initdb").exists():
            return directory
    on_path = shutil.which("initdb")
    return Path(on_path).resolve().parent if on_path else None


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
        done = subprocess.run(  # noqa: S603 - the server's own binaries, no shell
            [*self._run_as, *command], capture_output=True, text=True, timeout=120, check=False
        )
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
        done = subprocess.run(  # noqa: S603 - the server's own pg_ctl, no shell
            [*self._run_as, str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "status"],
            capture_output=True, check=False,
        )  # fmt: skip
        return done.returncode == 0

    def database_url(self, name: str) -> str:
        """The URL of database `name` on this server."""
        return self.url.rsplit("/", 1)[0] + "/" + name


def throwaway_server(prefix: str) -> ThrowawayPostgres:
    """A new server in a temporary directory named with `prefix`, initialised and started.

    Raises PostgresUnavailable when there are no server binaries, or when running as root without
    an OS user `postgres` to run the server as.
    """
    bin_dir = server_bin_dir()
    if bin_dir is None:
        raise PostgresUnavailable("no Postgres server binaries (initdb) on this machine")
    run_as: list[str] = []
    owner: pwd.struct_passwd | None = None
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            raise PostgresUnavailable(
                "running as root, and there is no OS user `postgres` to run the server as"
            ) from None
        run_as = ["runuser", "-u", "postgres", "--"]
    directory = Path(tempfile.mkdtemp(prefix=prefix))
    if owner is not None:
        os.chown(directory, owner.pw_uid, owner.pw_gid)
    server = ThrowawayPostgres(bin_dir, directory, run_as)
    try:
        server.initdb()
        server.start()
    except BaseException:
        shutil.rmtree(directory, ignore_errors=True)
        raise
    return server


def destroy(server: ThrowawayPostgres) -> None:
    """Stop the server, if it runs, and remove its directory."""
    try:
        if server.running():
            server.stop("immediate")
    finally:
        shutil.rmtree(server.directory, ignore_errors=True)


def _admin(url: str, prefix: str) -> tuple[str, str]:
    """The server's `postgres` database and the name `url` names; refuses a name not starting with `prefix`."""
    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    if not name.startswith(prefix):
        raise ValueError(f"refusing to drop {name!r}: only databases named {prefix}* are dropped here")
    return urlunparse(parsed._replace(path="/postgres")), name


def drop_and_create(url: str, prefix: str) -> None:
    """Drop and create the Postgres database `url` names; refuses a name not starting with `prefix`."""
    admin, name = _admin(url, prefix)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def drop(url: str, prefix: str) -> None:
    """Drop the Postgres database `url` names, if it exists; refuses a name not starting with `prefix`."""
    admin, name = _admin(url, prefix)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
