"""chaos.invariants: how the fault suite counts lost, double-paid and stuck transfers."""

from __future__ import annotations

import sqlite3
from collections import Counter
from decimal import Decimal
from pathlib import Path

from ledger.config import DEFAULT_PASSPHRASE
from stellar_sdk import Account, Asset, Keypair, TransactionBuilder

from chaos.invariants import TransferRow, check, ledger_payments
from chaos.load import amount_of


def test_every_transfer_paid_once_or_failed_with_a_reason_holds() -> None:
    accepted = {"a": amount_of(0), "b": amount_of(1)}
    rows = {"a": TransferRow("Completed", None), "b": TransferRow("Failed", "AC01: no trust line")}
    verdict = check(accepted, rows, Counter({Decimal("1.0000000"): 1}))
    assert verdict.holds
    assert (verdict.completed, verdict.failed) == (1, 1)


def test_a_201_without_its_transfer_or_a_completion_without_a_payment_is_lost() -> None:
    accepted = {"gone": amount_of(0), "unpaid": amount_of(1), "failed-but-paid": amount_of(2)}
    rows = {"unpaid": TransferRow("Completed", None), "failed-but-paid": TransferRow("Failed", "TECH")}
    verdict = check(accepted, rows, Counter({amount_of(2): 1}))
    assert len(verdict.lost) == 3


def test_an_amount_paid_twice_is_double_paid() -> None:
    verdict = check({"a": amount_of(5)}, {"a": TransferRow("Completed", None)}, Counter({amount_of(5): 2}))
    assert len(verdict.double_paid) == 1


def test_an_open_transfer_or_a_failure_without_reason_is_stuck() -> None:
    accepted = {"open": amount_of(0), "mute": amount_of(1)}
    rows = {"open": TransferRow("Processing", None), "mute": TransferRow("Failed", None)}
    assert len(check(accepted, rows, Counter()).stuck) == 2


def test_each_transfer_of_a_load_pays_its_own_amount() -> None:
    amounts = [amount_of(n) for n in range(10_000)]
    assert len(set(amounts)) == len(amounts)
    assert amount_of(1) == Decimal("1.01")


def test_a_fee_bumped_payment_on_the_ledger_counts_as_a_payment(tmp_path: Path) -> None:
    payer, sponsor, payee, issuer = (Keypair.random() for _ in range(4))
    inner = (
        TransactionBuilder(Account(payer.public_key, 1), DEFAULT_PASSPHRASE, base_fee=100)
        .append_payment_op(payee.public_key, Asset("TKN", issuer.public_key), "1.01")
        .set_timeout(30)
        .build()
    )
    inner.sign(payer)
    bump = TransactionBuilder.build_fee_bump_transaction(sponsor.public_key, 200, inner, DEFAULT_PASSPHRASE)
    bump.sign(sponsor)
    ledger = tmp_path / "ledger.sqlite3"
    with sqlite3.connect(ledger) as connection:  # the sandbox ledger's table of applied transactions
        connection.execute("CREATE TABLE transactionrecord (envelope_xdr TEXT, successful BOOLEAN)")
        connection.execute("INSERT INTO transactionrecord VALUES (?, 1)", (bump.to_xdr(),))
    connection.close()
    assert ledger_payments(ledger, payee.public_key, DEFAULT_PASSPHRASE) == Counter({amount_of(1): 1})
