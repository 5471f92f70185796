"""Payee-side problems fail the transfer with the documented code; our own problems block it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from decimal import Decimal

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner
from stellar_sdk import AuthorizationFlag, Keypair
from stellar_sdk.operation import SetOptions, SetTrustLineFlags
from stellar_sdk.operation.set_trust_line_flags import TrustLineFlags

from ledger.bootstrap import submit_ops
from ledger.config import DEFAULT_PASSPHRASE
from services.settlement.outcomes import PAYEE_REASONS
from services.settlement.worker import Settler
from storage.database import database
from storage.events import events_for
from tests.services.settlement.conftest import Sandbox, load, settle_until_final, submit_transfer, wait_for
from tests.support.accounts import account, failed_checks, prefund, resolutions
from tests.support.messages import pacs028
from tests.support.reports import parse_report


def revoke(sandbox: Sandbox, payee: Keypair) -> None:
    submit_ops(
        sandbox.server,
        DEFAULT_PASSPHRASE,
        sandbox.issuer,
        [SetOptions(set_flags=AuthorizationFlag.AUTHORIZATION_REVOCABLE)],
    )
    clear = SetTrustLineFlags(payee.public_key, sandbox.asset, clear_flags=TrustLineFlags.AUTHORIZED_FLAG)
    submit_ops(sandbox.server, DEFAULT_PASSPHRASE, sandbox.issuer, [clear])


@pytest.mark.parametrize("problem", ["no_account", "no_trust_line", "not_authorized"])
def test_payee_problem_fails_with_ac01(
    app: Flask,
    sandbox: Sandbox,
    sandbox_key: str,
    make_settler: Callable[..., Settler],
    problem: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="services.settlement")
    payee = sandbox.payee(exists=problem != "no_account", trust=problem != "no_trust_line")
    if problem == "not_authorized":
        revoke(sandbox, payee)
    distribution_before = sandbox.balance(sandbox.distribution)
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="5.00")

    settle_until_final(make_settler(), [transfer_id])

    transfer = load(transfer_id)
    assert (transfer.state, transfer.error_code) == ("Failed", "AC01")
    assert transfer.ledger_hash is None and transfer.completed_at is None
    assert sandbox.balance(sandbox.distribution) == distribution_before
    with database.connection_context():
        last = events_for(transfer_id)[-1]
    assert (last.from_state, last.to_state) == ("Processing", "Failed")
    expected = {
        "no_account": "op_no_destination",
        "no_trust_line": "op_no_trust",
        "not_authorized": "op_not_authorized",
    }
    assert expected[problem] in (last.reason or "")
    worker_lines = [r for r in caplog.records if r.name.startswith("services.settlement")]
    [logged] = [r for r in worker_lines if getattr(r, "transfer_id", None) == str(transfer_id)]
    assert logged.result_codes == ["tx_failed", expected[problem]]  # type: ignore[attr-defined]
    assert logged.reason.startswith(PAYEE_REASONS[expected[problem]])  # type: ignore[attr-defined]
    answer = app.test_client().post(
        "/v1/pacs028/net",
        data=pacs028(instruction_id=str(transfer_id)),
        headers={"Content-Type": "application/xml", "NET-API-KEY": sandbox_key},
    )
    info = parse_report(answer.data).info()
    assert info["ErrorCode"] == "AC01"
    assert info["Reason"] == f"{PAYEE_REASONS[expected[problem]]} (ledger result {expected[problem]})"
    shown = app.test_cli_runner().invoke(args=["transfers", "show", str(transfer_id)]).output
    assert f"reason        {info['Reason']}" in shown
    assert f": failed {expected[problem]}" in shown  # its one envelope attempt, with the ledger's code


def test_underfunded_distribution_blocks_then_fails_only_after_the_deadline(
    app: Flask,
    sandbox: Sandbox,
    sandbox_key: str,
    make_settler: Callable[..., Settler],
    runner: FlaskCliRunner,
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="9999.00")
    settler = make_settler(USD_TO_TKN_RATE=Decimal(1000))  # more TKN than the distribution holds

    wait_for(lambda: load(transfer_id).blocked_since is not None and load(transfer_id).attempt_count >= 2, settler)

    transfer = load(transfer_id)
    assert transfer.state == "Processing" and "op_underfunded" in (transfer.last_error or "")
    status = runner.invoke(args=["settle", "status"])
    assert "blocked (operator action needed): 1" in status.output and str(transfer_id) in status.output

    past_deadline = make_settler(USD_TO_TKN_RATE=Decimal(1000), SETTLEMENT_BLOCKED_DEADLINE_SECONDS=0)
    settle_until_final(past_deadline, [transfer_id])
    transfer = load(transfer_id)
    assert (transfer.state, transfer.error_code) == ("Failed", "NARR")
    assert sandbox.balance(payee.public_key) == 0


def test_a_failed_payment_voids_the_hold_and_restores_the_available_balance(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    prefund("Settling Bank", "ACC-000123456", "20.00")
    payee = sandbox.payee(trust=False)
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="5.00")
    assert account("Settling Bank", "ACC-000123456").available == Decimal("15.00")

    settle_until_final(make_settler(), [transfer_id])

    assert load(transfer_id).state == "Failed"
    assert resolutions(transfer_id) == ["hold", "void"]
    restored = account("Settling Bank", "ACC-000123456")
    assert (restored.balance, restored.held, restored.available) == (
        Decimal("20.00"),
        Decimal("0.00"),
        Decimal("20.00"),
    )
    assert failed_checks() == []
