"""`make run` (Makefile, Procfile, tools.respawn): a process that dies is started again, and the stack keeps serving.

Started for real on free ports with its state in a temporary directory, on SQLite; the chaos
suite (`make chaos`) does the same on Postgres under load.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from chaos.client import GatewayClient
from chaos.stack import RunStack, wait_for
from tests.support.databases import postgres_url

pytestmark = pytest.mark.skipif(
    postgres_url() is not None, reason="runs once, on SQLite: the stack is the same on both stores"
)


@pytest.fixture()
def stack(tmp_path: Path) -> Iterator[RunStack]:
    running = RunStack(tmp_path / "stack")
    try:
        running.start()
        yield running
    finally:
        running.stop()


def _settles(client: GatewayClient, payee: str) -> None:
    submission = client.submit(payee)
    assert submission.status == 201
    assert submission.transfer_id is not None
    transfer_id = submission.transfer_id
    wait_for(lambda: client.status(transfer_id) == "ACSC", 90, f"transfer {transfer_id} to settle")


def _replaced(stack: RunStack, name: str, old: int) -> bool:
    now = stack.supervised(name)
    return now is not None and now != old


def test_a_killed_worker_api_worker_or_api_master_comes_back_and_the_stack_keeps_serving(stack: RunStack) -> None:
    client = GatewayClient(stack.api_url, stack.api_key)
    _settles(client, stack.payee)

    worker = stack.supervised("settle")
    assert worker is not None
    os.kill(worker, signal.SIGKILL)
    wait_for(lambda: _replaced(stack, "settle", worker), 60, "a new settlement worker")

    api_worker = stack.gunicorn_workers("web")[0]
    os.kill(api_worker, signal.SIGKILL)
    wait_for(lambda: len(set(stack.gunicorn_workers("web")) - {api_worker}) == 2, 60, "gunicorn to replace its worker")

    master = stack.supervised("web")
    assert master is not None
    os.kill(master, signal.SIGKILL)
    wait_for(lambda: _replaced(stack, "web", master) and len(stack.gunicorn_workers("web")) == 2, 90, "a new API")
    _settles(client, stack.payee)

    log = stack.log_text()
    assert "settle killed by SIGKILL after" in log
    assert "web killed by SIGKILL after" in log
    assert stack.process is not None and stack.process.poll() is None
