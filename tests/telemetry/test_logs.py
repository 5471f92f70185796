"""Logs of real processes: gunicorn serving the app writes JSON lines, or readable ones on request."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from config import PROJECT_ROOT
from ledger.testing import free_port
from tests.support.databases import sqlite_url
from tests.support.messages import pacs008


@contextmanager
def gunicorn(tmp_path: Path, log_format: str) -> Iterator[tuple[str, Path]]:
    """The app under gunicorn (two workers) on a free port and a fresh SQLite store; yields URL and log."""
    url = sqlite_url(tmp_path)
    env = {**os.environ, "DATABASE_URL": url, "LOG_FORMAT": log_format}
    upgrade = [sys.executable, "-m", "flask", "--app", "app", "db", "upgrade"]
    subprocess.run(upgrade, env=env, check=True, cwd=PROJECT_ROOT, capture_output=True)
    port = free_port()
    log = tmp_path / "gunicorn.log"
    command = [
        sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "2",
        "--no-control-socket", "app:create_app()",
    ]  # fmt: skip
    with log.open("wb") as sink:
        process = subprocess.Popen(command, env=env, cwd=PROJECT_ROOT, stdout=sink, stderr=sink)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                requests.get(base + "/healthz", timeout=5)
                break
            except requests.RequestException:
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        yield base, log
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


def test_every_line_of_the_server_is_json(tmp_path: Path) -> None:
    with gunicorn(tmp_path, "json") as (base, log):
        requests.get(base + "/healthz", headers={"X-Request-ID": "probe-1"}, timeout=5)
        body = pacs008()
        requests.post(base + "/v1/pacs008/net", data=body, headers={"Content-Type": "application/xml"}, timeout=5)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    loggers = {line["logger"] for line in lines}
    assert "gunicorn.error" in loggers  # gunicorn's own start and stop messages
    requests_logged = [line for line in lines if line["logger"] == "gateway.request"][-2:]  # after the probes
    assert [(r["path"], r["status"]) for r in requests_logged] == [("/healthz", 200), ("/v1/pacs008/net", 401)]
    assert requests_logged[0]["request_id"] == "probe-1"
    assert all({"time", "level", "message", "latency_ms"} <= r.keys() for r in requests_logged)


def test_console_lines_are_for_people(tmp_path: Path) -> None:
    with gunicorn(tmp_path, "console") as (base, log):
        requests.get(base + "/healthz", headers={"X-Request-ID": "probe-2"}, timeout=5)
    text = log.read_text()
    assert "INFO gateway.request: GET /healthz 200 request_id=probe-2" in text
    with pytest.raises(json.JSONDecodeError):
        json.loads(text.splitlines()[0])
