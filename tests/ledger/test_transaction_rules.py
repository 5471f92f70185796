"""Transaction-level rules, each driven through stellar-sdk's Server and TransactionBuilder."""

from __future__ import annotations

import base64
import time
from decimal import Decimal

import pytest
import requests
from stellar_sdk import Account, Asset, Keypair, Signer, TransactionBuilder, xdr
from stellar_sdk.exceptions import BadRequestError
from stellar_sdk.operation import Payment, SetOptions

from tests.ledger.conftest import PASSPHRASE, Kit

NATIVE = Asset.native()


def pay(source: Keypair, to: Keypair, amount: str = "1", op_source: str | None = None) -> Payment:
    return Payment(to.public_key, NATIVE, amount, source=op_source)


def assert_malformed(kit: Kit, envelope_xdr: str) -> None:
    # stellar-sdk cannot parse such an envelope itself, so it is posted as Horizon's form.
    response = requests.post(f"{kit.url}/transactions", data={"tx": envelope_xdr}, timeout=10)
    assert response.status_code == 400
    assert response.headers["Content-Type"] == "application/problem+json"
    assert response.json()["type"] == "https://stellar.org/horizon-errors/transaction_malformed"


def test_wrong_passphrase_is_bad_auth(kit: Kit) -> None:
    (payer,) = kit.fund()
    envelope = kit.build(payer, [pay(payer, kit.root)], passphrase="Some Other Network")
    assert kit.failure(envelope)["transaction"] == "tx_bad_auth"


def test_missing_signature_is_bad_auth(kit: Kit) -> None:
    (payer,) = kit.fund()
    envelope = kit.build(payer, [pay(payer, kit.root)], signers=[])
    assert kit.failure(envelope)["transaction"] == "tx_bad_auth"


def test_unused_signature_is_bad_auth_extra(kit: Kit) -> None:
    (payer,) = kit.fund()
    envelope = kit.build(payer, [pay(payer, kit.root)], signers=[payer, Keypair.random()])
    assert kit.failure(envelope)["transaction"] == "tx_bad_auth_extra"


def test_channel_source_with_distribution_op_source(kit: Kit) -> None:
    channel, distribution, payee = kit.fund(3)
    op = pay(distribution, payee, "5", op_source=distribution.public_key)
    before = kit.balance(distribution)
    kit.submit(kit.build(channel, [op], signers=[channel, distribution]))
    assert kit.balance(distribution) == before - 5
    # The channel pays the fee and uses its sequence; the distribution account's is untouched.
    assert kit.balance(channel) == Decimal("99.99999")


def test_op_source_must_sign(kit: Kit) -> None:
    channel, distribution, payee = kit.fund(3)
    op = pay(distribution, payee, "5", op_source=distribution.public_key)
    codes = kit.failure(kit.build(channel, [op], signers=[channel]))
    assert codes == {"transaction": "tx_failed", "operations": ["op_bad_auth"]}


def test_medium_threshold_of_multisig_account(kit: Kit) -> None:
    payer, cosigner = kit.fund(2)
    kit.submit(
        kit.build(
            payer,
            [SetOptions(signer=Signer.ed25519_public_key(cosigner.public_key, 1), med_threshold=2)],
        )
    )
    codes = kit.failure(kit.build(payer, [pay(payer, kit.root)]))
    assert codes["operations"] == ["op_bad_auth"]
    kit.submit(kit.build(payer, [pay(payer, kit.root)], signers=[payer, cosigner]))


def test_bad_sequence(kit: Kit) -> None:
    (payer,) = kit.fund()
    current = kit.sequence(payer)
    envelope = kit.build(payer, [pay(payer, kit.root)], sequence=current + 2)
    assert kit.failure(envelope)["transaction"] == "tx_bad_seq"


def test_too_late_by_time_bound(kit: Kit) -> None:
    (payer,) = kit.fund()
    past = int(time.time()) - 60
    envelope = kit.build(payer, [pay(payer, kit.root)], time_bounds=(0, past))
    assert kit.failure(envelope)["transaction"] == "tx_too_late"


def test_too_early_by_time_bound(kit: Kit) -> None:
    (payer,) = kit.fund()
    future = int(time.time()) + 3600
    envelope = kit.build(payer, [pay(payer, kit.root)], time_bounds=(future, future + 60))
    assert kit.failure(envelope)["transaction"] == "tx_too_early"


