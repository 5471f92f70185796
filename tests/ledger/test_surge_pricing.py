"""Surge pricing as stellar-core does it: a bounded queue ordered by fee per operation, bans, fee_stats."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
import requests
from stellar_sdk import Asset, Keypair, TransactionEnvelope, xdr
from stellar_sdk.exceptions import BadRequestError
from stellar_sdk.operation import Payment

from tests.ledger.conftest import (
    BACKGROUND_FEE,
    BACKGROUND_MAX_OPS,
    SURGE_BAN_LEDGERS,
    SURGE_MAX_OPS,
    SURGE_TIMEOUT_LEDGERS,
    Kit,
)

NATIVE = Asset.native()


def payments(kit: Kit, payer: Keypair, ops: int, fee: int) -> TransactionEnvelope:
    """A transaction of ``ops`` payments to root, bidding ``fee`` per operation."""
    return kit.build(payer, [Payment(kit.root.public_key, NATIVE, "0.1")] * ops, fee=fee)


def post_async(kit: Kit, envelope: TransactionEnvelope) -> requests.Response:
    return requests.post(f"{kit.url}/transactions_async", data={"tx": envelope.to_xdr()}, timeout=10)


def queue(kit: Kit, *envelopes: TransactionEnvelope) -> None:
    for envelope in envelopes:
        response = post_async(kit, envelope)
        assert response.status_code == 201, response.text


def stored(kit: Kit, envelope: TransactionEnvelope) -> dict[str, Any]:
    body: dict[str, Any] = kit.server.transactions().transaction(envelope.hash_hex()).call()
    return body


def fee_hint(result_xdr: str) -> tuple[xdr.TransactionResultCode, int]:
    result = xdr.TransactionResult.from_xdr(result_xdr)
    return result.result.code, result.fee_charged.int64


def test_the_highest_fee_per_operation_goes_first(surge_kit: Kit) -> None:
    cheap_payer, dear_payer = surge_kit.fund(2)
    cheap = payments(surge_kit, cheap_payer, SURGE_MAX_OPS, fee=100)
    dear = payments(surge_kit, dear_payer, SURGE_MAX_OPS, fee=200)
    queue(surge_kit, cheap, dear)
    first = surge_kit.admin.close_ledger()
    assert stored(surge_kit, dear)["ledger"] == first["sequence"]
    assert surge_kit.admin.status()["pending"] == [cheap.hash_hex()]
    surge_kit.admin.close_ledger()
    assert stored(surge_kit, cheap)["ledger"] == first["sequence"] + 1


def test_a_surge_priced_ledger_charges_everyone_the_lowest_included_bid(surge_kit: Kit) -> None:
    a, b, c = surge_kit.fund(3)
    top = payments(surge_kit, a, 2, fee=300)
    middle = payments(surge_kit, b, 2, fee=200)
    left_out = payments(surge_kit, c, 2, fee=150)
    queue(surge_kit, top, middle, left_out)
    surge_kit.admin.close_ledger()
    # Four of five operations taken; the next bid did not fit, so the ledger is surge priced at 200.
    assert stored(surge_kit, top)["fee_charged"] == "400"
    assert stored(surge_kit, middle)["fee_charged"] == "400"
    assert surge_kit.admin.status()["pending"] == [left_out.hash_hex()]


def test_an_uncongested_ledger_charges_the_base_fee_whatever_the_bid(surge_kit: Kit) -> None:
    (payer,) = surge_kit.fund()
    generous = payments(surge_kit, payer, 2, fee=1000)
    body = surge_kit.submit(generous)
    assert body["fee_charged"] == "200"
    assert body["max_fee"] == "2000"


def fill_queue(kit: Kit, fee: int) -> list[TransactionEnvelope]:
    """Fill the two-ledger queue with two five-operation transactions bidding ``fee``."""
    payers = kit.fund(2)
    envelopes = [payments(kit, payer, SURGE_MAX_OPS, fee=fee) for payer in payers]
    queue(kit, *envelopes)
    return envelopes


def test_a_full_queue_refuses_a_low_bid_with_the_fee_it_needs_and_bans_it(surge_kit: Kit) -> None:
    (payer,) = surge_kit.fund()
    fill_queue(surge_kit, fee=200)
    low = payments(surge_kit, payer, 1, fee=150)
    refused = post_async(surge_kit, low)
    assert refused.status_code == 400 and refused.json()["tx_status"] == "ERROR"
    # The hint: one stroop more per operation than the cheapest queued bid.
    assert fee_hint(refused.json()["error_result_xdr"]) == (xdr.TransactionResultCode.txINSUFFICIENT_FEE, 201)
    again = post_async(surge_kit, low)
    assert again.status_code == 503 and again.json()["tx_status"] == "TRY_AGAIN_LATER"


def test_sync_submit_reports_the_fee_hint_in_horizons_problem(surge_kit: Kit) -> None:
    (payer,) = surge_kit.fund()
    fill_queue(surge_kit, fee=200)
    with pytest.raises(BadRequestError) as info:
        surge_kit.server.submit_transaction(payments(surge_kit, payer, 2, fee=100), skip_memo_required_check=True)
    assert info.value.type == "https://stellar.org/horizon-errors/transaction_failed"
    assert info.value.extras is not None
    assert info.value.extras["result_codes"] == {"transaction": "tx_insufficient_fee"}
    assert info.value.result_xdr is not None
    assert fee_hint(info.value.result_xdr)[1] == 401


def test_a_higher_bid_evicts_the_cheapest_which_is_banned(surge_kit: Kit) -> None:
    (payer,) = surge_kit.fund()
    kept, newest = fill_queue(surge_kit, fee=200)
    better = payments(surge_kit, payer, SURGE_MAX_OPS, fee=300)
    queue(surge_kit, better)
    # Of equal bids, the newest is evicted first.
    assert surge_kit.admin.status()["pending"] == [kept.hash_hex(), better.hash_hex()]
    banned = post_async(surge_kit, newest)
    assert banned.status_code == 503 and banned.json()["tx_status"] == "TRY_AGAIN_LATER"


def test_a_transaction_queued_too_long_is_dropped_and_banned_for_a_while(surge_kit: Kit) -> None:
    stuck_payer, *bidders = surge_kit.fund(SURGE_TIMEOUT_LEDGERS + 1)
    stuck = payments(surge_kit, stuck_payer, SURGE_MAX_OPS, fee=100)
    queue(surge_kit, stuck)
    for bidder in bidders:
        # A better bid fills each ledger, so the stuck transaction never fits.
        queue(surge_kit, payments(surge_kit, bidder, SURGE_MAX_OPS, fee=200))
        surge_kit.admin.close_ledger()
    assert surge_kit.admin.status()["pending"] == []
    assert post_async(surge_kit, stuck).json()["tx_status"] == "TRY_AGAIN_LATER"
    surge_kit.admin.close_ledger(count=SURGE_BAN_LEDGERS)
    assert post_async(surge_kit, stuck).json()["tx_status"] == "PENDING"


def test_fee_stats_reports_what_was_charged_and_the_capacity_used(surge_kit: Kit) -> None:
    a, b, c = surge_kit.fund(3)
    queue(surge_kit, payments(surge_kit, a, 2, fee=700), payments(surge_kit, b, 2, fee=600))
    queue(surge_kit, payments(surge_kit, c, 2, fee=500))
    surge_kit.admin.close_ledger()
    stats = surge_kit.server.fee_stats().call()
    assert stats["fee_charged"]["max"] == "600"
    assert stats["max_fee"]["max"] == "700"
    recent = surge_kit.server.ledgers().order(desc=True).limit(5).call()["_embedded"]["records"]
    used = sum(record["tx_set_operation_count"] for record in recent)
    expected = (Decimal(used) / (SURGE_MAX_OPS * len(recent))).quantize(Decimal("0.01"))
    assert Decimal(stats["ledger_capacity_usage"]) == expected > 0


def test_background_traffic_competes_for_each_ledger(background_kit: Kit) -> None:
    low_payer, high_payer = background_kit.fund(2)
    share = BACKGROUND_MAX_OPS // 2
    low = payments(background_kit, low_payer, share + 1, fee=100)
    queue(background_kit, low)
    crowded = background_kit.admin.close_ledger()
    # The background's half was taken at its higher bid; the rest could not hold the low bid.
    assert crowded["operation_count"] == share
    assert background_kit.admin.status()["pending"] == [low.hash_hex()]
    high = payments(background_kit, high_payer, share, fee=BACKGROUND_FEE + 100)
    queue(background_kit, high)
    full = background_kit.admin.close_ledger()
    assert full["operation_count"] == BACKGROUND_MAX_OPS
    assert stored(background_kit, high)["fee_charged"] == str(BACKGROUND_FEE * share)
    stats = background_kit.server.fee_stats().call()
    assert stats["fee_charged"]["mode"] == str(BACKGROUND_FEE)
