"""Fee-bump transactions (CAP-15): the inner hash and sequence stay, the fee account pays."""

from __future__ import annotations

from decimal import Decimal

import requests
from stellar_sdk import Asset, FeeBumpTransactionEnvelope, Keypair, TransactionBuilder, TransactionEnvelope, xdr
from stellar_sdk.operation import Payment

from tests.ledger.conftest import PASSPHRASE, Kit

NATIVE = Asset.native()


def bump(inner: TransactionEnvelope, fee_source: Keypair, fee_per_op: int) -> FeeBumpTransactionEnvelope:
    envelope = TransactionBuilder.build_fee_bump_transaction(fee_source.public_key, fee_per_op, inner, PASSPHRASE)
    envelope.sign(fee_source)
    return envelope


def post_async(kit: Kit, envelope: TransactionEnvelope | FeeBumpTransactionEnvelope) -> requests.Response:
    return requests.post(f"{kit.url}/transactions_async", data={"tx": envelope.to_xdr()}, timeout=10)


def test_a_fee_bump_applies_the_inner_transaction_once_and_the_fee_account_pays(manual_kit: Kit) -> None:
    payer, payee, fee_account = manual_kit.fund(3)
    inner = manual_kit.build(payer, [Payment(payee.public_key, NATIVE, "5")])
    sequence, payer_balance = inner.transaction.sequence, manual_kit.balance(payer)
    fee_balance = manual_kit.balance(fee_account)
    bumped = bump(inner, fee_account, 400)
    body = manual_kit.submit(bumped)
    assert body["successful"] is True
    assert body["hash"] == bumped.hash_hex() != inner.hash_hex()
    assert body["fee_account"] == fee_account.public_key
    assert body["inner_transaction"]["hash"] == inner.hash_hex()
    assert body["fee_charged"] == "200"  # base fee for two operations: the payment and the bump
    assert manual_kit.sequence(payer) == sequence
    assert manual_kit.balance(payer) == payer_balance - 5  # the payer paid no fee
    assert manual_kit.balance(fee_account) == fee_balance - Decimal("0.00002")
    assert manual_kit.balance(payee) == 105
    result = xdr.TransactionResult.from_xdr(body["result_xdr"])
    assert result.result.code == xdr.TransactionResultCode.txFEE_BUMP_INNER_SUCCESS


def test_either_hash_finds_the_applied_fee_bump(manual_kit: Kit) -> None:
    payer, fee_account = manual_kit.fund(2)
    inner = manual_kit.build(payer, [Payment(manual_kit.root.public_key, NATIVE, "1")])
    bumped = bump(inner, fee_account, 200)
    manual_kit.submit(bumped)
    by_inner = manual_kit.server.transactions().transaction(inner.hash_hex()).call()
    by_outer = manual_kit.server.transactions().transaction(bumped.hash_hex()).call()
    assert by_inner["hash"] == inner.hash_hex() and by_outer["hash"] == bumped.hash_hex()
    assert by_inner["ledger"] == by_outer["ledger"]
    assert by_inner["fee_bump_transaction"]["hash"] == bumped.hash_hex()
    # The inner envelope again is the same transaction: its stored result, never a second payment.
    again = manual_kit.server.submit_transaction(inner, skip_memo_required_check=True)
    assert again["ledger"] == by_outer["ledger"]


def test_a_fee_bump_replaces_a_queued_transaction_only_at_ten_times_its_rate(manual_kit: Kit) -> None:
    payer, fee_account = manual_kit.fund(2)
    inner = manual_kit.build(payer, [Payment(manual_kit.root.public_key, NATIVE, "1")])
    assert post_async(manual_kit, inner).status_code == 201
    weak = post_async(manual_kit, bump(inner, fee_account, 500))
    assert weak.status_code == 400
    result = xdr.TransactionResult.from_xdr(weak.json()["error_result_xdr"])
    assert result.result.code == xdr.TransactionResultCode.txINSUFFICIENT_FEE
    assert result.fee_charged.int64 == 2000  # 10 x 100 per operation, on two operations
    strong = bump(inner, fee_account, 1000)
    assert post_async(manual_kit, strong).status_code == 201
    assert manual_kit.admin.status()["pending"] == [strong.hash_hex()]
    duplicate = post_async(manual_kit, inner)
    assert duplicate.status_code == 409 and duplicate.json()["tx_status"] == "DUPLICATE"
    manual_kit.admin.close_ledger()
    found = manual_kit.server.transactions().transaction(inner.hash_hex()).call()
    assert found["fee_bump_transaction"]["hash"] == strong.hash_hex()


def test_a_fee_bump_must_be_signed_by_its_fee_account(manual_kit: Kit) -> None:
    payer, fee_account = manual_kit.fund(2)
    inner = manual_kit.build(payer, [Payment(manual_kit.root.public_key, NATIVE, "1")])
    unsigned = TransactionBuilder.build_fee_bump_transaction(fee_account.public_key, 200, inner, PASSPHRASE)
    codes = manual_kit.failure(unsigned)
    assert codes == {"transaction": "tx_bad_auth"}


def test_a_fee_bump_reports_its_inner_failure(manual_kit: Kit) -> None:
    payer, fee_account = manual_kit.fund(2)
    stale = manual_kit.build(payer, [Payment(manual_kit.root.public_key, NATIVE, "1")])
    manual_kit.submit(manual_kit.build(payer, [Payment(manual_kit.root.public_key, NATIVE, "1")]))
    codes = manual_kit.failure(bump(stale, fee_account, 200))
    assert codes == {"transaction": "tx_fee_bump_inner_failed", "inner_transaction": "tx_bad_seq"}


def test_a_fee_bump_must_pay_for_one_more_operation(manual_kit: Kit) -> None:
    fee_per_op = 100
    payer, fee_account = manual_kit.fund(2)
    inner = manual_kit.build(payer, [Payment(manual_kit.root.public_key, NATIVE, "1")], fee=fee_per_op)
    bumped = bump(inner, fee_account, fee_per_op)
    envelope = xdr.TransactionEnvelope.from_xdr(bumped.to_xdr())
    assert envelope.fee_bump is not None
    envelope.fee_bump.tx.fee = xdr.Int64(fee_per_op)  # one operation's worth, not two
    low = FeeBumpTransactionEnvelope.from_xdr(envelope.to_xdr(), PASSPHRASE)
    low.signatures = []
    low.sign(fee_account)
    response = post_async(manual_kit, low)
    assert response.status_code == 400
    result = xdr.TransactionResult.from_xdr(response.json()["error_result_xdr"])
    assert result.result.code == xdr.TransactionResultCode.txINSUFFICIENT_FEE
    assert result.fee_charged.int64 == 2 * fee_per_op
