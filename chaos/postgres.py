"""Postgres for the fault suite: fresh `chaos_*` databases, and a throwaway server that may be restarted.

The shared server on 5432 serves everyone's tests and is never restarted: the Postgres-restart
scenario runs on a server of its own, the one the tests restart (tests/support/throwaway_postgres.py):
initdb in a temporary directory, run as the OS user `postgres`, on a free port.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from bench.servers import drop_and_create
from chaos.stack import StackError
from tests.support.throwaway_postgres import ThrowawayPostgres, server_bin_dir


def recreate_database(url: str) -> None:
    """Drop and create the database `url` names; refuses any name not starting with `chaos_`."""
    drop_and_create(url, "chaos_")


def throwaway_server() -> ThrowawayPostgres:
    """A server of the suite's own, initialised and started (tests/support/throwaway_postgres.py)."""
    bin_dir = server_bin_dir()
    if bin_dir is None:
        raise StackError("no Postgres server binaries (initdb) on this machine")
    directory = Path(tempfile.mkdtemp(prefix="chaos-postgres-"))
    run_as: list[str] = []
    if os.geteuid() == 0:  # Postgres refuses to run as root
        shutil.chown(directory, "postgres", "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    server = ThrowawayPostgres(bin_dir, directory, run_as)
    server.initdb()
    server.start()
    return server


def database_url(server: ThrowawayPostgres, name: str) -> str:
    """The URL of database `name` on the throwaway server."""
    return server.url.rsplit("/", 1)[0] + "/" + name


def destroy(server: ThrowawayPostgres) -> None:
    """Stop the throwaway server and remove its directory."""
    try:
        if server.running():
            server.stop("immediate")
    finally:
        shutil.rmtree(server.directory, ignore_errors=True)
