"""A Postgres restart ends every worker's liveness session: what they claimed is taken back at once.

The restarts are real (harness/postgres.py). Every worker runs on a clock stopped at
the moment of the first claim, so no claim lapses: progress comes from taking them back.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from flask import Flask

from harness.postgres import ThrowawayPostgres
from services.settlement.worker import Settler
from storage import workers
from storage.database import database
from tests.services.settlement.conftest import (
    Sandbox,
    SimulatedCrash,
    crash_at,
    load,
    outcomes,
    running_from,
    settle_until_final,
    submit_transfer,
)
from tests.support.databases import reset_postgres


@pytest.fixture()
def app_config(app_config: dict[str, Any], throwaway_postgres: ThrowawayPostgres) -> dict[str, Any]:
    """The settling app on the throwaway server, migrated."""
    reset_postgres(throwaway_postgres.url)
    return {**app_config, "DATABASE_URL": throwaway_postgres.url}


# Ledgers close every 0.1 s: the default test bound (8) passes while a loaded machine restarts
# Postgres, and the stored envelope is then proven expired and rebuilt, which is not what is tested.
LONG_BOUND = 600


def claimed_at(transfer_id: uuid.UUID, settler: Settler) -> datetime:
    claimed_until = load(transfer_id).claimed_until
    assert claimed_until is not None
    return claimed_until - timedelta(seconds=settler.settings.claim_seconds)


def settle_then_note(settler: Settler, transfer_id: uuid.UUID, states: list[str]) -> None:
    settle_until_final(settler, [transfer_id])
    states.append(load(transfer_id).state)


def test_a_worker_cut_off_by_a_restart_takes_its_own_claims_back_as_a_new_incarnation(
    app: Flask,
    sandbox: Sandbox,
    sandbox_key: str,
    make_settler: Callable[..., Settler],
    throwaway_postgres: ThrowawayPostgres,
    caplog: pytest.LogCaptureFixture,
) -> None:
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="25.00")
    settler = make_settler(hook=crash_at("after_sign"), SETTLEMENT_LEDGER_BOUND=LONG_BOUND)
    with pytest.raises(SimulatedCrash):
        settler.run_once()  # the pass ends with its claim held and its envelope stored, not submitted
    before = settler.worker_id
    stopped = claimed_at(transfer_id, settler)
    throwaway_postgres.restart()

    settler.hook, settler.clock = (lambda _: None), running_from(stopped)
    with caplog.at_level(logging.WARNING, logger="services.incarnations"):
        settle_until_final(settler, [transfer_id])

    assert f"settlement worker {before} lost its liveness session" in caplog.text
    assert f"worker {before} is gone: took back 1 claim(s)" in caplog.text
    assert settler.worker_id != before
    assert load(transfer_id).state == "Completed"
    assert outcomes(transfer_id) == ["applied"]
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn


def test_a_worker_that_submits_its_envelope_after_another_took_it_over_pays_once(
    app: Flask,
    sandbox: Sandbox,
    sandbox_key: str,
    make_settler: Callable[..., Settler],
    throwaway_postgres: ThrowawayPostgres,
) -> None:
    """The restart comes between storing the envelope and submitting it, and the worker lives on.

    While it still holds the signed envelope in memory, another worker takes its claim back and
    pays the stored envelope; then the first submits the same envelope. One hash, one payment.
    """
    payee = sandbox.payee()
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="26.00")
    other = make_settler(SETTLEMENT_LEDGER_BOUND=LONG_BOUND)
    taken_over: list[str] = []

    def restart_and_let_the_other_settle(point: str) -> None:
        if point != "after_sign" or taken_over:
            return
        stopped = claimed_at(transfer_id, cut_off)
        other.clock = running_from(stopped)
        throwaway_postgres.restart()
        # Its own thread, so its own connection: this thread's died with the restart.
        thread = threading.Thread(target=settle_then_note, args=(other, transfer_id, taken_over))
        thread.start()
        thread.join(timeout=120)

    cut_off = make_settler(hook=restart_and_let_the_other_settle, SETTLEMENT_LEDGER_BOUND=LONG_BOUND)
    with contextlib.suppress(Exception):  # its pooled connection died with the restart: any error will do
        cut_off.run_once()  # submits its envelope after the other paid it

    assert taken_over == ["Completed"]
    assert load(transfer_id).state == "Completed"
    assert outcomes(transfer_id) == ["applied"]
    assert sandbox.balance(payee.public_key) == load(transfer_id).amount_tkn
    with database.connection_context():
        assert cut_off.worker_id not in workers.registered()
