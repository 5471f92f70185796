"""The app: how a request gets and gives back its database connection, and what the app never loads."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient
from psycopg_pool import ConnectionPool

from storage.database import database, is_postgres
from tests.support.databases import sqlite_url
from tests.support.messages import pacs028


def _query_unknown_transfer(client: FlaskClient, api_key: str) -> None:
    headers = {"NET-API-KEY": api_key, "Content-Type": "application/xml"}
    response = client.post("/v1/pacs028/net", data=pacs028(instruction_id=str(uuid.uuid4())), headers=headers)
    assert response.status_code == 404


def test_a_request_gives_its_connection_back(client: FlaskClient, api_key: str) -> None:
    _query_unknown_transfer(client, api_key)
    assert database.is_closed()
    if is_postgres():
        pool: ConnectionPool[Any] = database.obj.pool
        stats = pool.get_stats()
        assert stats["pool_available"] == stats["pool_size"]  # back in the pool, not held (decision S6)


# Run in a fresh interpreter: other tests import the sandbox ledger into this one, which would hide a leak.
_LEDGER_MODULES_PROBE = """
import json, sys
import app
after_import = sorted(m for m in sys.modules if m.partition(".")[0] == "ledger")
app.create_app({"DATABASE_URL": sys.argv[1]})
after_create = sorted(m for m in sys.modules if m.partition(".")[0] == "ledger")
print(json.dumps([after_import, after_create, "cli.settle" in sys.modules]))
"""


def test_the_app_loads_no_module_of_the_sandbox_ledger(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _LEDGER_MODULES_PROBE, sqlite_url(tmp_path)],
        cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    after_import, after_create, settle_cli_loaded = json.loads(done.stdout.splitlines()[-1])
    assert settle_cli_loaded  # the probe did reach the CLI, where the sandbox used to come in
    assert (after_import, after_create) == ([], [])
