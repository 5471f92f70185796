"""A dead worker's claims are taken back at once, a live one's never (decision L1).

Every fresh worker here runs on a clock stopped at the moment the dead worker claimed, so its
claims are nowhere near lapsing: whatever it settles, it settles because it took them back.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta

import pytest
from flask import Flask

from services.settlement.worker import Settler
from storage import workers
from storage.database import database
from tests.services.settlement.conftest import (
    Sandbox,
    SimulatedCrash,
    crash_at,
    ledger_api_config,
    load,
    outcomes,
    running_from,
    settle_until_final,
    submit_transfer,
)


def claimed_at(transfer_id: uuid.UUID, settler: Settler) -> datetime:
    """When the transfer's current claim was made: its lapse less the claim time."""
    claimed_until = load(transfer_id).claimed_until
    assert claimed_until is not None
    return claimed_until - timedelta(seconds=settler.settings.claim_seconds)


def registered() -> list[str]:
    with database.connection_context():
        return workers.registered()


def sigkill_worker_at(app: Flask, sandbox: Sandbox, point: str) -> None:
    """`flask settle --once` in a process of its own, killed with SIGKILL when it reaches `point`."""
    env = {
        **os.environ,
        "DATABASE_URL": app.config["DATABASE_URL"],
        **ledger_api_config(sandbox.url),
        "SANDBOX_SECRETS_FILE": str(sandbox.secrets_file),
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.support.crashing_settle", point, "--once"],
        env=env, capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == -9, done.stderr


@pytest.mark.parametrize("point", ["after_sign", "after_submit"])
def test_a_sigkilled_workers_claims_are_taken_back_without_waiting_for_the_lapse(
    app: Flask,
    sandbox: Sandbox,
    sandbox_key: str,
    make_settler: Callable[..., Settler],
    point: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="23.00")
    sigkill_worker_at(app, sandbox, point)
    dead = load(transfer_id).claimed_by
    assert dead is not None and registered() == [dead]
    assert outcomes(transfer_id) == [None]  # its envelope was stored (and, after_submit, applied)

    fresh = make_settler()
    stopped = claimed_at(transfer_id, fresh)
    fresh.clock = running_from(stopped)
    with caplog.at_level(logging.WARNING, logger="services.incarnations"):
        settle_until_final(fresh, [transfer_id])

    assert f"worker {dead} is gone: took back 1 claim(s)" in caplog.text
    assert registered() == [fresh.worker_id]
    assert load(transfer_id).state == "Completed"
    assert outcomes(transfer_id) == ["applied"]  # the one stored envelope, never a second one
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn


def test_a_live_workers_claims_are_never_taken_and_a_dead_ones_are_at_once(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="24.00")
    stuck = make_settler(hook=crash_at("after_sign"))
    with pytest.raises(SimulatedCrash):
        stuck.run_once()  # stopped in the middle of its pass, but alive: its token is held
    other = make_settler()
    stopped = claimed_at(transfer_id, other)
    other.clock = running_from(stopped)

    assert other.run_once() == 0
    assert load(transfer_id).claimed_by == stuck.worker_id
    assert sorted(registered()) == sorted([stuck.worker_id, other.worker_id])

    stuck.close()  # its token goes, as when the process dies
    settle_until_final(other, [transfer_id])
    assert load(transfer_id).state == "Completed"
    assert outcomes(transfer_id) == ["applied"]
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn
    assert registered() == [other.worker_id]


def test_a_clean_stop_unregisters_and_a_new_incarnation_gets_a_new_id(
    app: Flask, make_settler: Callable[..., Settler]
) -> None:
    settler = make_settler()
    settler.run_once()
    first = settler.worker_id
    assert registered() == [first]
    settler.leave()
    assert registered() == []
    settler.run_once()
    assert settler.worker_id != first and settler.worker_id.startswith(settler.incarnations.name + ".")
    assert registered() == [settler.worker_id]
