"""Four workers on Postgres settle 300 transfers: each is paid exactly once, none is left behind."""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from decimal import Decimal

import pytest
from flask import Flask
from ledger.bootstrap import read_secrets
from ledger.config import DEFAULT_PASSPHRASE
from stellar_sdk.operation import Payment

from services.settlement.envelopes import applied_envelope
from services.settlement.worker import Settler
from storage.database import database
from storage.models import SettlementAttempt, SettlementPayment, Transfer
from tests.services.settlement.conftest import Sandbox, submit_transfer
from tests.support.databases import postgres_url

TRANSFERS = 300
WORKERS = 4
PAYEES = 10

pytestmark = pytest.mark.skipif(postgres_url() is None, reason="several workers need Postgres")


def run_workers(settlers: list[Settler], done: Callable[[], bool], timeout: float = 120.0) -> None:
    stop = threading.Event()
    errors: list[BaseException] = []

    def loop(settler: Settler) -> None:
        try:
            while not stop.is_set():
                if not settler.run_once():
                    time.sleep(0.02)
        except BaseException as error:  # surfaced to the test below
            errors.append(error)

    threads = [threading.Thread(target=loop, args=(s,)) for s in settlers]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + timeout
    try:
        while not done() and not errors:
            assert time.monotonic() < deadline, "workers did not finish in time"
            time.sleep(0.2)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    assert not errors, errors


def test_four_workers_pay_300_transfers_exactly_once(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payees = sandbox.payees(PAYEES)
    channels = [c["public_key"] for c in read_secrets(sandbox.secrets_file)["channels"]]
    before = {account: sandbox.balance(account) for account in [sandbox.distribution, *(p.public_key for p in payees)]}
    sequences_before = {channel: sandbox.sequence(channel) for channel in channels}
    expected: dict[uuid.UUID, tuple[str, Decimal]] = {}
    for n in range(TRANSFERS):
        amount = Decimal(1) + Decimal(n) / 100
        payee = payees[n % PAYEES].public_key
        expected[submit_transfer(app, sandbox_key, payee, amount=f"{amount:.2f}")] = (payee, amount)
    sandbox.admin.arm_fault("timeout_then_apply", count=5)
    sandbox.admin.arm_fault("connection_reset_then_apply", count=3)

    def all_final() -> bool:
        with database.connection_context():
            return not Transfer.select().where(Transfer.state.in_(("Created", "Processing"))).exists()

    run_workers([make_settler(SETTLEMENT_BATCH_SIZE=30, SETTLEMENT_BATCH_OPS=10) for _ in range(WORKERS)], all_final)

    with database.connection_context():
        transfers = list(Transfer.select())
        applied_rows = list(SettlementPayment.select().where(SettlementPayment.outcome == "applied"))
        applied = Counter(row.transfer_id for row in applied_rows)
        op_index = {row.transfer_id: row.op_index for row in applied_rows}
        used_sequences = SettlementAttempt.select().where(SettlementAttempt.outcome.in_(("applied", "failed"))).count()
    assert len(transfers) == TRANSFERS
    assert {t.state for t in transfers} == {"Completed"}
    assert set(applied.values()) == {1}
    for transfer in transfers:
        assert transfer.ledger_hash is not None
        tx = sandbox.transaction(transfer.ledger_hash)
        assert tx["successful"]
        operations = applied_envelope(tx["envelope_xdr"], DEFAULT_PASSPHRASE).transaction.operations
        operation = operations[op_index[transfer.id]]
        assert isinstance(operation, Payment)
        payee, amount = expected[transfer.id]
        assert (operation.destination.account_id, Decimal(operation.amount)) == (payee, amount)
    # Every transaction a channel sourced used one sequence number: no transaction beyond those stored.
    assert sum(sandbox.sequence(c) - sequences_before[c] for c in channels) == used_sequences
    paid: dict[str, Decimal] = {}
    for payee, amount in expected.values():
        paid[payee] = paid.get(payee, Decimal(0)) + amount
    for payee, total in paid.items():
        assert sandbox.balance(payee) == before[payee] + total
    assert sandbox.balance(sandbox.distribution) == before[sandbox.distribution] - sum(paid.values())
