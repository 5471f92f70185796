"""Reads from a Horizon instance that lags decide nothing: no rebuild on a stale 404, no spent sequence reused."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from flask import Flask

from services.settlement.recording import COUNTERS
from services.settlement.worker import Settler
from storage.database import database
from storage.envelopes import unresolved_attempt
from tests.services.settlement.conftest import (
    LEDGER_BOUND,
    Sandbox,
    load,
    outcomes,
    settle_until_final,
    submit_transfer,
    wait_for,
    wait_for_ledger,
)

LAG = LEDGER_BOUND + 12  # an instance further behind than a whole envelope's bound


def test_a_404_from_an_instance_below_the_envelopes_last_ledger_never_rebuilds(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="13.00")
    sandbox.admin.arm_fault("timeout_then_apply", count=1)  # applied, but the answer is a 504
    sandbox.admin.arm_fault("timeout_no_apply", count=10_000)  # resubmissions learn nothing
    settler = make_settler()
    settler.run_once()
    with database.connection_context():
        attempt = unresolved_attempt(transfer_id)
    assert attempt is not None
    # From now on the tip is read at the tip, and every other read reaches an instance that has
    # not ingested the envelope's ledger.
    stale = {"/transactions/": LAG, "/accounts/": LAG, "/rpc/getTransaction": LAG, "/rpc/getLedgerEntries": LAG}
    sandbox.admin.arm_fault("lagging_fleet", instances=0, pinned=stale)
    wait_for_ledger(sandbox, attempt.max_ledger + 1)

    wait_for(lambda: "not found by an instance at ledger" in (load(transfer_id).last_error or ""), settler)

    assert outcomes(transfer_id) == [None]  # still the one open envelope: no rebuild
    sandbox.admin.clear_faults()
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn
    settle_until_final(settler, [transfer_id])
    assert load(transfer_id).state == "Completed"
    assert outcomes(transfer_id) == ["applied"]
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn


def one_channel_secrets(sandbox: Sandbox, directory: Path) -> Path:
    secrets = json.loads(sandbox.secrets_file.read_text())
    secrets["channels"] = secrets["channels"][:1]
    path = directory / "one-channel-secrets.json"
    path.write_text(json.dumps(secrets))
    path.chmod(0o600)
    return path


def test_a_new_envelope_never_reuses_a_sequence_number_our_own_envelopes_spent(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler], tmp_path: Path
) -> None:
    payee = sandbox.payee()
    settler = make_settler(SANDBOX_SECRETS_FILE=str(one_channel_secrets(sandbox, tmp_path)))
    first = submit_transfer(app, sandbox_key, payee.public_key, amount="14.00")
    settle_until_final(settler, [first])
    # Every read now reaches an instance from before the first envelope's ledger: the channel's
    # sequence number it reports is the one the first envelope already spent.
    sandbox.admin.arm_fault("lagging_fleet", instances=1, min_lag=LAG, max_lag=LAG)
    # Our own history gives the number (N7), or outvotes the stale read (R3): never the read alone.
    not_from_the_read = COUNTERS["stale_sequence_read"] + COUNTERS["sequence_from_history"]
    second = submit_transfer(app, sandbox_key, payee.public_key, amount="15.00")

    settle_until_final(settler, [second])
    sandbox.admin.clear_faults()

    assert COUNTERS["stale_sequence_read"] + COUNTERS["sequence_from_history"] > not_from_the_read
    assert outcomes(second) == ["applied"]  # built on the spent number, it would have expired first
    assert load(first).ledger_sequence is not None and load(second).ledger_sequence is not None
    assert sandbox.balance(payee.public_key) == load(first).amount_tkn + load(second).amount_tkn
