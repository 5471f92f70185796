"""A command on a store that is missing or not migrated says so in one line, with the command that fixes it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import pytest
from ledger.testing import free_port

from config import PROJECT_ROOT
from tests.support.databases import postgres_url


def _flask(database_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "DATABASE_URL": database_url}
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", *args],
        check=False,
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_an_unmigrated_store_gives_one_line_naming_db_upgrade(tmp_path: Path) -> None:
    store = tmp_path / "new" / "gateway.sqlite3"
    commands = [["keys", "list"], ["status"], ["transfers", "list"], ["reconcile"], ["accounts", "list", "Acme"]]
    for command in [*commands, ["accounts", "show", "Acme", "ACC-1"], ["deliver", "--once"]]:
        result = _flask(f"sqlite:///{store}", *command)
        assert result.returncode == 1, result
        assert result.stderr.splitlines() == [
            f"Error: the store {store} is not migrated (no migration applied); "
            "run `.venv/bin/flask --app app db upgrade`"
        ], result.stderr
    assert _flask(f"sqlite:///{store}", "db", "upgrade").returncode == 0
    assert _flask(f"sqlite:///{store}", "keys", "list").returncode == 0


@pytest.mark.skipif(postgres_url() is None, reason="needs the Postgres server of the Postgres run")
def test_a_database_that_does_not_exist_gives_one_line_saying_how_to_create_it() -> None:
    url = postgres_url()
    assert url is not None
    parts = urlparse(url)
    missing = f"{parts.path.lstrip('/')}_never_created"
    result = _flask(urlunparse(parts._replace(path=f"/{missing}")), "db", "upgrade")
    assert result.returncode == 1
    host, port = parts.hostname, parts.port or 5432
    user = f" -U {parts.username}" if parts.username else ""
    assert result.stderr.splitlines() == [
        f"Error: database {missing!r} does not exist on {host}:{port}; create it with "
        f"`createdb -h {host} -p {port}{user} {missing}`, then run `.venv/bin/flask --app app db upgrade`"
    ], result.stderr


def test_a_postgres_that_does_not_answer_is_exit_status_2_never_a_reconcile_mismatch() -> None:
    port = free_port()  # nothing listens there
    for command in (["reconcile"], ["accounts", "list", "Acme"], ["status"]):
        result = _flask(f"postgresql://postgres@127.0.0.1:{port}/gateway", *command)
        assert result.returncode == 2, result
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"Error: cannot reach Postgres at 127.0.0.1:{port}: "), lines
