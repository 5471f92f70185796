"""The bench's gunicorn: started as production runs the API."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import requests

from bench.servers import Gunicorn, flask_cli, service_environment
from bench.settings import load_settings
from harness.stack import free_port


def test_the_gateway_keeps_its_metrics_as_production_does(tmp_path: Path) -> None:
    settings = replace(load_settings({}), database_url=f"sqlite:///{tmp_path / 'bench.sqlite3'}", workers=1)
    flask_cli(settings, "db", "upgrade")
    server = Gunicorn(settings, "app:create_app()", free_port(), tmp_path / "gateway.log")
    server.start()
    try:
        assert requests.get(f"http://{settings.host}:{server.port}/healthz", timeout=10).status_code == 200
    finally:
        server.stop()
    assert list((tmp_path / "gateway.metrics").glob("*.db")), "no multiprocess metric files were written"


def test_the_bench_s_processes_never_read_a_running_stack_s_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TKN_STACK_FILE", "/somewhere/var/stack.env")
    environ = service_environment(load_settings({"BENCH_DATABASE_URL": "postgresql://bench@127.0.0.1/bench"}))
    assert environ["TKN_STACK_FILE"] == ""
    assert environ["DATABASE_URL"] == "postgresql://bench@127.0.0.1/bench"
