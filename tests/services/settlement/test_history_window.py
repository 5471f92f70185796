"""A worker stopped longer than the ledger API keeps history: never rebuilt on a guess, held for the operator."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from services.accounts.ledger_check import paid_lookup_from_config
from services.accounts.reconcile import check_held, check_ledger
from services.settlement.worker import Settler
from storage import settlement as store
from storage.database import database
from storage.envelopes import attempts_for
from storage.models import SettlementAttempt
from tests.services.settlement.conftest import (
    LEDGER_BOUND,
    ServedLedger,
    later,
    ledger_api_config,
    load,
    outcomes,
    reserved_ledger,
    submit_transfer,
    wait_for,
)

# Longer than the envelope's bound, so a running worker settles everything inside the window.
RETENTION = 3 * LEDGER_BOUND


@pytest.fixture(scope="module")
def short_history(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedLedger]:
    """A ledger closing every 0.1 s whose RPC instances keep only the last RETENTION ledgers."""
    directory = tmp_path_factory.mktemp("short-history-ledger")
    with reserved_ledger(directory, 2, ledger_close_seconds=0.1, rpc_retention_ledgers=RETENTION) as ledger:
        yield ledger


@pytest.fixture()
def app_config(app_config: dict[str, Any], short_history: ServedLedger) -> dict[str, Any]:
    return {**app_config, "SANDBOX_SECRETS_FILE": str(short_history.secrets_file)}


def envelope_lost_while_stopped(
    app: Flask, ledger: ServedLedger, key: str, settler: Settler, payee: int
) -> tuple[Any, SettlementAttempt]:
    """One transfer's envelope, dropped unapplied behind a 504; the worker then stays stopped past the window."""
    transfer_id = submit_transfer(app, key, ledger.payees[payee], amount="2.00")
    ledger.admin.arm_fault("timeout_no_apply")
    settler.run_once()  # submitted, answered 504, never applied; then the worker stops
    with database.connection_context():
        (payment,) = attempts_for(transfer_id)
        attempt: SettlementAttempt = SettlementAttempt.get_by_id(payment.attempt_id)
    built_at = attempt.max_ledger - LEDGER_BOUND
    wait_for(lambda: ledger.admin.status()["latest_ledger"] >= built_at + RETENTION + 1, timeout=30)
    return transfer_id, attempt


def test_on_rpc_an_envelope_past_the_history_is_held_reported_and_settled_by_a_full_history(
    app: Flask, short_history: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    on_rpc = ledger_api_config(short_history.url, "rpc")
    first = make_settler(**on_rpc)
    transfer_id, attempt = envelope_lost_while_stopped(app, short_history, sandbox_key, first, payee=0)

    restarted = make_settler(**on_rpc)
    wait_for(lambda: (load(transfer_id).last_error or "").startswith(store.HELD_FOR_OPERATOR), restarted)
    for _ in range(5):
        restarted.run_once()
    held = load(transfer_id)
    assert held.state == store.PROCESSING and held.blocked_since is not None
    assert attempt.tx_hash in (held.last_error or "")
    assert outcomes(transfer_id) == [None]  # still open: neither expired nor rebuilt
    with database.connection_context():
        check = check_held()
    assert not check.ok and check.checked == 1 and str(transfer_id) in check.problems[0]

    # Horizon keeps the whole history: its miss proves the envelope unapplied, so it is rebuilt once,
    # however long the transfer was held (never failed by the blocked deadline: it was not our funding).
    on_horizon = make_settler(**ledger_api_config(short_history.url, "horizon"))
    on_horizon.clock = later(2 * 86_400)
    wait_for(lambda: load(transfer_id).state == store.COMPLETED, on_horizon)
    assert outcomes(transfer_id) == ["expired", "applied"]
    with database.connection_context():
        assert check_held().ok


def test_on_horizon_the_same_envelope_is_proven_unapplied_and_rebuilt(
    app: Flask, short_history: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    on_horizon = ledger_api_config(short_history.url, "horizon")
    transfer_id, _ = envelope_lost_while_stopped(app, short_history, sandbox_key, make_settler(**on_horizon), payee=1)
    wait_for(lambda: load(transfer_id).state == store.COMPLETED, make_settler(**on_horizon))
    assert outcomes(transfer_id) == ["expired", "applied"]


def test_reconcile_on_rpc_passes_over_payments_older_than_the_history_and_checks_the_rest(
    app: Flask, short_history: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    on_rpc = ledger_api_config(short_history.url, "rpc")
    settler = make_settler(**on_rpc)
    old = submit_transfer(app, sandbox_key, short_history.payees[0], amount="3.00")
    wait_for(lambda: load(old).state == store.COMPLETED, settler)
    applied = load(old).ledger_sequence
    assert applied is not None
    wait_for(lambda: short_history.admin.status()["latest_ledger"] >= applied + RETENTION, timeout=30)
    recent = submit_transfer(app, sandbox_key, short_history.payees[1], amount="4.00")
    wait_for(lambda: load(recent).state == store.COMPLETED, settler)

    paid = paid_lookup_from_config({**app.config, **on_rpc})
    with database.connection_context():
        check = check_ledger(paid)
    # Not "no payment in ledger transaction …": RPC no longer has it, which proves nothing.
    assert check.ok and check.checked >= 1, check.problems
    assert "older than the ledger API's history not checked" in check.name
