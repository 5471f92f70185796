"""Every ledger fault ends with exactly one payment (or a correct Failed state)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from services.settlement.worker import Settler
from tests.services.settlement.conftest import (
    LEDGER_BOUND,
    Sandbox,
    load,
    outcomes,
    settle_until_final,
    submit_transfer,
    wait_for,
)


@pytest.mark.parametrize(
    "fault",
    ["timeout_then_apply", "timeout_no_apply", "rate_limited", "unavailable", "connection_reset",
     "connection_reset_then_apply"],
)  # fmt: skip
def test_one_fault_then_exactly_one_payment(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler], fault: str
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="10.00")
    sandbox.admin.arm_fault(fault, count=1)

    # Bounds of a minute's ledgers: on a loaded machine the resubmission after the fault can come
    # later than the suite's short bound, and an expired envelope is rebuilt (correctly, but it is
    # not what this test is about).
    settle_until_final(make_settler(SETTLEMENT_LEDGER_BOUND=600), [transfer_id])

    transfer = load(transfer_id)
    assert transfer.state == "Completed"
    assert sandbox.balance(payee.public_key) == transfer.amount_tkn
    assert outcomes(transfer_id) == ["applied"]  # the same envelope was resubmitted, never rebuilt


def test_unapplied_envelope_is_rebuilt_only_after_its_bound(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="11.00")
    sandbox.admin.arm_fault("timeout_no_apply", count=10_000)
    settler = make_settler()
    start = sandbox.admin.status()["latest_ledger"]

    wait_for(lambda: "expired" in outcomes(transfer_id), settler)

    assert sandbox.admin.status()["latest_ledger"] >= start + LEDGER_BOUND - 1
    sandbox.admin.clear_faults()
    settle_until_final(settler, [transfer_id])
    assert load(transfer_id).state == "Completed"
    assert outcomes(transfer_id) == ["expired", "applied"]
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn


def test_lagging_404_after_the_bound_does_not_rebuild(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="12.00")
    sandbox.admin.arm_fault("timeout_then_apply", count=1)
    sandbox.admin.arm_fault("timeout_no_apply", count=10_000)  # resubmissions learn nothing
    sandbox.admin.arm_fault("lagging_lookup", seconds=600)  # lookups by hash answer 404
    settler = make_settler()

    wait_for(lambda: "not found yet" in (load(transfer_id).last_error or ""), settler)

    assert load(transfer_id).state == "Processing"
    assert outcomes(transfer_id) == [None]  # still the one open envelope: no rebuild
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn
    sandbox.admin.clear_faults()
    settle_until_final(settler, [transfer_id])
    assert load(transfer_id).state == "Completed"
    assert outcomes(transfer_id) == ["applied"]
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn
