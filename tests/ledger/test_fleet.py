"""The lagging fleet: every answer says which ledger it saw, and serves the data as of that ledger."""

from __future__ import annotations

import pytest
import requests
from ledger.fleet import Fleet, FleetError, FleetShape
from stellar_sdk import Asset, Keypair, TransactionEnvelope
from stellar_sdk.operation import Payment

from tests.ledger.conftest import Kit

READS = 40


def payment(kit: Kit, payer: Keypair) -> TransactionEnvelope:
    return kit.build(payer, [Payment(kit.root.public_key, Asset.native(), "1")])


def seen(response: requests.Response) -> int:
    return int(response.headers["Latest-Ledger"])


def test_every_answer_carries_latest_ledger(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    envelope = payment(manual_kit, payer)
    manual_kit.submit(envelope)
    tip = manual_kit.admin.status()["latest_ledger"]
    base = manual_kit.url
    answers = [
        requests.get(f"{base}/", timeout=10),
        requests.get(f"{base}/accounts/{payer.public_key}", timeout=10),
        requests.get(f"{base}/accounts/{Keypair.random().public_key}", timeout=10),
        requests.get(f"{base}/transactions/{envelope.hash_hex()}", timeout=10),
        requests.get(f"{base}/transactions/{'0' * 64}", timeout=10),
        requests.get(f"{base}/ledgers", params={"order": "desc", "limit": "1"}, timeout=10),
        requests.get(f"{base}/ledgers/{tip}", timeout=10),
        requests.get(f"{base}/fee_stats", timeout=10),
        requests.get(f"{base}/no/such/route", timeout=10),
        requests.post(f"{base}/transactions", data={"tx": envelope.to_xdr()}, timeout=10),
        requests.post(f"{base}/transactions_async", data={"tx": envelope.to_xdr()}, timeout=10),
    ]
    assert [seen(answer) for answer in answers] == [tip] * len(answers)


def test_a_lagging_instance_serves_reads_as_of_its_own_ledger(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    before = manual_kit.sequence(payer)
    envelope = payment(manual_kit, payer)
    manual_kit.submit(envelope)
    applied_in = manual_kit.admin.status()["latest_ledger"]
    manual_kit.admin.arm_fault("lagging_fleet", instances=4, min_lag=0, max_lag=3, seed=5)
    manual_kit.admin.close_ledger(count=2)
    tip = applied_in + 2
    base = manual_kit.url
    heights: set[int] = set()
    for _ in range(READS):
        found = requests.get(f"{base}/transactions/{envelope.hash_hex()}", timeout=10)
        assert (found.status_code == 200) == (seen(found) >= applied_in)
        account = requests.get(f"{base}/accounts/{payer.public_key}", timeout=10)
        expected = before + 1 if seen(account) >= applied_in else before
        assert int(account.json()["sequence"]) == expected
        latest = requests.get(f"{base}/ledgers", params={"order": "desc", "limit": "1"}, timeout=10)
        assert latest.json()["_embedded"]["records"][0]["sequence"] == seen(latest)
        heights.update(seen(answer) for answer in (found, account, latest))
    assert min(heights) >= tip - 3 and max(heights) <= tip
    assert len(heights) > 1  # the reads really reached instances at different heights


def test_an_account_created_after_the_instances_ledger_is_not_found_there(manual_kit: Kit) -> None:
    manual_kit.admin.arm_fault("lagging_fleet", instances=1, min_lag=2, max_lag=2, seed=1)
    manual_kit.admin.close_ledger(count=3)
    (payer,) = manual_kit.fund()
    answer = requests.get(f"{manual_kit.url}/accounts/{payer.public_key}", timeout=10)
    assert answer.status_code == 404
    manual_kit.admin.close_ledger(count=2)
    assert requests.get(f"{manual_kit.url}/accounts/{payer.public_key}", timeout=10).status_code == 200


def test_resubmitting_an_applied_envelope_to_an_instance_that_has_not_ingested_it_is_a_bad_sequence(
    manual_kit: Kit,
) -> None:
    (payer,) = manual_kit.fund()
    envelope = payment(manual_kit, payer)
    manual_kit.admin.arm_fault("lagging_fleet", instances=1, min_lag=3, max_lag=3, seed=1)
    manual_kit.admin.close_ledger(count=4)
    manual_kit.submit(envelope)
    answer = requests.post(f"{manual_kit.url}/transactions", data={"tx": envelope.to_xdr()}, timeout=10)
    assert answer.status_code == 400
    assert answer.json()["extras"]["result_codes"]["transaction"] == "tx_bad_seq"
    manual_kit.admin.close_ledger(count=3)
    again = requests.post(f"{manual_kit.url}/transactions", data={"tx": envelope.to_xdr()}, timeout=10)
    assert again.status_code == 200  # the instance has caught up: Horizon returns the stored result


def test_a_pinned_path_always_trails_by_its_lag(manual_kit: Kit) -> None:
    manual_kit.admin.arm_fault("lagging_fleet", instances=0, pinned={"/accounts/": 2})
    tip = manual_kit.admin.status()["latest_ledger"]
    payer = manual_kit.root.public_key
    assert seen(requests.get(f"{manual_kit.url}/accounts/{payer}", timeout=10)) == tip - 2
    assert seen(requests.get(f"{manual_kit.url}/ledgers", timeout=10)) == tip


def test_clearing_faults_returns_to_reads_at_the_tip(manual_kit: Kit) -> None:
    manual_kit.admin.arm_fault("lagging_fleet", instances=2, min_lag=5, max_lag=5)
    manual_kit.admin.close_ledger(count=6)
    manual_kit.admin.clear_faults()
    tip = manual_kit.admin.status()["latest_ledger"]
    assert seen(requests.get(f"{manual_kit.url}/", timeout=10)) == tip


def test_each_instance_only_moves_forward_and_trails_by_at_most_the_largest_lag() -> None:
    fleet = Fleet(FleetShape(instances=3, min_lag=1, max_lag=6, seed=11))
    last: list[int] = []
    for tip in range(10, 200):
        assert tip - 6 <= fleet.height(tip) <= tip - 1
        heights = fleet.snapshot()["heights"]
        assert all(now >= before for now, before in zip(heights, last, strict=False))
        last = heights
    assert Fleet().height(42) == 42


@pytest.mark.parametrize(
    "payload",
    [{"instances": -1}, {"min_lag": 3, "max_lag": 2}, {"min_lag": -1}, {"pinned": {"/accounts/": -1}}],
)
def test_a_fleet_out_of_range_is_refused(payload: dict[str, object], manual_kit: Kit) -> None:
    with pytest.raises(FleetError):
        FleetShape.from_payload(payload)
    answer = requests.post(f"{manual_kit.url}/_sandbox/faults", json={"fault": "lagging_fleet", **payload}, timeout=10)
    assert answer.status_code == 400
