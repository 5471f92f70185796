"""Logs of real processes: gunicorn serving the app writes JSON lines, or readable ones on request."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
import requests

from telemetry.logs import gunicorn_logconfig, make_formatter
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


def _records() -> list[logging.LogRecord]:
    made = logging.getLogger("gateway.request")
    plain = made.makeRecord("gateway.request", logging.INFO, __file__, 1, "%s %s %s", ("POST", "/v1/x", 201), None)
    extras = {
        "request_id": "r-1",
        "status": 201,
        "latency_ms": 1.25,
        "organization": None,
        "ok": True,
        "ids": [1, "two"],
        "nested": {"a": 1},
        "when": datetime(2026, 11, 25, 1, 2, 3, 456789, tzinfo=UTC),
        "amount": Decimal("10.50"),
        "_private": "not written",
        "path": "/v1/pacs008/net",
    }
    with_extras = made.makeRecord(
        "gateway.request", logging.WARNING, __file__, 2, "with extras", (), None, extra=extras
    )
    try:
        raise ValueError("boom")
    except ValueError:
        failing = made.makeRecord("gateway.x", logging.ERROR, __file__, 3, "failed", (), sys.exc_info())
    as_dict = made.makeRecord("gateway.x", logging.INFO, __file__, 4, {"event": "dict", "n": 2}, (), None)
    stacked = made.makeRecord("gateway.x", logging.INFO, __file__, 5, "stack", (), None, sinfo="Stack (most recent)")
    return [plain, with_extras, failing, as_dict, stacked]


def test_json_lines_hold_level_logger_message_the_extras_and_the_time() -> None:
    plain, with_extras, failing, as_dict, _ = (json.loads(make_formatter("json").format(r)) for r in _records())
    assert plain == {"level": "INFO", "logger": "gateway.request", "message": "POST /v1/x 201", "time": plain["time"]}
    assert list(with_extras)[:4] == ["level", "logger", "message", "request_id"]
    assert list(with_extras)[-1] == "time"
    assert "_private" not in with_extras
    assert (with_extras["amount"], with_extras["when"]) == ("10.50", "2026-11-25T01:02:03.456789+00:00")
    assert (with_extras["ids"], with_extras["nested"], with_extras["organization"]) == ([1, "two"], {"a": 1}, None)
    assert failing["exc_info"].endswith("ValueError: boom")
    assert (as_dict["event"], as_dict["n"]) == ("dict", 2)
    assert datetime.fromisoformat(plain["time"]).utcoffset() == timedelta(0)


def test_records_skip_the_fields_no_formatter_writes() -> None:
    gunicorn_logconfig()
    record = logging.getLogger("gateway.request").makeRecord("x", logging.INFO, __file__, 1, "m", (), None)
    assert (record.thread, record.process, record.processName) == (None, None, None)
    for formatter in (make_formatter("json"), make_formatter("console")):
        assert "None" not in formatter.format(record).replace('"time"', "")
