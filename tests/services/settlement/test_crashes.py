"""A worker killed at any point leaves a transfer that a fresh worker pays exactly once."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Callable

import pytest
from flask import Flask

from services.accounts.ledger_check import paid_lookup_from_config
from services.accounts.reconcile import reconcile
from services.settlement.worker import Settler
from storage.database import database
from storage.envelopes import unresolved_attempt
from tests.services.settlement.conftest import (
    Sandbox,
    SimulatedCrash,
    crash_at,
    later,
    ledger_api_config,
    load,
    outcomes,
    run_until_crash,
    settle_until_final,
    submit_transfer,
    wait_for,
    wait_for_ledger,
)
from tests.support.accounts import resolutions

CLAIM_LAPSED = 10_000.0


def assert_posted_once(app: Flask, transfer_id: uuid.UUID) -> None:
    """The hold was posted exactly once, and every reconcile check passes, the ledger's included."""
    assert resolutions(transfer_id) == ["hold", "post"]
    with database.connection_context():
        checks = reconcile(paid_lookup_from_config(app.config))
    assert [c.name for c in checks if not c.ok] == [], [c.problems for c in checks]
    assert checks[-1].checked == 1  # the ledger check found the payment


@pytest.mark.parametrize("point", ["after_sign", "after_submit", "during_result_store"])
def test_crash_then_fresh_worker_pays_once(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler], point: str
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="20.00")
    with pytest.raises(SimulatedCrash):
        run_until_crash(make_settler(hook=crash_at(point)))
    transfer = load(transfer_id)
    assert transfer.state == "Processing" and transfer.claimed_by is not None
    with database.connection_context():
        attempt = unresolved_attempt(transfer_id)
    assert attempt is not None  # stored before it was submitted
    wait_for_ledger(sandbox, attempt.max_ledger + 1)  # the fresh worker starts after the bound

    fresh = make_settler()
    fresh.clock = later(CLAIM_LAPSED)
    settle_until_final(fresh, [transfer_id])

    assert load(transfer_id).state == "Completed"
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn
    expected = ["expired", "applied"] if point == "after_sign" else ["applied"]
    assert outcomes(transfer_id) == expected
    assert_posted_once(app, transfer_id)


def test_sigkilled_worker_process_after_submit(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="21.00")
    env = {
        **os.environ,
        "DATABASE_URL": app.config["DATABASE_URL"],
        **ledger_api_config(sandbox.url),
        "SANDBOX_SECRETS_FILE": str(sandbox.secrets_file),
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.support.crashing_settle", "after_submit", "--once"],
        env=env, capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == -9, done.stderr
    # Queued before the kill, so the ledger pays it at its next close; the result is not stored.
    wait_for(lambda: sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn)
    assert outcomes(transfer_id) == [None]

    fresh = make_settler()
    fresh.clock = later(CLAIM_LAPSED)
    settle_until_final(fresh, [transfer_id])
    assert load(transfer_id).state == "Completed"
    assert outcomes(transfer_id) == ["applied"]
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn
    assert_posted_once(app, transfer_id)
