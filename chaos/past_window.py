"""The worker stopped longer than the ledger API keeps history, with envelopes in flight.

On Stellar RPC a miss covers only the instance's retention window, so once the window has moved
past an envelope nothing the ledger API says can settle it: its transfers are held for the
operator and `reconcile` reports them (docs/settlement.md, "When the window has passed"). The
fault checks that promise and then walks the operator's path from docs/operations.md: switch the
network to Horizon, whose history is whole, until no transfer is held, then back. On Horizon the
same fault holds nothing: the worker settles every envelope by itself.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass

import psycopg
import requests

from chaos.faults import Target
from config import PROJECT_ROOT
from harness.stack import RunStack, StackError, descendants, wait_for

# The sandbox's RPC instances keep this many ledgers (1 s each under `make run`): past the envelope's
# bound (SETTLEMENT_LEDGER_BOUND, 12) and its margin, so a running worker settles inside the window.
RETENTION_LEDGERS = 30
UNAPPLIED = 3  # submissions answered 504 and never applied: envelopes surely in flight at the stop
SETTLED_WITHIN = 180.0  # seconds for the restarted worker to leave nothing open but held transfers
OPERATOR_WITHIN = 180.0  # seconds for the Horizon worker to settle every held transfer (looked up every 60 s)
HELD_CHECK = "no transfer held for the operator"


@dataclass(frozen=True)
class Counts:
    """The scenario's transfers that are open, and those of them held for the operator."""

    open: int
    held: int


def counts(database_url: str) -> Counts:
    """Open and held transfers in the scenario's own database (every transfer there is the load's)."""
    with psycopg.connect(database_url) as connection:
        row = connection.execute(
            "SELECT count(*), count(*) FILTER (WHERE last_error LIKE 'held for the operator:%%') "
            "FROM transfer WHERE state NOT IN ('Completed', 'Failed')"
        ).fetchone()
    assert row is not None
    return Counts(int(row[0]), int(row[1]))


def _ledger_at(stack: RunStack) -> int:
    status: dict[str, int] = requests.get(f"{stack.ledger_url}/_sandbox/status", timeout=10).json()
    return int(status["latest_ledger"])


def held_envelopes(database_url: str) -> list[str]:
    """The hashes of the envelopes whose transfers are held (each held transfer's last error names one)."""
    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT DISTINCT split_part(last_error, ' ', 5) FROM transfer "
            "WHERE state NOT IN ('Completed', 'Failed') AND last_error LIKE 'held for the operator:%%'"
        ).fetchall()
    return [str(row[0]) for row in rows]


def outcomes(database_url: str, hashes: list[str]) -> dict[str, int]:
    """How the envelopes of `hashes` were closed (applied, expired, failed; open for none yet)."""
    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT coalesce(outcome, 'open'), count(*) FROM settlement_attempt WHERE tx_hash = ANY(%s) GROUP BY 1",
            (hashes,),
        ).fetchall()
    return {str(row[0]): int(row[1]) for row in rows}


def _flask(*args: str) -> list[str]:
    return [str(PROJECT_ROOT / ".venv" / "bin" / "flask"), "--app", "app", *args]


