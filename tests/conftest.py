"""Fixtures: the app on a fresh store, its test client and CLI runner, keys, a live HTTP server."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import freezegun
import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from hypothesis import HealthCheck, settings
from werkzeug.serving import make_server

from app import create_app
from services.api_keys import Environment, issue_api_key
from storage.database import database
from storage.migrate import upgrade
from storage.organizations import insert_organization
from tests.support.databases import empty_postgres_tables, postgres_url, reset_postgres, sqlite_url

pytest_plugins = ["tests.support.throwaway_postgres"]

# No test, nor a command it starts, reads the settings of a `make run` going in this checkout
# (var/stack.env); a test of the stack file names its own.
os.environ["TKN_STACK_FILE"] = ""

# The driver and its pool keep real time: a frozen clock would expire every pooled connection and
# stall the pool's own scheduling. The app's rules still run on the frozen clock.
freezegun.configure(extend_ignore_list=["psycopg"])

# Property tests (hypothesis): a modest number of examples keeps `make test` fast;
# HYPOTHESIS_PROFILE=thorough runs many more. The app and key fixtures are shared by a test's
# examples on purpose, and no example database is written into the checkout.
_PROPERTY_SETTINGS = {
    "deadline": None,
    "database": None,
    "suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
}
settings.register_profile("default", max_examples=60, **_PROPERTY_SETTINGS)  # type: ignore[arg-type]
settings.register_profile("thorough", max_examples=3000, **_PROPERTY_SETTINGS)  # type: ignore[arg-type]
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def _signal_handlers_untouched() -> Iterator[None]:
    """No test leaves a signal handler in the process that runs the suite: Ctrl-C must still stop it."""
    watched = (signal.SIGINT, signal.SIGTERM, signal.SIGALRM)
    before = [signal.getsignal(signum) for signum in watched]
    yield
    assert [signal.getsignal(signum) for signum in watched] == before, "a test changed a signal handler"


@pytest.fixture(scope="session")
def _postgres_ready() -> str | None:
    url = postgres_url()
    if url is not None:
        reset_postgres(url)
    return url


@pytest.fixture()
def app_config(tmp_path: Path, _postgres_ready: str | None) -> dict[str, Any]:
    """Overrides for create_app: a fresh store per test."""
    return {
        "TESTING": True,
        "DATABASE_URL": _postgres_ready or sqlite_url(tmp_path),
        "DEMO_KEY_FILE": str(tmp_path / "demo-api-key"),
        # Not the default beside the developer's own store: no sandbox unless a test sets one up.
        "SANDBOX_SECRETS_FILE": str(tmp_path / "ledger-secrets.json"),
    }


@pytest.fixture()
def app(app_config: dict[str, Any], _postgres_ready: str | None) -> Iterator[Flask]:
    """The app, on an empty, migrated store."""
    application = create_app(app_config)
    if _postgres_ready:
        empty_postgres_tables()
    else:
        upgrade()
    yield application
    if not database.is_closed():
        database.close()


@pytest.fixture()
def organization_id(app: Flask) -> int:
    """An organization on the test store, for tests below the API."""
    with database.connection_context():
        return int(insert_organization("Storage Bank").id)


@pytest.fixture()
def client(app: Flask) -> FlaskClient:
    """Flask's test client."""
    return app.test_client()


@pytest.fixture()
def runner(app: Flask) -> FlaskCliRunner:
    """Flask's CLI runner."""
    return app.test_cli_runner()


def make_key(name: str, environment: Environment = Environment.SANDBOX) -> str:
    """Create an organization and return a fresh plain key for it."""
    with database.connection_context():
        with database.atomic():
            insert_organization(name)
        plain, _ = issue_api_key(name, environment)
    return plain


@pytest.fixture()
def api_key(app: Flask) -> str:
    """A sandbox key of organization 'Acme Bank'."""
    return make_key("Acme Bank")


@pytest.fixture()
def other_api_key(app: Flask) -> str:
    """A sandbox key of another organization."""
    return make_key("Other Bank")


@pytest.fixture()
def live_server(app: Flask) -> Iterator[str]:
    """The app behind a real threaded HTTP server on a free loopback port; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()
