"""The read endpoints answer in Horizon's shapes, as stellar-sdk expects them."""

from __future__ import annotations

import pytest
import requests
from stellar_sdk import Asset, xdr
from stellar_sdk.exceptions import NotFoundError
from stellar_sdk.operation import Payment

from tests.ledger.conftest import BACKGROUND_FEE, BACKGROUND_MAX_OPS, PASSPHRASE, Kit

NATIVE = Asset.native()


def test_root_reports_latest_ledger_and_passphrase(kit: Kit) -> None:
    body = kit.server.root().call()
    assert body["network_passphrase"] == PASSPHRASE
    assert body["history_latest_ledger"] >= 1
    assert body["core_latest_ledger"] == body["history_latest_ledger"]


def test_root_account_holds_all_lumens_at_genesis(kit: Kit) -> None:
    body = kit.account(kit.root)
    assert body["id"] == body["account_id"] == kit.root.public_key
    assert body["balances"][-1]["asset_type"] == "native"
    assert body["thresholds"] == {"low_threshold": 0, "med_threshold": 0, "high_threshold": 0}
    assert body["signers"] == [{"weight": 1, "key": kit.root.public_key, "type": "ed25519_public_key"}]
    assert isinstance(body["sequence"], str)


def test_unknown_account_is_a_problem_404(kit: Kit) -> None:
    with pytest.raises(NotFoundError) as info:
        kit.server.accounts().account_id("GAAZI4TCR3TY5OJHCTJC2A4QSY6CJWJH5IAJTGKIN2ER7LBNVKOCCWN7").call()
    assert info.value.status == 404
    assert info.value.type == "https://stellar.org/horizon-errors/not_found"


def test_unknown_transaction_is_a_problem_404(kit: Kit) -> None:
    with pytest.raises(NotFoundError):
        kit.server.transactions().transaction("ab" * 32).call()


def test_trust_line_balance_shape(kit: Kit) -> None:
    _, distribution, asset = kit.issue(mint="12.5")
    line = kit.account(distribution)["balances"][0]
    assert line["asset_type"] == "credit_alphanum4"
    assert line["asset_code"] == "TKN"
    assert line["asset_issuer"] == asset.issuer
    assert line["balance"] == "12.5000000"
    assert line["limit"] == "922337203685.4775807"
    assert line["is_authorized"] is True


def test_latest_ledger_and_base_fee(kit: Kit) -> None:
    page = kit.server.ledgers().order(desc=True).limit(1).call()
    record = page["_embedded"]["records"][0]
    assert record["base_fee_in_stroops"] == 100
    assert kit.server.fetch_base_fee() == 100


def test_fee_stats_shape(kit: Kit) -> None:
    body = kit.server.fee_stats().call()
    assert body["last_ledger_base_fee"] == "100"
    assert set(body["fee_charged"]) >= {"max", "min", "mode", "p10", "p50", "p99"}
    assert set(body["max_fee"]) >= {"max", "min", "mode", "p10", "p50", "p99"}


def test_transaction_resource(kit: Kit) -> None:
    (payer,) = kit.fund()
    envelope = kit.build(payer, [Payment(kit.root.public_key, Asset.native(), "1")], memo="inv 42")
    submitted = kit.submit(envelope)
    body = kit.server.transactions().transaction(submitted["hash"]).call()
    assert body["successful"] is True
    assert body["hash"] == envelope.hash_hex()
    assert body["ledger"] == submitted["ledger"]
    assert body["source_account"] == payer.public_key
    assert body["source_account_sequence"] == str(envelope.transaction.sequence)
    assert body["fee_charged"] == "100"
    assert body["max_fee"] == "100"
    assert body["operation_count"] == 1
    assert body["memo_type"] == "text" and body["memo"] == "inv 42"
    assert body["envelope_xdr"] == envelope.to_xdr()
    result = xdr.TransactionResult.from_xdr(body["result_xdr"])
    assert result.fee_charged.int64 == 100
    assert result.result.code == xdr.TransactionResultCode.txSUCCESS
    assert result.result.results is not None and len(result.result.results) == 1
    assert body["created_at"].endswith("Z")


def test_a_ledgers_transactions_page_by_cursor_and_leave_failed_ones_out_unless_asked(manual_kit: Kit) -> None:
    payers = manual_kit.fund(3)
    poor = manual_kit.fund(1, xlm="2")[0]
    envelopes = [manual_kit.build(p, [Payment(manual_kit.root.public_key, NATIVE, "1")]) for p in payers]
    failing = manual_kit.build(poor, [Payment(manual_kit.root.public_key, NATIVE, "100")])
    for envelope in (*envelopes, failing):
        sent = requests.post(f"{manual_kit.url}/transactions_async", data={"tx": envelope.to_xdr()}, timeout=10)
        assert sent.status_code == 201
    closed = manual_kit.admin.close_ledger()["sequence"]
    url = f"{manual_kit.url}/ledgers/{closed}/transactions"

    successful = requests.get(url, params={"limit": 200}, timeout=10).json()["_embedded"]["records"]
    assert len(successful) == 3 and all(r["successful"] for r in successful)
    first = requests.get(url, params={"limit": "2", "include_failed": "true"}, timeout=10).json()["_embedded"][
        "records"
    ]
    cursor = first[-1]["paging_token"]
    rest = requests.get(url, params={"limit": "2", "include_failed": "true", "cursor": str(cursor)}, timeout=10).json()
    hashes = [r["hash"] for r in first + rest["_embedded"]["records"]]
    assert sorted(hashes) == sorted(e.hash_hex() for e in (*envelopes, failing)) and len(set(hashes)) == 4
    ahead = requests.get(f"{manual_kit.url}/ledgers/{closed + 1}/transactions", timeout=10)
    assert ahead.status_code == 404 and ahead.headers["Latest-Ledger"] == str(closed)


def test_a_ledgers_transactions_list_the_background_with_its_bid_and_charge(rivals_kit: Kit) -> None:
    (payer,) = rivals_kit.fund()
    mine = rivals_kit.build(payer, [Payment(rivals_kit.root.public_key, NATIVE, "1")], fee=BACKGROUND_FEE + 1)
    assert requests.post(f"{rivals_kit.url}/transactions_async", data={"tx": mine.to_xdr()}, timeout=10).ok
    closed = rivals_kit.admin.close_ledger()["sequence"]
    url = f"{rivals_kit.url}/ledgers/{closed}/transactions"
    listed = requests.get(url, params={"limit": 200}, timeout=10).json()["_embedded"]["records"]
    (theirs,) = [record for record in listed if record["hash"] != mine.hash_hex()]
    ops = BACKGROUND_MAX_OPS // 2  # the background's share: one transaction of five payments
    assert theirs["source_account"] not in (payer.public_key, rivals_kit.root.public_key)
    assert (theirs["operation_count"], theirs["max_fee"], theirs["fee_charged"]) == (
        ops, str(BACKGROUND_FEE * ops), str(100 * ops)
    )  # fmt: skip
    assert theirs["successful"] and len(theirs["signatures"]) == 1
    assert sorted(int(record["paging_token"]) for record in listed) == [(closed << 32) + (n << 12) for n in (1, 2)]
    assert rivals_kit.server.transactions().transaction(theirs["hash"]).call()["ledger"] == closed
