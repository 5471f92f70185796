"""Payee-side problems fail the transfer with the documented code; our own problems block it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from decimal import Decimal

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner
from ledger.bootstrap import read_secrets, submit_ops
from ledger.config import DEFAULT_PASSPHRASE
from stellar_sdk import AuthorizationFlag, Keypair
from stellar_sdk.operation import SetOptions, SetTrustLineFlags
from stellar_sdk.operation.set_trust_line_flags import TrustLineFlags

from services.settlement.outcomes import PAYEE_REASONS
from services.settlement.worker import HELD_FOR_FUNDING, Settler
from storage.database import database
from storage.events import events_for
from tests.services.settlement.conftest import (
    Sandbox,
    load,
    outcomes,
    settle_until_final,
    submit_transfer,
    wait_for,
)
from tests.support.accounts import account, failed_checks, prefund, resolutions
from tests.support.messages import pacs028
from tests.support.reports import parse_report


def channel_lumens(sandbox: Sandbox) -> list[str]:
    """Every channel account's XLM balance: what envelopes' fees are charged to."""
    channels = [
        Keypair.from_secret(entry["secret"]).public_key for entry in read_secrets(sandbox.secrets_file)["channels"]
    ]
    return [sandbox.server.accounts().account_id(c).call()["balances"][-1]["balance"] for c in channels]


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
def test_payee_problem_fails_with_ac01_before_any_envelope(
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
    fees_before = channel_lumens(sandbox)
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="5.00")

    settle_until_final(make_settler(), [transfer_id])

    transfer = load(transfer_id)
    assert (transfer.state, transfer.error_code) == ("Failed", "AC01")
    assert transfer.ledger_hash is None and transfer.completed_at is None
    assert sandbox.balance(sandbox.distribution) == distribution_before
    # Never put in an envelope, so never submitted: no fee charged to any channel.
    assert outcomes(transfer_id) == []
    assert channel_lumens(sandbox) == fees_before
    with database.connection_context():
        last = events_for(transfer_id)[-1]
    assert (last.from_state, last.to_state) == ("Created", "Failed")
    expected = {
        "no_account": "op_no_destination",
        "no_trust_line": "op_no_trust",
        "not_authorized": "op_not_authorized",
    }
    assert expected[problem] in (last.reason or "")
    worker_lines = [r for r in caplog.records if r.name.startswith("services.settlement")]
    [logged] = [r for r in worker_lines if getattr(r, "transfer_id", None) == str(transfer_id)]
    assert logged.result_codes == [expected[problem]]  # type: ignore[attr-defined]
    assert logged.reason.startswith(PAYEE_REASONS[expected[problem]])  # type: ignore[attr-defined]
    answer = app.test_client().post(
        "/v1/pacs028/net",
        data=pacs028(instruction_id=str(transfer_id)),
        headers={"Content-Type": "application/xml", "NET-API-KEY": sandbox_key},
    )
    info = parse_report(answer.data).info()
    assert info["ErrorCode"] == "AC01"
    assert info["Reason"] == f"{PAYEE_REASONS[expected[problem]]} (checked before sending: {expected[problem]})"
    shown = app.test_cli_runner().invoke(args=["transfers", "show", str(transfer_id)]).output
    assert f"reason        {info['Reason']}" in shown


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

    # Held after its one envelope failed: no other is built (nor charged) until the funding probe clears.
    wait_for(lambda: load(transfer_id).last_error == HELD_FOR_FUNDING, settler)

    transfer = load(transfer_id)
    assert transfer.state == "Processing" and transfer.blocked_since is not None and transfer.attempt_count == 1
    status = runner.invoke(args=["status"])
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
