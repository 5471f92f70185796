"""A ledger that does not answer is "cannot check" (exit 2, one line), never a missing payment: reconcile, status."""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient, FlaskCliRunner
from ledger.testing import free_port
from stellar_sdk import Keypair

from storage import settlement as store
from storage.database import database
from storage.models import BalanceSlice, Transfer, utc_now
from tests.support.messages import pacs008

TX_HASH = "ab" * 32


@pytest.fixture()
def app_config(app_config: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """A configured Sandbox ledger on a loopback port where nothing listens."""
    secrets = tmp_path / "ledger-secrets.json"
    secrets.write_text(
        json.dumps(
            {
                "issuer": {"public_key": Keypair.random().public_key},
                "distribution": {"secret": Keypair.random().secret},
                "channels": [{"secret": Keypair.random().secret}],
            }
        )
    )
    os.chmod(secrets, 0o600)
    url = f"http://127.0.0.1:{free_port()}"
    return {**app_config, "SANDBOX_HORIZON_URL": url, "SANDBOX_SECRETS_FILE": str(secrets)}


@pytest.fixture()
def completed(client: FlaskClient, api_key: str) -> None:
    """One transfer accepted (its hold placed) and Completed (its hold posted), as settlement leaves it."""
    headers = {"Content-Type": "application/xml", "NET-API-KEY": api_key}
    assert client.post("/v1/pacs008/net", data=pacs008(amount="5.00"), headers=headers).status_code == 201
    with database.connection_context():
        transfer_id = Transfer.select(Transfer.id).get().id
        assert store.start_processing(transfer_id, Decimal("5.00"), utc_now())
        with database.atomic():
            assert store.complete_transfers([(transfer_id, 1)], TX_HASH, 7, utc_now()) == 1


@pytest.mark.usefixtures("completed")
def test_reconcile_with_the_ledger_down_exits_2_and_never_calls_the_payment_missing(
    runner: FlaskCliRunner, app_config: dict[str, Any]
) -> None:
    result = runner.invoke(args=["reconcile"])
    assert result.exit_code == 2, result.output
    assert "no payment" not in result.output and "FAIL" not in result.output
    assert "ok    balance rows equal the journal sums (1 checked)" in result.stdout
    assert "????  TKN paid on the ledger equals the stored amount (Completed transfers) (0 checked" in result.stdout
    assert result.stderr.splitlines() == [
        "Error: cannot check the TKN paid on the ledger: the Sandbox ledger at "
        f"{app_config['SANDBOX_HORIZON_URL']} does not answer (connection refused)"
    ]


@pytest.mark.usefixtures("completed")
def test_a_mismatch_found_outranks_the_ledger_down_and_both_are_said(runner: FlaskCliRunner) -> None:
    with database.connection_context():
        BalanceSlice.update(available=BalanceSlice.available + 1).where(BalanceSlice.slice == 4).execute()
    result = runner.invoke(args=["reconcile"])
    assert result.exit_code == 1, result.output
    assert "FAIL  balance rows equal the journal sums" in result.stdout
    [line] = result.stderr.splitlines()
    assert line.startswith("Error: 1 check(s) failed; cannot check the TKN paid on the ledger: the Sandbox ledger at ")


@pytest.mark.usefixtures("completed")
def test_reconcile_of_an_environment_not_configured_here_cannot_check(runner: FlaskCliRunner, tmp_path: Path) -> None:
    runner.app.config["SANDBOX_SECRETS_FILE"] = str(tmp_path / "absent.json")
    result = runner.invoke(args=["reconcile"])
    assert result.exit_code == 2, result.output
    assert "no payment" not in result.output
    assert result.stderr.startswith(
        "Error: cannot check the TKN paid on the ledger: the Sandbox ledger is not configured"
    )


@pytest.mark.usefixtures("completed")
def test_status_with_the_ledger_down_exits_2_with_one_line_and_no_library_error(
    runner: FlaskCliRunner, app_config: dict[str, Any]
) -> None:
    result = runner.invoke(args=["status"])
    assert result.exit_code == 2, result.output
    assert "Sandbox: cannot check, its ledger does not answer; 0 transfer(s) open" in result.stdout
    assert "transfers: Completed=1" in result.stdout  # the rest of the screen is still there
    assert result.stderr.splitlines() == [
        "Error: cannot check settlement progress: the Sandbox ledger at "
        f"{app_config['SANDBOX_HORIZON_URL']} does not answer (connection refused)"
    ]
    assert "HTTPConnectionPool" not in result.output and "Errno" not in result.output
