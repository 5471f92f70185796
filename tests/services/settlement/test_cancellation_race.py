"""Cancellations against a real settlement worker: killed with SIGKILL mid-envelope, or racing it.

No interleaving of cancel, claim, submit, crash and restart may pay a cancelled transfer or cancel
a paid one; each cancellation's final camt.029 says which of the two happened.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Callable
from decimal import Decimal

import pytest
from flask import Flask

from services.accounts.ledger_check import paid_lookup_from_config
from services.accounts.reconcile import reconcile
from services.settlement.worker import Settler
from storage.cancellation_outbox import take_undispatched_cancellations
from storage.database import database
from storage.envelopes import unresolved_attempt
from tests.services.settlement.conftest import (
    Sandbox,
    later,
    ledger_api_config,
    load,
    outcomes,
    settle_until_final,
    submit_transfer,
    wait_for,
    wait_for_ledger,
)
from tests.support.accounts import resolutions
from tests.support.messages import camt056
from tests.support.resolutions import Answer, parse_answer

CLAIM_LAPSED = 10_000.0


def cancel(app: Flask, key: str, transfer_id: uuid.UUID, assignment_id: str) -> tuple[int, Answer]:
    response = app.test_client().post(
        "/v1/camt056/net",
        data=camt056(assignment_id, instruction_id=str(transfer_id), reason="DUPL"),
        headers={"Content-Type": "application/xml", "NET-API-KEY": key},
    )
    return response.status_code, parse_answer(response.data)


def crashing_worker(app: Flask, sandbox: Sandbox, point: str, *options: str) -> subprocess.Popen[bytes]:
    """The worker CLI in its own process, SIGKILLed by itself at `point`."""
    env = {
        **os.environ,
        "DATABASE_URL": app.config["DATABASE_URL"],
        **ledger_api_config(sandbox.url),
        "SANDBOX_SECRETS_FILE": str(sandbox.secrets_file),
    }
    command = [sys.executable, "-m", "tests.support.crashing_settle", point, *options]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def in_webhook_outbox() -> list[str]:
    """The Assgnmt/Ids of the requests whose final answer waits to be sent as `transfer.cancellation`."""
    with database.connection_context(), database.atomic():
        return [request.assignment_id for request in take_undispatched_cancellations(100)]


def assert_reconciled(app: Flask) -> None:
    with database.connection_context():
        checks = reconcile(paid_lookup_from_config(app.config))
    assert [c.name for c in checks if not c.ok] == [], [c.problems for c in checks]


def test_killed_after_sign_the_pending_cancellation_wins_and_nothing_is_rebuilt(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="20.00")
    worker = crashing_worker(app, sandbox, "after_sign", "--once")
    assert worker.wait(timeout=60) == -9
    with database.connection_context():
        attempt = unresolved_attempt(transfer_id)
    assert attempt is not None  # stored, never submitted
    status, answer = cancel(app, sandbox_key, transfer_id, "CXL-SIGN")
    assert (status, answer.confirmation) == (202, "PDCR")

    wait_for_ledger(sandbox, attempt.max_ledger + 1)
    fresh = make_settler()
    fresh.clock = later(CLAIM_LAPSED)
    settle_until_final(fresh, [transfer_id])

    transfer = load(transfer_id)
    assert (transfer.state, transfer.error_code) == ("Failed", "DUPL")
    assert outcomes(transfer_id) == ["expired"]  # proven unapplied, and not rebuilt
    assert sandbox.balance(payee.public_key) == Decimal(0)
    assert resolutions(transfer_id) == ["hold", "void"]
    assert in_webhook_outbox() == ["CXL-SIGN"]  # decided by the worker's claim (cancel_pending)
    assert cancel(app, sandbox_key, transfer_id, "CXL-SIGN")[1].confirmation == "CNCL"
    assert_reconciled(app)


def test_killed_after_submit_the_applied_envelope_wins_and_the_cancellation_is_refused(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="21.00")
    worker = crashing_worker(app, sandbox, "after_submit", "--once")
    assert worker.wait(timeout=60) == -9
    status, answer = cancel(app, sandbox_key, transfer_id, "CXL-SUBMIT")
    assert (status, answer.confirmation) == (202, "PDCR")

    fresh = make_settler()
    fresh.clock = later(CLAIM_LAPSED)
    settle_until_final(fresh, [transfer_id])

    assert load(transfer_id).state == "Completed"
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn
    assert resolutions(transfer_id) == ["hold", "post"]
    assert in_webhook_outbox() == ["CXL-SUBMIT"]  # refused in the commit that recorded the envelope
    status, answer = cancel(app, sandbox_key, transfer_id, "CXL-SUBMIT")
    assert (status, answer.confirmation, answer.code) == (200, "RJCR", "AGNT")
    assert str(load(transfer_id).ledger_hash) in answer.text
    assert_reconciled(app)


@pytest.mark.parametrize("point", ["after_sign", "after_submit", "during_result_store"])
def test_cancels_racing_a_worker_that_is_killed_never_pay_a_cancelled_transfer(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler], point: str
) -> None:
    """Every other transfer is cancelled while the worker runs; it SIGKILLs itself at `point` (or is SIGKILLed)."""
    payees = sandbox.payees(8)
    transfers = [submit_transfer(app, sandbox_key, p.public_key, amount="1.00", memo=None) for p in payees]
    cancelled = transfers[::2]
    worker = crashing_worker(app, sandbox, point)
    try:
        first = {t: cancel(app, sandbox_key, t, f"CXL-{t.hex[:16]}")[1] for t in cancelled}
        # The uncancelled ones keep it busy until it reaches `point`.
        worker.wait(timeout=60)
    finally:
        if worker.poll() is None:
            worker.kill()
        worker.wait()
    assert worker.returncode == -9
    assert {answer.confirmation for answer in first.values()} <= {"CNCL", "PDCR"}, [a.text for a in first.values()]

    fresh = make_settler()
    fresh.clock = later(CLAIM_LAPSED)
    wait_for(lambda: all(load(t).state in ("Completed", "Failed") for t in transfers), fresh, timeout=60)
    for transfer_id, payee in zip(transfers, payees, strict=True):
        transfer = load(transfer_id)
        paid = sandbox.balance(payee.public_key)
        final = (
            cancel(app, sandbox_key, transfer_id, f"CXL-{transfer_id.hex[:16]}")[1]
            if transfer_id in cancelled
            else None
        )
        if final is not None and final.confirmation == "CNCL":
            assert (transfer.state, transfer.error_code, paid) == ("Failed", "DUPL", Decimal(0))
            assert resolutions(transfer_id) == ["hold", "void"]
        else:
            assert final is None or (final.confirmation, final.code) == ("RJCR", "AGNT")
            assert (transfer.state, paid) == ("Completed", transfer.amount_tkn)
            assert resolutions(transfer_id) == ["hold", "post"]
    assert_reconciled(app)
