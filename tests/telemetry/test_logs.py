"""Logs of real processes: gunicorn serving the app writes JSON lines, or readable ones on request."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import requests

from tests.support.gunicorn_log import running_gunicorn
from tests.support.messages import pacs008


def test_every_line_of_the_server_is_json(tmp_path: Path) -> None:
    with running_gunicorn(tmp_path, LOG_FORMAT="json") as (base, log):
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
    with running_gunicorn(tmp_path, LOG_FORMAT="console") as (base, log):
        requests.get(base + "/healthz", headers={"X-Request-ID": "probe-2"}, timeout=5)
    text = log.read_text()
    assert "INFO gateway.request: GET /healthz 200 request_id=probe-2" in text
    with pytest.raises(json.JSONDecodeError):
        json.loads(text.splitlines()[0])
