"""New envelopes: bounded by ledger and by time, as stored, and committed before the ledger first sees them."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from ledger.config import DEFAULT_PASSPHRASE
from stellar_sdk import TransactionEnvelope

from services.settlement.worker import Settler
from storage.database import database
from storage.envelopes import attempts_for
from storage.models import SettlementAttempt
from tests.services.settlement.conftest import LEDGER_BOUND, Sandbox, load, settle_until_final, submit_transfer
from tests.support.stored_before_sent import check_submissions


def test_every_envelope_carries_its_stored_ledger_and_time_bounds_and_is_stored_before_it_is_sent(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee().public_key
    transfers = [submit_transfer(app, sandbox_key, payee, memo=f"bounded {n}") for n in range(3)]  # 3 envelopes
    settler = make_settler()
    submitted = check_submissions(settler)
    settle_until_final(settler, transfers)

    with database.connection_context():
        attempts = [SettlementAttempt.get_by_id(attempts_for(t)[-1].attempt_id) for t in transfers]
    for transfer_id, attempt in zip(transfers, attempts, strict=True):
        envelope = TransactionEnvelope.from_xdr(attempt.envelope_xdr, DEFAULT_PASSPHRASE)
        preconditions = envelope.transaction.preconditions
        assert preconditions is not None
        assert preconditions.ledger_bounds is not None and preconditions.time_bounds is not None
        # The bounds the worker judges expiry by are the very bounds the ledger enforces.
        assert preconditions.ledger_bounds.max_ledger == attempt.max_ledger
        assert preconditions.time_bounds.max_time == attempt.max_time
        # Counted from the ledger's tip when built: applied within them, never unbounded.
        applied_in = load(transfer_id).ledger_sequence
        assert applied_in is not None
        assert attempt.max_ledger - LEDGER_BOUND <= applied_in < attempt.max_ledger

    assert {s.tx_hash for s in submitted} >= {a.tx_hash for a in attempts}
    assert [s for s in submitted if not s.stored] == []  # every submission found its row committed first


def test_a_fee_bump_is_stored_with_both_hashes_before_it_is_sent(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    transfer_id = submit_transfer(app, sandbox_key, sandbox.payee().public_key, memo="bumped")
    settler = make_settler()
    submitted = check_submissions(settler)
    # The ledger's queue turns the envelope away once: the worker raises it by a fee bump in the same pass.
    sandbox.admin.arm_fault("try_again_later")
    settle_until_final(settler, [transfer_id])

    with database.connection_context():
        attempt = SettlementAttempt.get_by_id(attempts_for(transfer_id)[-1].attempt_id)
    assert attempt.bump_hash is not None
    assert [(s.tx_hash, s.bump_hash) for s in submitted][:2] == [
        (attempt.tx_hash, None),
        (attempt.tx_hash, attempt.bump_hash),
    ]
    assert [s for s in submitted if not s.stored] == []  # the bump's row (inner hash, bump hash, bump XDR) came first
