"""docs/operations.md's runbook is real: its metrics exist, its commands exist, its backups restore.

The backup and restore commands are taken from the document as written and run with only their
paths (and the database URL) replaced.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import psycopg
import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from prometheus_client import CollectorRegistry, generate_latest
from psycopg import sql

from config import PROJECT_ROOT
from services.settlement.ledger_metrics import DistributionBalanceCollector
from tests.support.databases import postgres_url
from tests.support.operations import seed

RUNBOOK = (PROJECT_ROOT / "docs" / "operations.md").read_text().split("## Runbook", 1)[1]
SAMPLE_SUFFIXES = {"counter": ("", "_total"), "histogram": ("", "_bucket", "_count", "_sum"), "gauge": ("",)}
DATABASE_NAMES = {"tkn_gateway", "tkn_gateway_restored"}  # the runbook's Postgres role and databases
STORE = "~/.local/state/tkn-gateway/gateway.sqlite3"
SQLITE_BACKUP = "/var/backups/tkn-gateway/gateway.sqlite3"


def _line(starting: str) -> str:
    """The runbook's one line that starts with `starting`."""
    found = [line for line in RUNBOOK.splitlines() if line.startswith(starting)]
    assert len(found) == 1, f"expected one line starting {starting!r}, found {found}"
    return found[0]


def _exported_names(client: FlaskClient) -> set[str]:
    """Every sample name the API's /metrics and the worker's ledger gauges can expose."""
    registry = CollectorRegistry()
    registry.register(DistributionBalanceCollector({}))
    text = client.get("/metrics").get_data(as_text=True) + generate_latest(registry).decode()
    names: set[str] = set()
    for family, kind in re.findall(r"^# TYPE (\w+) (\w+)$", text, re.MULTILINE):
        names.update(family + suffix for suffix in SAMPLE_SUFFIXES.get(kind, ("",)))
    return names


def test_every_metric_the_runbook_names_is_exported(client: FlaskClient) -> None:
    named = set(re.findall(r"\btkn_[a-z_]+", RUNBOOK)) - DATABASE_NAMES
    assert {"tkn_store_up", "tkn_ledger_up", "tkn_settlement_blocked_transfers"} <= named
    assert named - _exported_names(client) == set()


def test_every_flask_command_the_runbook_gives_exists(runner: FlaskCliRunner) -> None:
    found = re.findall(r"flask --app app ([a-z]+)(?: ([a-z][a-z-]*))?", RUNBOOK)
    commands = {tuple(word for word in words if word) for words in found}
    assert ("status",) in commands and ("keys", "revoke") in commands
    for command in sorted(commands):
        result = runner.invoke(args=[*command, "--help"])
        assert result.exit_code == 0, f"flask --app app {' '.join(command)}: {result.output}"
    assert "--channels" in runner.invoke(args=["status", "--help"]).output


def test_every_ledger_command_the_runbook_gives_exists() -> None:
    for command, options in re.findall(r"-m ledger [^`|]*? (bootstrap|setup)((?: --[a-z-]+ \w+)*)", RUNBOOK):
        shown = subprocess.run(
            [sys.executable, "-m", "ledger", command, "--help"],
            check=False,
            capture_output=True,
            text=True,
            cwd=PROJECT_ROOT,
        )
        assert shown.returncode == 0, shown.stderr
        for option in re.findall(r"--[a-z-]+", options):
            assert option in shown.stdout, f"python -m ledger {command} has no {option}"


@pytest.mark.skipif(postgres_url() is not None, reason="the SQLite backup, on the SQLite run")
def test_the_sqlite_backup_and_restore_keep_every_transfer(app: Flask, organization_id: int, tmp_path: Path) -> None:
    seeded = seed(organization_id)
    store = app.config["DATABASE_URL"].split("///", 1)[1]
    backup = tmp_path / "backups" / "gateway.sqlite3"
    backup.parent.mkdir()

    def run(line: str) -> None:
        command = line.replace(STORE, store).replace(SQLITE_BACKUP, str(backup))
        subprocess.run(["bash", "-euo", "pipefail", "-c", command], cwd=PROJECT_ROOT, check=True)

    run(_line(".venv/bin/python -c 'import sqlite3"))  # online, while the app holds the store open
    with database_file(store) as live:
        live.execute("DELETE FROM transfer_event")
        live.execute("DELETE FROM transfer")
    run(_line("rm -f ~/.local/state/tkn-gateway/gateway.sqlite3-wal"))
    run(_line("cp /var/backups/tkn-gateway/gateway.sqlite3"))
    with database_file(store) as restored:
        assert restored.execute("SELECT COUNT(*) FROM transfer").fetchone()[0] == sum(
            map(len, seeded.by_state.values())
        )


@contextlib.contextmanager
def database_file(path: str) -> Iterator[sqlite3.Connection]:
    """A plain sqlite3 connection that commits and closes when its block ends."""
    connection = sqlite3.connect(path)
    try:
        yield connection
        connection.commit()
    finally:
        connection.close()


@pytest.mark.skipif(postgres_url() is None, reason="the Postgres dump, on the Postgres run")
def test_the_postgres_dump_restores_into_a_fresh_database(organization_id: int, tmp_path: Path) -> None:
    url = postgres_url()
    assert url is not None
    seeded = seed(organization_id)
    dump = tmp_path / "gateway.dump"
    parts = urlparse(url)
    restored_name = f"{parts.path.lstrip('/')}_restored"
    restored_url = urlunparse(parts._replace(path=f"/{restored_name}"))
    admin_url = urlunparse(parts._replace(path="/postgres"))
    pg_dump = _line("pg_dump ").replace('"$DATABASE_URL"', url)
    pg_dump = re.sub(r'--file="[^"]+"', f"--file={dump}", pg_dump)
    subprocess.run(["bash", "-euo", "pipefail", "-c", pg_dump], check=True)
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(restored_name)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(restored_name)))
    try:
        restore = _line("pg_restore ").replace("--role=tkn_gateway ", "")
        restore = re.sub(r"--dbname=\S+", f"--dbname={restored_url}", restore)
        restore = re.sub(r"/var/backups/\S+$", str(dump), restore)
        subprocess.run(["bash", "-euo", "pipefail", "-c", restore], check=True)
        with psycopg.connect(restored_url) as restored:
            row = restored.execute("SELECT COUNT(*) FROM transfer").fetchone()
            assert row is not None and row[0] == sum(map(len, seeded.by_state.values()))
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(restored_name)))
