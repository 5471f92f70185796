"""Several transfers in one envelope: each paid exactly once, a payee's failure fails only its own."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from decimal import Decimal

import pytest
from flask import Flask
from stellar_sdk import Keypair

from services.api_keys import Environment
from services.settlement.worker import Settler
from storage.database import database
from storage.envelopes import attempts_for, unresolved_attempt
from storage.events import events_for
from tests.services.settlement.conftest import (
    Sandbox,
    SimulatedCrash,
    crash_at,
    later,
    load,
    outcomes,
    run_until_crash,
    settle_until_final,
    submit_transfer,
    wait_for_ledger,
)

BATCH = 5
CLAIM_LAPSED = 10_000.0


def submit_batch(app: Flask, key: str, payees: list[Keypair]) -> dict[uuid.UUID, tuple[str, Decimal]]:
    """One transfer per payee, distinct amounts; the same memo, so they share an envelope."""
    transfers = {}
    for n, payee in enumerate(payees):
        amount = Decimal(30 + n)
        transfers[submit_transfer(app, key, payee.public_key, amount=f"{amount:.2f}")] = (payee.public_key, amount)
    return transfers


def assert_paid_once(sandbox: Sandbox, transfers: dict[uuid.UUID, tuple[str, Decimal]]) -> None:
    for transfer_id, (payee, amount) in transfers.items():
        assert load(transfer_id).state == "Completed"
        assert sandbox.balance(payee) == amount  # a fresh payee: any second payment would show


def test_one_failing_payee_fails_only_its_transfer(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    good = sandbox.payees(BATCH - 1)
    untrusting = sandbox.payee()
    settler = make_settler()
    # Checked able to receive (and cached), then the trustline goes: only the ledger can tell now.
    assert settler.destinations.problems(settler.networks[Environment.SANDBOX], [untrusting.public_key]) == {
        untrusting.public_key: None
    }
    sandbox.untrust(untrusting)
    distribution_before = sandbox.balance(sandbox.distribution)
    transfers = submit_batch(app, sandbox_key, [good[0], good[1], untrusting, *good[2:]])
    failing = next(t for t, (payee, _) in transfers.items() if payee == untrusting.public_key)

    settle_until_final(settler, list(transfers))

    transfer = load(failing)
    assert (transfer.state, transfer.error_code) == ("Failed", "AC01")
    assert transfer.ledger_hash is None
    with database.connection_context():
        last = events_for(failing)[-1]
    assert (last.from_state, last.to_state) == ("Processing", "Failed") and "op_no_trust" in (last.reason or "")
    assert outcomes(failing) == ["failed"]
    paid = {t: v for t, v in transfers.items() if t != failing}
    assert_paid_once(sandbox, paid)
    for transfer_id in paid:
        # The first envelope failed as a whole and paid nobody; the rest went out in a fresh one.
        assert outcomes(transfer_id) == ["requeued", "applied"]
    assert len({load(t).ledger_hash for t in paid}) == 1
    spent = sum(amount for _, amount in paid.values())
    assert sandbox.balance(sandbox.distribution) == distribution_before - spent
    with database.connection_context():
        first, second = (payment.attempt for payment in attempts_for(next(iter(paid))))
    # Paid again at the same bid: another payee's failure is no reason to pay more.
    assert first.fee // first.op_count == second.fee // second.op_count


@pytest.mark.parametrize(
    "fault",
    ["timeout_then_apply", "timeout_no_apply", "rate_limited", "unavailable", "connection_reset",
     "connection_reset_then_apply"],
)  # fmt: skip
def test_a_batch_under_each_fault_pays_each_transfer_once(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler], fault: str
) -> None:
    transfers = submit_batch(app, sandbox_key, sandbox.payees(BATCH))
    sandbox.admin.arm_fault(fault, count=1)

    # Bounds of 4 s, not 0.8 s: on a loaded machine the fault's retries can outlast a short envelope,
    # which then expires and is rebuilt as it should be, and this test is about the fault alone.
    settle_until_final(make_settler(SETTLEMENT_LEDGER_BOUND=40), list(transfers))

    assert_paid_once(sandbox, transfers)
    assert {tuple(outcomes(t)) for t in transfers} == {("applied",)}  # the same envelope, never rebuilt
    assert len({load(t).ledger_hash for t in transfers}) == 1


@pytest.mark.parametrize("point", ["after_sign", "after_submit", "during_result_store"])
def test_crash_around_a_batch_then_fresh_worker_pays_each_once(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler], point: str
) -> None:
    transfers = submit_batch(app, sandbox_key, sandbox.payees(BATCH))
    with pytest.raises(SimulatedCrash):
        run_until_crash(make_settler(hook=crash_at(point)))
    with database.connection_context():
        open_envelopes = {unresolved_attempt(t) for t in transfers}
    assert len(open_envelopes) == 1  # one stored envelope carries the whole batch
    (envelope,) = open_envelopes
    assert envelope is not None and envelope.op_count == BATCH
    if point == "after_sign":
        assert all(sandbox.balance(payee) == 0 for payee, _ in transfers.values())  # stored, never submitted
    wait_for_ledger(sandbox, envelope.max_ledger + 1)  # the fresh worker starts after the bound

    fresh = make_settler()
    fresh.clock = later(CLAIM_LAPSED)
    settle_until_final(fresh, list(transfers))

    assert_paid_once(sandbox, transfers)
    expected = ("expired", "applied") if point == "after_sign" else ("applied",)
    assert {tuple(outcomes(t)) for t in transfers} == {expected}