def reconcile(stack: RunStack, **settings: str) -> tuple[int, str]:
    """`flask --app app reconcile` as the operator runs it beside the stack: its exit status and output."""
    environ = {**stack.environment(), **settings}
    done = subprocess.run(  # noqa: S603 - the checkout's own flask, no shell
        _flask("reconcile"), env=environ, cwd=PROJECT_ROOT, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    with (stack.directory / "reconcile.log").open("a") as log:
        log.write(f"$ flask --app app reconcile: exit {done.returncode}\n{done.stdout}{done.stderr}\n")
    return done.returncode, done.stdout + done.stderr


def reports_held(output: str, held: int) -> bool:
    """Whether reconcile's output fails the held check having found `held` transfers."""
    return any(
        line.startswith(f"FAIL  {HELD_CHECK}") and line.endswith(f"({held} checked)") for line in output.splitlines()
    )


class StoppedWorker:
    """The settlement worker killed and kept down (its respawner paused) until `resume()`."""

    def __init__(self, stack: RunStack) -> None:
        respawner, worker = stack.respawner("settle"), stack.supervised("settle")
        if respawner is None or worker is None:
            raise StackError("the settlement worker is not running")
        self.respawner = respawner
        os.kill(respawner, signal.SIGSTOP)
        for pid in [worker, *descendants(worker)]:
            os.kill(pid, signal.SIGKILL)

    def resume(self) -> None:
        """Let the respawner start the worker again, with the stack's own settings."""
        os.kill(self.respawner, signal.SIGCONT)


def on_horizon_until(stack: RunStack, done: Callable[[], bool], timeout: float) -> bool:
    """The operator's switch: the worker run on Horizon (`SANDBOX_LEDGER_API=horizon`) until `done()`, then back."""
    environ = {**stack.environment(), "SANDBOX_LEDGER_API": "horizon"}
    with (stack.directory / "operator-settle.log").open("ab") as log:
        worker = subprocess.Popen(  # noqa: S603 - the checkout's own flask, no shell
            _flask("settle"), env=environ, cwd=PROJECT_ROOT, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        wait_for(done, timeout, "the worker on Horizon to settle the held transfers", interval=1.0)
        return True
    except StackError:
        return False
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=40)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def worker_past_window(target: Target) -> str:
    """Kill the worker just after UNAPPLIED submissions were lost, keep it down past the window, then settle.

    Breaches: nothing in flight to hold on RPC; something held on Horizon; transfers neither
    settled nor held after the restart; reconcile not reporting each held transfer, or still
    failing after the operator's switch to Horizon.
    """
    stack = target.stack
    database_url = stack.database_url
    assert database_url is not None
    admin = f"{stack.ledger_url}/_sandbox/faults"
    requests.post(admin, json={"fault": "timeout_no_apply", "count": UNAPPLIED}, timeout=10).raise_for_status()
    wait_for(lambda: not requests.get(admin, timeout=10).json()["submission"], 60, "the lost submissions")
    stopped = StoppedWorker(stack)
    at_stop = _ledger_at(stack)
    try:
        wait_for(lambda: _ledger_at(stack) > at_stop + RETENTION_LEDGERS, 3 * RETENTION_LEDGERS, "the window to pass")
    finally:
        stopped.resume()
    down = _ledger_at(stack) - at_stop
    if not _wait_settled_or_held(database_url):
        target.breaches.append(f"transfers neither settled nor held {SETTLED_WITHIN:.0f} s after the restart")
    held = counts(database_url).held
    story = f"worker stopped {down} ledgers with {UNAPPLIED} envelopes lost unapplied (window {RETENTION_LEDGERS})"
    if stack.ledger_api != "rpc":
        if held:
            target.breaches.append(f"{held} held on {stack.ledger_api}, whose history is whole")
        return f"{story}; none held"
    if not held:
        target.breaches.append("nothing held: no envelope was in flight past the window")
    status, output = reconcile(stack)
    if status != 1 or not reports_held(output, held):
        target.breaches.append(f"reconcile did not report the {held} held (exit {status})")
    hashes = held_envelopes(database_url)
    operator = StoppedWorker(stack)
    try:
        settled = on_horizon_until(stack, lambda: counts(database_url).open == 0, OPERATOR_WITHIN)
    finally:
        operator.resume()
    if not settled:
        target.breaches.append(f"not all settled after {OPERATOR_WITHIN:.0f} s on Horizon")
    after, output = reconcile(stack)
    if after != 0:
        target.breaches.append(f"reconcile after the switch: exit {after}: {output.strip().splitlines()[-1:]}")
    closed = outcomes(database_url, hashes)
    return (
        f"{story}; {held} held in {len(hashes)} envelopes, each reported by reconcile; on Horizon"
        f" {closed.get('applied', 0)} found applied, {closed.get('expired', 0)} proven unapplied and paid anew;"
        f" reconcile then exit {after}"
    )


def _wait_settled_or_held(database_url: str) -> bool:
    """Whether, within SETTLED_WITHIN, every open transfer is held (none left for the worker to settle)."""
    deadline = time.monotonic() + SETTLED_WITHIN
    while time.monotonic() < deadline:
        now = counts(database_url)
        if now.open == now.held:
            return True
        time.sleep(1)
    return False
