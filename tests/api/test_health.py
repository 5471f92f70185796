"""GET /healthz and GET /readyz: plain JSON, no key; readiness checked against a real store and ledger."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from ledger.config import DEFAULT_PASSPHRASE
from ledger.testing import free_port, run_ledger_server
from werkzeug.test import TestResponse

from app import create_app
from storage.database import database
from storage.migrate import migration_names, upgrade
from tests.support.databases import unmigrated_store


@pytest.fixture()
def app_config(app_config: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """No sandbox ledger unless a test sets one up: its secrets file does not exist."""
    return {**app_config, "SANDBOX_SECRETS_FILE": str(tmp_path / "no-ledger-secrets.json")}


def get_without_a_database(app_config: dict[str, Any], path: str) -> TestResponse:
    """GET `path` from an app whose Postgres refuses connections for real: nothing listens on its port."""
    application = create_app({**app_config, "DATABASE_URL": f"postgresql://postgres@127.0.0.1:{free_port()}/none"})
    try:
        return application.test_client().get(path)
    finally:
        database.obj.close_pool()


def test_healthz_answers_without_a_key_or_the_database(app_config: dict[str, Any]) -> None:
    response = get_without_a_database(app_config, "/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def test_ready_on_a_migrated_store(client: FlaskClient) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200, response.data
    assert response.mimetype == "application/json"
    assert response.get_json() == {"status": "ready", "checks": {"database": {"ok": True}, "migrations": {"ok": True}}}


def test_not_ready_while_migrations_are_pending(client: FlaskClient, tmp_path: Path) -> None:
    first, *rest = migration_names()
    with unmigrated_store(tmp_path):
        upgrade(until=first)
        response = client.get("/readyz")
    assert response.status_code == 503
    body = response.get_json()
    assert body["status"] == "not ready"
    assert body["checks"]["database"] == {"ok": True}
    assert body["checks"]["migrations"]["ok"] is False
    assert ", ".join(rest) in body["checks"]["migrations"]["error"]


def test_not_ready_when_the_database_cannot_be_reached(app_config: dict[str, Any]) -> None:
    response = get_without_a_database(app_config, "/readyz")
    assert response.status_code == 503
    checks = response.get_json()["checks"]
    assert checks["database"]["ok"] is False
    assert checks["database"]["error"]
    assert checks["migrations"] == {"ok": False, "error": "database unreachable"}


def test_the_sandbox_ledger_is_checked_once_configured(app_config: dict[str, Any], tmp_path: Path) -> None:
    secrets_file = tmp_path / "ledger-secrets.json"
    secrets_file.write_text("{}")
    with run_ledger_server(tmp_path / "ledger", ledger_close_seconds=0.1) as url:
        config = {**app_config, "SANDBOX_HORIZON_URL": url, "SANDBOX_SECRETS_FILE": str(secrets_file)}
        config["SANDBOX_NETWORK_PASSPHRASE"] = DEFAULT_PASSPHRASE
        application = create_app(config)
        upgrade()
        client = application.test_client()
        running = client.get("/readyz")
    stopped = client.get("/readyz")  # the ledger server has exited
    assert running.status_code == 200, running.data
    assert running.get_json()["checks"]["sandbox_ledger"] == {"ok": True}
    assert stopped.status_code == 503
    ledger_check = stopped.get_json()["checks"]["sandbox_ledger"]
    assert ledger_check["ok"] is False
    assert "LedgerUnavailable" in ledger_check["error"]
    assert stopped.get_json()["checks"]["database"] == {"ok": True}
