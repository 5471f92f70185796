"""The queue: one pending transaction per source, replays, ledger capacity, timeouts."""

from __future__ import annotations

import time
from typing import Any

import pytest
import requests
from stellar_sdk import Asset, Keypair, TransactionEnvelope
from stellar_sdk.exceptions import BadResponseError
from stellar_sdk.operation import Payment

from tests.ledger.conftest import MANUAL_MAX_OPS, MANUAL_SUBMIT_TIMEOUT, Kit

NATIVE = Asset.native()


def post_async(kit: Kit, envelope: TransactionEnvelope) -> requests.Response:
    return requests.post(f"{kit.url}/transactions_async", data={"tx": envelope.to_xdr()}, timeout=10)


def payment(kit: Kit, payer: Keypair, amount: str = "1", **kw: Any) -> TransactionEnvelope:
    return kit.build(payer, [Payment(kit.root.public_key, NATIVE, amount)], **kw)


def test_async_submit_statuses(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    first = payment(manual_kit, payer)
    response = manual_kit.server.submit_transaction_async(first, skip_memo_required_check=True)
    assert response == {"hash": first.hash_hex(), "tx_status": "PENDING"}
    duplicate = post_async(manual_kit, first)
    assert duplicate.status_code == 409 and duplicate.json()["tx_status"] == "DUPLICATE"
    second = payment(manual_kit, payer, "2", sequence=first.transaction.sequence + 1)
    later = post_async(manual_kit, second)
    assert later.status_code == 503 and later.json()["tx_status"] == "TRY_AGAIN_LATER"
    manual_kit.admin.close_ledger()
    # Applied: its sequence number is used, so core refuses it as a bad sequence.
    replay = post_async(manual_kit, first)
    assert replay.status_code == 400 and replay.json()["tx_status"] == "ERROR"
    assert replay.json()["error_result_xdr"]


def test_sync_try_again_later_is_a_504(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    first = payment(manual_kit, payer)
    manual_kit.server.submit_transaction_async(first, skip_memo_required_check=True)
    second = payment(manual_kit, payer, "2", sequence=first.transaction.sequence + 1)
    started = time.monotonic()
    with pytest.raises(BadResponseError) as info:
        manual_kit.server.submit_transaction(second, skip_memo_required_check=True)
    assert info.value.status == 504
    assert info.value.type == "https://stellar.org/horizon-errors/timeout"
    # As Horizon: TRY_AGAIN_LATER counts as submitted, so it waits out its window before the 504.
    assert time.monotonic() - started >= MANUAL_SUBMIT_TIMEOUT * 0.9


def test_resubmitting_an_applied_envelope_returns_the_stored_result(manual_kit: Kit) -> None:
    payer, payee = manual_kit.fund(2)
    envelope = manual_kit.build(payer, [Payment(payee.public_key, NATIVE, "10")])
    first = manual_kit.submit(envelope)
    again = manual_kit.server.submit_transaction(envelope, skip_memo_required_check=True)
    assert again["hash"] == first["hash"] and again["ledger"] == first["ledger"]
    assert manual_kit.balance(payee) == 110


def test_resubmitting_a_pending_envelope_waits_for_the_same_result(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    envelope = payment(manual_kit, payer)
    one = manual_kit.submit_async(envelope)
    manual_kit.admin.wait_for_pending(envelope.hash_hex())
    two = manual_kit.submit_async(envelope)
    deadline = time.monotonic() + 5
    while not two.running() and time.monotonic() < deadline:
        time.sleep(0.01)
    manual_kit.admin.close_ledger()
    assert one.result(timeout=10)["ledger"] == two.result(timeout=10)["ledger"]


def test_submit_times_out_then_the_transaction_applies(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    envelope = payment(manual_kit, payer)
    with pytest.raises(BadResponseError) as info:
        manual_kit.server.submit_transaction(envelope, skip_memo_required_check=True)
    assert info.value.status == 504
    manual_kit.admin.close_ledger()
    stored = manual_kit.server.transactions().transaction(envelope.hash_hex()).call()
    assert stored["successful"] is True


def test_ledger_capacity_overflows_to_the_next_ledger(manual_kit: Kit) -> None:
    big, small = manual_kit.fund(2)
    half = MANUAL_MAX_OPS // 2 + 1
    first = manual_kit.build(big, [Payment(kit_root(manual_kit), NATIVE, "0.1")] * half)
    second = manual_kit.build(small, [Payment(kit_root(manual_kit), NATIVE, "0.1")] * half)
    for envelope in (first, second):
        manual_kit.server.submit_transaction_async(envelope, skip_memo_required_check=True)
    ledger = manual_kit.admin.close_ledger()
    assert ledger["operation_count"] == half
    assert manual_kit.admin.status()["pending"] == [second.hash_hex()]
    next_ledger = manual_kit.admin.close_ledger()
    stored = manual_kit.server.transactions().transaction(second.hash_hex()).call()
    assert stored["ledger"] == next_ledger["sequence"] == ledger["sequence"] + 1


def kit_root(kit: Kit) -> str:
    return kit.root.public_key


def test_bound_expiring_while_queued_drops_the_transaction(manual_kit: Kit) -> None:
    big, small = manual_kit.fund(2)
    blocker = manual_kit.build(big, [Payment(kit_root(manual_kit), NATIVE, "0.1")] * MANUAL_MAX_OPS)
    manual_kit.server.submit_transaction_async(blocker, skip_memo_required_check=True)
    latest = manual_kit.admin.status()["latest_ledger"]
    # Valid for the next ledger only, which the blocker fills.
    bounded = payment(manual_kit, small, ledger_bounds=(0, latest + 2))
    manual_kit.server.submit_transaction_async(bounded, skip_memo_required_check=True)
    sequence = manual_kit.sequence(small)
    manual_kit.admin.close_ledger(count=2)
    assert manual_kit.admin.status()["pending"] == []
    # Dropped and banned, as stellar-core does: the same envelope again is TRY_AGAIN_LATER, a 504.
    with pytest.raises(BadResponseError) as info:
        manual_kit.server.submit_transaction(bounded, skip_memo_required_check=True)
    assert info.value.status == 504
    assert manual_kit.sequence(small) == sequence  # never applied, never charged


def test_expiring_in_the_queue_ends_a_sync_submit_in_a_504_not_a_400(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    max_time = int(time.time()) + 1
    envelope = payment(manual_kit, payer, time_bounds=(0, max_time))
    future = manual_kit.submit_async(envelope)
    manual_kit.admin.wait_for_pending(envelope.hash_hex())
    deadline = time.monotonic() + 5
    while time.time() < max_time + 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    manual_kit.admin.close_ledger()
    assert envelope.hash_hex() not in manual_kit.admin.status()["pending"]
    # Horizon keeps waiting for a ledger that includes it until its window ends.
    assert not future.done()
    with pytest.raises(BadResponseError) as info:
        future.result(timeout=10)
    assert info.value.status == 504