def test_ledger_bounds(kit: Kit) -> None:
    (payer,) = kit.fund()
    latest = kit.server.root().call()["history_latest_ledger"]
    late = kit.build(payer, [pay(payer, kit.root)], ledger_bounds=(0, latest))
    assert kit.failure(late)["transaction"] == "tx_too_late"
    early = kit.build(payer, [pay(payer, kit.root)], ledger_bounds=(latest + 1000, 0))
    assert kit.failure(early)["transaction"] == "tx_too_early"


def test_insufficient_fee(kit: Kit) -> None:
    (payer,) = kit.fund()
    ops = [pay(payer, kit.root), pay(payer, kit.root)]
    envelope = kit.build(payer, ops, fee=50)
    assert kit.failure(envelope)["transaction"] == "tx_insufficient_fee"


def test_no_source_account(kit: Kit) -> None:
    ghost = Keypair.random()
    envelope = (
        TransactionBuilder(Account(ghost.public_key, 1), PASSPHRASE, 100)
        .append_operation(pay(ghost, kit.root))
        .set_timeout(60)
        .build()
    )
    envelope.sign(ghost)
    assert kit.failure(envelope)["transaction"] == "tx_no_source_account"


def test_zero_amount_is_malformed(kit: Kit) -> None:
    (payer,) = kit.fund()
    codes = kit.failure(kit.build(payer, [pay(payer, kit.root, "0")]))
    assert codes == {"transaction": "tx_failed", "operations": ["op_malformed"]}


def test_memo_over_28_bytes_is_malformed(kit: Kit) -> None:
    (payer,) = kit.fund()
    envelope = kit.build(payer, [pay(payer, kit.root)], memo="m" * 28)
    raw = base64.b64decode(envelope.to_xdr())
    at = raw.find(b"m" * 28)
    patched = raw[: at - 4] + (29).to_bytes(4, "big") + b"m" * 29 + b"\0" * 3 + raw[at + 28 :]
    assert_malformed(kit, base64.b64encode(patched).decode())


def test_more_than_100_operations_is_malformed(kit: Kit) -> None:
    (payer,) = kit.fund()
    envelope = kit.build(payer, [pay(payer, kit.root, "0.0000001")] * 100)
    body = xdr.TransactionEnvelope.from_xdr(envelope.to_xdr())
    assert body.v1 is not None
    body.v1.tx.operations.append(body.v1.tx.operations[0])
    assert_malformed(kit, body.to_xdr())


def test_failed_transaction_consumes_sequence_and_fee(kit: Kit) -> None:
    payer, payee = kit.fund(2)
    sequence, balance = kit.sequence(payer), kit.balance(payer)
    fake = Asset("TKN", payee.public_key)
    envelope = kit.build(payer, [Payment(payee.public_key, fake, "1")])
    codes = kit.failure(envelope)
    assert codes == {"transaction": "tx_failed", "operations": ["op_src_no_trust"]}
    assert kit.sequence(payer) == sequence + 1
    assert kit.balance(payer) == balance - Decimal("0.00001")
    stored = kit.server.transactions().transaction(envelope.hash_hex()).call()
    assert stored["successful"] is False
    result = xdr.TransactionResult.from_xdr(stored["result_xdr"])
    assert result.result.code == xdr.TransactionResultCode.txFAILED
    assert result.fee_charged.int64 == 100


def test_failed_transaction_is_atomic(kit: Kit) -> None:
    payer, payee = kit.fund(2)
    fake = Asset("TKN", payee.public_key)
    before = kit.balance(payee)
    ops = [pay(payer, payee, "10"), Payment(payee.public_key, fake, "1")]
    codes = kit.failure(kit.build(payer, ops))
    assert codes["operations"] == ["op_success", "op_src_no_trust"]
    assert kit.balance(payee) == before


def test_failure_problem_carries_real_result_xdr(kit: Kit) -> None:
    payer, payee = kit.fund(2)
    with pytest.raises(BadRequestError) as info:
        kit.submit(kit.build(payer, [pay(payer, payee, "1000000")]))
    assert info.value.type == "https://stellar.org/horizon-errors/transaction_failed"
    assert info.value.result_xdr is not None
    result = xdr.TransactionResult.from_xdr(info.value.result_xdr)
    assert result.result.results is not None
    inner = result.result.results[0].tr
    assert inner is not None and inner.payment_result is not None
    assert inner.payment_result.code == xdr.PaymentResultCode.PAYMENT_UNDERFUNDED
