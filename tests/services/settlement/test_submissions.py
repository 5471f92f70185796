"""A slow pass still sends envelopes the ledger can take: each is submitted once stored, on bounds from a fresh tip.

The pass is made slow for real: a hook at `after_sign` holds it while the session ledger closes
as many ledgers as an envelope's bound.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from flask import Flask
from stellar_sdk.exceptions import NotFoundError

from services.settlement.worker import Settler
from storage import settlement as store
from storage.database import database
from storage.envelopes import attempts_for
from storage.models import SettlementAttempt
from tests.services.settlement.conftest import (
    CHANNELS,
    LEDGER_BOUND,
    Sandbox,
    load,
    outcomes,
    settle_until_final,
    submit_transfer,
    wait_for,
    wait_for_ledger,
)


def envelope_of(transfer_id: uuid.UUID) -> SettlementAttempt:
    with database.connection_context():
        attempt: SettlementAttempt = attempts_for(transfer_id)[-1].attempt
        return attempt


def reached_ledger(sandbox: Sandbox, attempt: SettlementAttempt) -> bool:
    """Queued by the ledger, or already applied."""
    if attempt.tx_hash in sandbox.admin.status()["pending"]:
        return True
    try:
        sandbox.transaction(attempt.tx_hash)
    except NotFoundError:
        return False
    return True


def test_an_envelope_is_submitted_before_the_pass_builds_the_next(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee().public_key
    transfers = [submit_transfer(app, sandbox_key, payee, memo=f"slow pass {n}") for n in range(2)]
    signed: list[SettlementAttempt] = []
    late: list[str] = []

    def slow_pass(point: str) -> None:
        if point != "after_sign":
            return
        with database.connection_context():
            signed.append(SettlementAttempt.select().order_by(SettlementAttempt.id.desc()).get())
        if len(signed) == 2:  # the second envelope is stored: the first must be at the ledger already
            try:
                wait_for(lambda: reached_ledger(sandbox, signed[0]), timeout=5.0)
            except TimeoutError:
                late.append(signed[0].tx_hash)
            # The rest of the pass takes as long as an envelope's bound.
            wait_for_ledger(sandbox, sandbox.admin.status()["latest_ledger"] + LEDGER_BOUND)

    settler = make_settler(hook=slow_pass, SETTLEMENT_BATCH_OPS=1)
    settler.run_once()
    assert not late
    settle_until_final(settler, transfers)
    assert outcomes(transfers[0]) == ["applied"]  # never refused as too late, so never rebuilt
    assert all(load(t).state == store.COMPLETED for t in transfers)


def test_a_new_envelope_counts_its_bounds_from_a_fresh_tip_in_a_slow_pass(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee().public_key
    settler = make_settler(SETTLEMENT_BATCH_OPS=1)
    # Every channel's last envelope applied: new envelopes take their sequence numbers from our
    # history (N7), so no read in the pass brings a newer height; and the worker learns the close interval.
    warm_up = [submit_transfer(app, sandbox_key, payee, memo=f"warm {n}") for n in range(CHANNELS)]
    settle_until_final(settler, warm_up)
    transfers = [submit_transfer(app, sandbox_key, payee, memo=f"fresh tip {n}") for n in range(2)]
    first_max_ledger: list[int] = []

    def slow_pass(point: str) -> None:
        if point == "after_sign" and not first_max_ledger:
            with database.connection_context():
                first_max_ledger.append(
                    SettlementAttempt.select().order_by(SettlementAttempt.id.desc()).get().max_ledger
                )
            wait_for_ledger(sandbox, first_max_ledger[0])  # the first envelope's whole bound passes

    settler.hook = slow_pass
    # The tip the worker knows is a few ledgers old, so the pass reads it before its first envelope.
    wait_for_ledger(sandbox, sandbox.admin.status()["latest_ledger"] + 2)
    settler.run_once()
    second = max((envelope_of(t) for t in transfers), key=lambda a: a.id)
    assert second.max_ledger >= first_max_ledger[0] + LEDGER_BOUND
    settle_until_final(settler, transfers)
    assert [outcomes(t)[-1] for t in transfers] == ["applied", "applied"]
