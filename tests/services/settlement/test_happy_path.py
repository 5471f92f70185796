"""A pacs.008 accepted over HTTP is paid once on the ledger and completed."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from flask import Flask

from services.settlement.worker import Settler
from storage.database import database
from storage.envelopes import attempts_for
from storage.events import events_for
from tests.services.settlement.conftest import Sandbox, load, settle_until_final, submit_transfer


def test_accepted_transfer_is_paid_and_completed(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee()
    distribution_before = sandbox.balance(sandbox.distribution)
    transfer_id = submit_transfer(app, sandbox_key, payee.public_key, amount="125.50", memo="Invoice 42")

    settle_until_final(make_settler(), [transfer_id])

    transfer = load(transfer_id)
    assert transfer.state == "Completed"
    assert transfer.amount_tkn == Decimal("125.5000000")
    assert transfer.completed_at is not None and transfer.ledger_sequence
    assert transfer.ledger_hash is not None
    tx = sandbox.transaction(transfer.ledger_hash)
    assert tx["successful"] and tx["ledger"] == transfer.ledger_sequence
    assert tx["memo"] == "Invoice 42"
    assert sandbox.balance(payee.public_key) == transfer.amount_tkn
    assert sandbox.balance(sandbox.distribution) == distribution_before - transfer.amount_tkn
    with database.connection_context():
        states = [(e.from_state, e.to_state) for e in events_for(transfer_id)]
        attempts = attempts_for(transfer_id)
    assert states == [(None, "Created"), ("Created", "Processing"), ("Processing", "Completed")]
    assert [a.outcome for a in attempts] == ["applied"]
