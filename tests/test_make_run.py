"""`make run` (Makefile, Procfile, tools.respawn): a process that dies is started again, and the stack keeps serving.

Started for real on free ports with its state in a temporary directory, on SQLite; the chaos
suite (`make chaos`) does the same on Postgres under load.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from config import PROJECT_ROOT
from harness.client import GatewayClient
from harness.stack import RunStack, wait_for
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
    # The worker's metrics are on, for the alert rules in deploy/prometheus.
    scraped = requests.get(f"http://127.0.0.1:{stack.metrics_port}/metrics", timeout=10)
    applied = r'tkn_settlement_envelopes_closed_total\{environment="Sandbox",result="applied"\} [1-9]'
    assert re.search(applied, scraped.text)

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


def _another_terminal_follows_the_stack(stack: RunStack) -> None:
    """Commands in a terminal with none of make run's exports find its store and ledger through the stack file."""
    exported = {name for name, value in stack.environment().items() if os.environ.get(name) != value}
    terminal = {name: value for name, value in os.environ.items() if name not in exported}
    # The checkout's own client (a venv shared between checkouts may hold another's), and this stack's file.
    terminal.update(TKN_STACK_FILE=str(stack.stack_file), PYTHONPATH=str(PROJECT_ROOT / "client"))
    assert f"SANDBOX_HORIZON_URL={stack.ledger_url}\n" in stack.stack_file.read_text()
    status = _command(terminal, PROJECT_ROOT / ".venv" / "bin" / "flask", "--app", "app", "status")
    assert status.returncode == 0, status.stderr  # 2 if it asked the default ledger port instead
    shown = _command(terminal, PROJECT_ROOT / ".venv" / "bin" / "flask", "--app", "app", "accounts", "show",
                     "Demo Organization", "ACC-000123456")  # fmt: skip
    assert "available" in shown.stdout, shown.stderr
    sent = _command(terminal, sys.executable, "-m", "tkn_client", "submit", "--amount", "1.00",
                    "--creditor", stack.payee, "--debtor", "ACC-000123456")  # fmt: skip
    assert sent.stdout.startswith("HTTP 201 ACCP"), sent.stderr


def _command(environ: dict[str, str], *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(arg) for arg in args],
        cwd=PROJECT_ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_an_invalid_setting_stops_make_run_in_one_line_before_anything_starts(tmp_path: Path) -> None:
    stack = RunStack(tmp_path / "stack", extra_environment={"OPS_TOKEN": "short"})
    made = subprocess.run(
        ["make", "--no-print-directory", "run"],
        cwd=PROJECT_ROOT,
        env=stack.environment(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert made.returncode != 0
    lines = (made.stdout + made.stderr).splitlines()
    assert lines[0].startswith("Error: OPS_TOKEN is 5 characters, it must be at least 16"), lines
    assert len(lines) <= 2 and all(line.startswith("make: ***") for line in lines[1:]), lines
    assert not stack.stack_file.exists()


class DefaultStateStack(RunStack):
    """`make run` with only the store chosen: the ledger's database and secrets where make puts them."""

    def environment(self) -> dict[str, str]:
        """RunStack's environment without the ledger's own paths."""
        environ = super().environment()
        del environ["LEDGER_DATABASE"], environ["SANDBOX_SECRETS_FILE"]
        return environ


def test_make_run_keeps_the_ledger_beside_the_store_says_when_ready_and_stops_quietly_on_ctrl_c(
    tmp_path: Path,
) -> None:
    stack = DefaultStateStack(tmp_path / "stack")
    try:
        stack.start()
        wait_for(lambda: "ready: API" in stack.log_text(), 120, "the ready line")
        ready = [line for line in stack.log_text().splitlines() if "ready: API" in line]
        assert len(ready) == 1
        directory = stack.directory
        assert ready[0].endswith(
            f"ready: API {stack.api_url}, sandbox ledger {stack.ledger_url}; demo key in "
            f"{directory / 'demo-api-key'}, demo payee in {directory / 'demo-payee'}; other terminals read the "
            f"settings in {stack.stack_file}. Press Ctrl-C to stop everything."
        )
        # Beside the store (DATABASE_URL names gateway.sqlite3 in the same directory), not in var/.
        assert (directory / "ledger.sqlite3").exists() and (directory / "ledger-secrets.json").exists()
        _another_terminal_follows_the_stack(stack)

        # A process still starting when Ctrl-C comes dies before its handlers exist; stop a running stack.
        wait_for(lambda: "settlement worker" in stack.log_text() and " started (" in stack.log_text(), 60, "the worker")
        assert stack.process is not None
        os.killpg(stack.process.pid, signal.SIGINT)  # what Ctrl-C in make run's terminal does
        # make itself ends by the SIGINT, silently, as any program stopped with Ctrl-C; never by an error.
        assert stack.process.wait(timeout=60) in (0, -signal.SIGINT)
        log = stack.log_text()
        assert "make: ***" not in log and "Traceback" not in log
        for name in ("web", "ledger", "settle", "ready"):
            assert f"{name}.1 stopped (rc=0)" in log, log[-3000:]
    finally:
        stack.stop()
