"""`flask settle` as a process outlives a Postgres restart and settles what comes after it."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

import storage.database
from harness.postgres import ThrowawayPostgres
from services.settlement.worker import Settler
from storage import settlement as store
from storage.database import open_database
from tests.services.settlement.conftest import Sandbox, load, submit_transfer, wait_for
from tests.services.settlement.test_worker_process import running_worker, stop, wait_until_started
from tests.support.databases import reset_postgres


@pytest.fixture()
def app_config(app_config: dict[str, Any], throwaway_postgres: ThrowawayPostgres) -> dict[str, Any]:
    """The settling app on the throwaway server, migrated."""
    reset_postgres(throwaway_postgres.url)
    return {**app_config, "DATABASE_URL": throwaway_postgres.url}


def test_the_worker_survives_a_postgres_restart_and_settles_a_transfer_created_after_it(
    app: Flask, sandbox: Sandbox, sandbox_key: str, throwaway_postgres: ThrowawayPostgres
) -> None:
    before, after = sandbox.payees(2)
    with running_worker(app, sandbox) as worker:
        wait_until_started(worker)
        first = submit_transfer(app, sandbox_key, before.public_key)
        wait_for(lambda: load(first).state == store.COMPLETED, timeout=60)
        throwaway_postgres.stop()
        time.sleep(2)  # down long enough for passes to fail and the listening connection to go
        throwaway_postgres.start()
        second = submit_transfer(app, sandbox_key, after.public_key)
        wait_for(lambda: load(second).state == store.COMPLETED, timeout=90)
        assert worker.poll() is None
        stop(worker)  # still answers SIGTERM with a clean exit
    assert sandbox.balance(after.public_key) == sandbox.balance(before.public_key) > 0


def test_passes_that_cannot_reach_the_database_are_retried_with_backoff(
    app: Flask,
    make_settler: Callable[..., Settler],
    throwaway_postgres: ThrowawayPostgres,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settler = make_settler()
    settler.run_once()  # channels registered while the server is up
    monkeypatch.setattr(storage.database, "CONNECT_WAIT_SECONDS", 0.1)
    open_database(throwaway_postgres.url)  # a pool that gives up on a connection quickly
    stop = threading.Event()
    loop = threading.Thread(target=settler.run, args=(stop,))
    throwaway_postgres.stop()
    try:
        loop.start()
        wait_for(lambda: caplog.text.count("database unreachable") >= 4, timeout=30)
    finally:
        stop.set()
        loop.join(timeout=30)
        throwaway_postgres.start()
    assert not loop.is_alive()  # it ran on through the failures and stopped when asked
    pauses = [float(p) for p in re.findall(r"database unreachable; retrying in ([0-9.]+)s", caplog.text)]
    assert pauses[:4] == [0.02, 0.04, 0.08, 0.16]  # SETTLEMENT_RETRY_BASE_SECONDS, doubling
    assert "Traceback" not in caplog.text  # an expected fault, not a bug
