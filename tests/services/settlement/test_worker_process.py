"""`flask settle` as a process: several passes in flight on Postgres, one on SQLite, a clean SIGTERM."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import requests
from flask import Flask
from ledger.testing import free_port
from prometheus_client.parser import text_string_to_metric_families

from storage.database import database
from storage.models import SettlementPayment, Transfer
from tests.services.settlement.conftest import Sandbox, ledger_api_config, submit_transfer
from tests.support.alert_rules import promtool_series_selectors, rule_selectors, unknown_names
from tests.support.databases import postgres_url
from tests.support.processes import stream_lines

TRANSFERS = 12


@contextmanager
def running_worker(app: Flask, sandbox: Sandbox, **settings: str) -> Iterator[subprocess.Popen[str]]:
    """A `flask settle` process, killed at the end whatever happened (a stray worker would claim
    the next tests' transfers)."""
    with start_worker(app, sandbox, **settings) as worker:
        try:
            yield worker
        finally:
            if worker.poll() is None:
                worker.kill()


def start_worker(app: Flask, sandbox: Sandbox, **settings: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "DATABASE_URL": app.config["DATABASE_URL"],
        **ledger_api_config(sandbox.url),
        "SANDBOX_SECRETS_FILE": str(sandbox.secrets_file),
        "SETTLEMENT_POLL_SECONDS": "0.05",
        **settings,
    }
    return subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "app", "settle"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def wait_until_started(worker: subprocess.Popen[str], timeout: float = 60.0) -> str:
    """stderr up to the line saying the worker started (its signal handlers are in place by then)."""
    assert worker.stderr is not None
    lines, _ = stream_lines(worker.stderr)
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            seen.append(lines.get(timeout=0.5))
        except queue.Empty:
            assert worker.poll() is None, "".join(seen)
            continue
        if " started (" in seen[-1]:
            return "".join(seen)
    raise AssertionError("the worker did not start: " + "".join(seen))


def stop(worker: subprocess.Popen[str]) -> None:
    worker.send_signal(signal.SIGTERM)
    assert worker.wait(timeout=60) == 0


def unsettled() -> int:
    with database.connection_context():
        return int(Transfer.select().where(Transfer.state.in_(("Created", "Processing"))).count())


@pytest.mark.skipif(postgres_url() is None, reason="several passes per process need Postgres")
def test_a_worker_process_settles_with_two_passes_in_flight(app: Flask, sandbox: Sandbox, sandbox_key: str) -> None:
    payees = sandbox.payees(4)
    for n in range(TRANSFERS):
        submit_transfer(app, sandbox_key, payees[n % 4].public_key, amount=f"{n + 1}.00")
    with start_worker(
        app, sandbox, SETTLEMENT_PASSES="2", SETTLEMENT_BATCH_SIZE="3", SETTLEMENT_BATCH_OPS="3"
    ) as worker:
        started = wait_until_started(worker)
        try:
            deadline = time.monotonic() + 90
            while unsettled() and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            stop(worker)
    assert "2 pass(es) in flight" in started
    assert unsettled() == 0
    with database.connection_context():
        applied = Counter(
            p.transfer_id for p in SettlementPayment.select().where(SettlementPayment.outcome == "applied")
        )
        states = Counter(t.state for t in Transfer.select())
    assert states == {"Completed": TRANSFERS}
    assert sorted(applied.values()) == [1] * TRANSFERS


@pytest.mark.skipif(postgres_url() is not None, reason="the SQLite limit")
@pytest.mark.parametrize(("setting", "ignored"), [("", False), ("3", True)])
def test_sqlite_runs_one_pass(app: Flask, sandbox: Sandbox, setting: str, ignored: bool) -> None:
    with running_worker(app, sandbox, SETTLEMENT_PASSES=setting) as worker:
        started = wait_until_started(worker)
        stop(worker)
    assert ("SETTLEMENT_PASSES is ignored" in started) is ignored
    assert "1 pass(es) in flight" in started
    assert all(json.loads(line)["logger"] for line in started.splitlines())  # JSON lines, LOG_FORMAT unset


def test_the_worker_serves_its_metrics_behind_the_token(app: Flask, sandbox: Sandbox, sandbox_key: str) -> None:
    payee = sandbox.payees(1)[0]
    submit_transfer(app, sandbox_key, payee.public_key)
    port = free_port()
    url = f"http://127.0.0.1:{port}/metrics"
    with running_worker(app, sandbox, SETTLEMENT_METRICS_PORT=str(port), METRICS_TOKEN="scrape-token") as worker:
        wait_until_started(worker)
        deadline = time.monotonic() + 60
        while unsettled() and time.monotonic() < deadline:
            time.sleep(0.2)
        refused = requests.get(url, timeout=10)
        text = requests.get(url, headers={"Authorization": "Bearer scrape-token"}, timeout=10).text
        stop(worker)
    assert refused.status_code == 401
    samples = {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }
    assert samples[("tkn_settlement_envelopes_submitted_total", (("result", "PENDING"),))] >= 1
    assert samples[("tkn_ledger_request_duration_seconds_count", (("operation", "submit_async"),))] >= 1
    assert samples[("tkn_transfers", (("state", "Completed"),))] == 1
    assert samples[("tkn_settlement_blocked_transfers", ())] == 0
    assert samples[("tkn_ledger_up", (("environment", "Sandbox"),))] == 1
    assert samples[("tkn_distribution_balance_tkn", (("environment", "Sandbox"),))] == float(
        sandbox.balance(sandbox.distribution)
    )


def test_the_alert_rules_name_only_what_the_worker_and_the_api_emit(
    app: Flask, sandbox: Sandbox, sandbox_key: str
) -> None:
    payee = sandbox.payees(1)[0]
    submit_transfer(app, sandbox_key, payee.public_key)
    app.test_client().post("/v1/pacs008/net", data=b"<not-xml", headers={"NET-API-KEY": sandbox_key})
    port = free_port()
    with running_worker(app, sandbox, SETTLEMENT_METRICS_PORT=str(port)) as worker:
        wait_until_started(worker)
        deadline = time.monotonic() + 60
        while unsettled() and time.monotonic() < deadline:
            time.sleep(0.2)
        worker_text = requests.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
        stop(worker)
    api_text = app.test_client().get("/metrics").get_data(as_text=True)
    emitted = [
        (sample.name, dict(sample.labels))
        for text in (worker_text, api_text)
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    ]

    assert unknown_names(rule_selectors(), emitted, check_values=True) == []
    assert unknown_names(promtool_series_selectors(), emitted, check_values=False) == []
    assert ("tkn_settlement_envelopes_closed_total", {"environment": "Sandbox", "result": "applied"}) in emitted
