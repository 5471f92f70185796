"""Conversion, outcome classification and bounds, without a ledger."""

from __future__ import annotations

from decimal import Decimal

import pytest
from stellar_sdk import Asset, Keypair, TransactionEnvelope

from services.settlement.conversion import usd_to_tkn
from services.settlement.envelopes import (
    Bounds,
    PaymentOrder,
    bound_passed,
    build_payments,
    fee_for,
    last_possible_ledger,
)
from services.settlement.ledger_client import FoundTransaction, LedgerTip, SubmitReply, latest_ledger_header
from services.settlement.outcomes import Kind, classify_found, classify_reply


def test_conversion_rounds_down_to_whole_stroops() -> None:
    assert usd_to_tkn(Decimal("125.50"), Decimal("1")) == Decimal("125.5000000")
    assert usd_to_tkn(Decimal("0.01"), Decimal("0.33333333")) == Decimal("0.0033333")
    assert usd_to_tkn(Decimal("10.00"), Decimal("0.000000001")) == Decimal("0E-7")
    with pytest.raises(TypeError):
        usd_to_tkn(1.5, Decimal(1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("reply", "kind", "code"),
    [
        (SubmitReply(200, applied=True, successful=True, ledger=7), Kind.SUCCESS, None),
        (SubmitReply(400, tx_code="tx_failed", op_codes=("op_no_trust",)), Kind.FAILED, "AC01"),
        (SubmitReply(400, tx_code="tx_failed", op_codes=("op_no_destination",)), Kind.FAILED, "AC01"),
        (SubmitReply(400, tx_code="tx_failed", op_codes=("op_underfunded",)), Kind.BLOCKED, None),
        (SubmitReply(400, tx_code="tx_bad_auth"), Kind.BLOCKED, None),
        (SubmitReply(400, tx_code="tx_insufficient_balance"), Kind.BLOCKED, None),
        (SubmitReply(400, tx_code="tx_bad_seq"), Kind.PENDING, None),
        (SubmitReply(400, tx_code="tx_too_late"), Kind.PENDING, None),
        (SubmitReply(400, tx_code="tx_insufficient_fee"), Kind.PENDING, None),
        (SubmitReply(429), Kind.PENDING, None),
        (SubmitReply(503), Kind.PENDING, None),
        (SubmitReply(504), Kind.PENDING, None),
        (SubmitReply(0, detail="connection error"), Kind.PENDING, None),
        (SubmitReply(400, tx_code="tx_malformed"), Kind.BLOCKED, None),
    ],
)
def test_submit_replies_map_to_the_taxonomy(reply: SubmitReply, kind: Kind, code: str | None) -> None:
    outcome = classify_reply(reply)
    assert outcome.kind is kind
    assert outcome.reason_code == code


def test_found_failed_payment_is_terminal_and_applied() -> None:
    outcome = classify_found(FoundTransaction("h", 9, False, "tx_failed", ("op_not_authorized",)))
    assert (outcome.kind, outcome.reason_code, outcome.applied) == (Kind.FAILED, "AC01", True)


def test_bound_passes_on_the_ledgers_numbers_with_a_margin() -> None:
    bounds = Bounds(max_ledger=100, max_time=1_000)
    assert not bound_passed(bounds, LedgerTip(99, 900), margin_ledgers=1)
    assert bound_passed(bounds, LedgerTip(100, 900), margin_ledgers=1)
    assert bound_passed(bounds, LedgerTip(50, 1_001), margin_ledgers=1)


def test_fee_doubles_per_rebuild_up_to_the_maximum() -> None:
    assert [fee_for(n, 100, 1_000) for n in (1, 2, 3, 4, 5)] == [100, 200, 400, 800, 1_000]


@pytest.mark.parametrize("op_code", ["op_bad_auth", "op_no_source_account", "op_malformed"])
def test_a_tx_failed_refused_on_receipt_is_not_applied(op_code: str) -> None:
    # The checks on receipt report these per operation inside tx_failed, with nothing applied.
    outcome = classify_reply(SubmitReply(400, tx_code="tx_failed", op_codes=("op_success", op_code)))
    assert outcome.applied is False
    assert outcome.kind is Kind.BLOCKED


def test_a_payee_code_in_a_400_proves_the_envelope_applied() -> None:
    outcome = classify_reply(SubmitReply(400, tx_code="tx_failed", op_codes=("op_bad_auth", "op_no_trust")))
    assert (outcome.kind, outcome.applied) == (Kind.FAILED, True)


def test_the_last_ledger_that_could_include_an_envelope() -> None:
    bounds = Bounds(max_ledger=100, max_time=1_000)
    assert last_possible_ledger(bounds, LedgerTip(120, 900)) == 99  # max_ledger is exclusive
    assert last_possible_ledger(bounds, LedgerTip(60, 1_001)) == 59  # ledger 60 closed after max_time


def test_an_answer_without_latest_ledger_proves_no_height() -> None:
    assert latest_ledger_header({"latest-ledger": "42"}) == 42
    assert latest_ledger_header({"Latest-Ledger": "7"}) == 7
    assert latest_ledger_header({"Latest-Ledger": "soon"}) == 0
    assert latest_ledger_header({}) == 0


def test_an_envelope_is_signed_by_the_channel_and_the_distribution_over_its_own_hash() -> None:
    channel, distribution, payee = Keypair.random(), Keypair.random(), Keypair.random()
    asset = Asset("TKN", Keypair.random().public_key)
    orders = [PaymentOrder(payee.public_key, Decimal(n + 1), "memo") for n in range(3)]
    signed = build_payments(orders, asset, channel, 41, distribution, "test", 100, Bounds(200, 5_000, 190))
    envelope = TransactionEnvelope.from_xdr(signed.envelope_xdr, "test")
    assert signed.tx_hash == envelope.hash_hex()
    assert [s.signature_hint for s in envelope.signatures] == [channel.signature_hint(), distribution.signature_hint()]
    for signer, signature in zip((channel, distribution), envelope.signatures, strict=True):
        signer.verify(envelope.hash(), signature.signature)  # raises when it does not verify
