"""The Stellar RPC face, driven by an unmodified SorobanServer: one engine behind both faces."""

from __future__ import annotations

import requests
from ledger.rpc_reads import fee_distribution
from stellar_sdk import Asset, Keypair, TransactionBuilder, xdr
from stellar_sdk.exceptions import AccountNotFoundException
from stellar_sdk.soroban_rpc import GetTransactionStatus, SendTransactionStatus

from tests.ledger.conftest import BACKGROUND_FEE, BACKGROUND_MAX_OPS, PASSPHRASE, Kit
from tests.ledger.rpc_support import raw_call, result_code, rpc_payment, soroban


def test_a_payment_sent_over_rpc_is_followed_by_get_transaction_and_get_transactions(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    (payer,) = manual_kit.fund()
    envelope = rpc_payment(server, payer, manual_kit.root.public_key)
    sent = server.send_transaction(envelope)
    assert (sent.status, sent.hash) == (SendTransactionStatus.PENDING, envelope.hash_hex())
    assert sent.error_result_xdr is None
    assert server.get_transaction(envelope.hash_hex()).status is GetTransactionStatus.NOT_FOUND

    closed = manual_kit.admin.close_ledger()["sequence"]
    found = server.get_transaction(envelope.hash_hex())
    assert found.status is GetTransactionStatus.SUCCESS
    assert (found.ledger, found.latest_ledger, found.application_order, found.fee_bump) == (closed, closed, 1, False)
    assert found.envelope_xdr == envelope.to_xdr()
    assert found.result_xdr is not None and result_code(found.result_xdr) is xdr.TransactionResultCode.txSUCCESS
    assert found.result_meta_xdr is not None and xdr.TransactionMeta.from_xdr(found.result_meta_xdr).v == 1
    horizon = manual_kit.server.transactions().transaction(envelope.hash_hex()).call()
    assert (horizon["ledger"], horizon["result_xdr"]) == (closed, found.result_xdr)

    page = server.get_transactions(start_ledger=closed)
    assert [(tx.transaction_hash, tx.ledger, tx.status) for tx in page.transactions] == [
        (envelope.hash_hex(), closed, "SUCCESS")
    ]
    assert page.latest_ledger == closed and page.transactions[0].created_at == found.create_at


def test_a_transaction_applied_as_failed_is_failed_with_its_result(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    (payer,) = manual_kit.fund()
    envelope = rpc_payment(server, payer, Keypair.random().public_key)  # no such destination
    assert server.send_transaction(envelope).status is SendTransactionStatus.PENDING
    closed = manual_kit.admin.close_ledger()["sequence"]
    failed = server.get_transaction(envelope.hash_hex())
    assert (failed.status, failed.ledger) == (GetTransactionStatus.FAILED, closed)
    assert failed.result_xdr is not None
    result = xdr.TransactionResult.from_xdr(failed.result_xdr)
    assert (result.result.code, result.fee_charged.int64) == (xdr.TransactionResultCode.txFAILED, 100)
    assert [tx.status for tx in server.get_transactions(start_ledger=closed).transactions] == ["FAILED"]
    assert server.load_account(payer.public_key).sequence == envelope.transaction.sequence


def test_get_transactions_pages_by_cursor_in_ledger_order(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    payers = manual_kit.fund(3)
    envelopes = [rpc_payment(server, payer, manual_kit.root.public_key) for payer in payers]
    for envelope in envelopes:
        assert server.send_transaction(envelope).status is SendTransactionStatus.PENDING
    closed = manual_kit.admin.close_ledger()["sequence"]
    seen: list[str] = []
    page = server.get_transactions(start_ledger=closed, limit=2)
    seen += [tx.transaction_hash for tx in page.transactions]
    assert len(page.transactions) == 2 and int(page.cursor) == (closed << 32) | (2 << 12) | 1
    page = server.get_transactions(cursor=page.cursor, limit=2)
    seen += [tx.transaction_hash for tx in page.transactions]
    assert sorted(seen) == sorted(envelope.hash_hex() for envelope in envelopes)
    assert [tx.application_order for tx in page.transactions] == [3]


def test_a_fee_bump_is_found_by_either_hash_and_shown_under_its_own(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    payer, sponsor = manual_kit.fund(2)
    inner = rpc_payment(server, payer, manual_kit.root.public_key)
    bumped = TransactionBuilder.build_fee_bump_transaction(sponsor.public_key, 400, inner, PASSPHRASE)
    bumped.sign(sponsor)
    assert server.send_transaction(bumped).status is SendTransactionStatus.PENDING
    assert server.send_transaction(inner).status is SendTransactionStatus.DUPLICATE
    manual_kit.admin.close_ledger()
    by_outer = server.get_transaction(bumped.hash_hex())
    by_inner = server.get_transaction(inner.hash_hex())
    assert by_outer.status is by_inner.status is GetTransactionStatus.SUCCESS
    assert by_outer.transaction_hash == by_inner.transaction_hash == bumped.hash_hex()
    assert by_outer.fee_bump is True and by_outer.result_xdr is not None
    assert result_code(by_outer.result_xdr) is xdr.TransactionResultCode.txFEE_BUMP_INNER_SUCCESS


def test_an_empty_page_at_the_tip_rewinds_to_the_start_of_the_latest_ledger(manual_kit: Kit) -> None:
    """As stellar-rpc's cursor does: a client that follows it reads the tip's transactions twice."""
    server = soroban(manual_kit.url)
    (payer,) = manual_kit.fund()
    envelope = rpc_payment(server, payer, manual_kit.root.public_key)
    server.send_transaction(envelope)
    tip = manual_kit.admin.close_ledger()["sequence"]
    end = server.get_transactions(start_ledger=tip)
    assert [tx.transaction_hash for tx in end.transactions] == [envelope.hash_hex()]
    assert int(end.cursor) == (tip << 32) | (1 << 12) | 1
    empty = server.get_transactions(cursor=end.cursor)
    assert empty.transactions == [] and int(empty.cursor) == (tip << 32) | 1
    again = server.get_transactions(cursor=empty.cursor)
    assert [tx.transaction_hash for tx in again.transactions] == [envelope.hash_hex()]


def test_duplicate_while_queued_then_bad_seq_once_applied(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    (payer,) = manual_kit.fund()
    envelope = rpc_payment(server, payer, manual_kit.root.public_key)
    assert server.send_transaction(envelope).status is SendTransactionStatus.PENDING
    assert server.send_transaction(envelope).status is SendTransactionStatus.DUPLICATE
    manual_kit.admin.close_ledger()
    again = server.send_transaction(envelope)
    assert again.status is SendTransactionStatus.ERROR
    assert again.error_result_xdr is not None
    assert result_code(again.error_result_xdr) is xdr.TransactionResultCode.txBAD_SEQ


def test_error_carries_a_decodable_result(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    (payer,) = manual_kit.fund()
    sequence = server.load_account(payer.public_key).sequence
    stale = rpc_payment(server, payer, manual_kit.root.public_key, sequence=sequence)
    cheap = rpc_payment(server, payer, manual_kit.root.public_key, fee=50)

    refused = server.send_transaction(stale)
    assert refused.status is SendTransactionStatus.ERROR and refused.error_result_xdr is not None
    assert result_code(refused.error_result_xdr) is xdr.TransactionResultCode.txBAD_SEQ
    low = server.send_transaction(cheap)
    assert low.status is SendTransactionStatus.ERROR and low.error_result_xdr is not None
    result = xdr.TransactionResult.from_xdr(low.error_result_xdr)
    assert (result.result.code, result.fee_charged.int64) == (xdr.TransactionResultCode.txINSUFFICIENT_FEE, 100)
    assert manual_kit.admin.status()["pending"] == []


def test_a_second_envelope_from_a_queued_source_is_try_again_later(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    (payer,) = manual_kit.fund()
    first = rpc_payment(server, payer, manual_kit.root.public_key, amount="1")
    second = rpc_payment(server, payer, manual_kit.root.public_key, amount="2")
    assert server.send_transaction(first).status is SendTransactionStatus.PENDING
    assert server.send_transaction(second).status is SendTransactionStatus.TRY_AGAIN_LATER
    assert manual_kit.admin.status()["pending"] == [first.hash_hex()]


def test_get_ledger_entries_reads_many_accounts_and_trust_lines_in_one_call(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    _, distribution, asset = manual_kit.issue(mint="250")
    (payee,) = manual_kit.fund()
    ghost = Keypair.random()
    keys = [
        xdr.LedgerKey(xdr.LedgerEntryType.ACCOUNT, account=xdr.LedgerKeyAccount(kp.xdr_account_id()))
        for kp in (distribution, ghost, payee)
    ]
    trust = xdr.LedgerKeyTrustLine(distribution.xdr_account_id(), asset.to_trust_line_asset_xdr_object())
    keys.append(xdr.LedgerKey(xdr.LedgerEntryType.TRUSTLINE, trust_line=trust))
    answer = server.get_ledger_entries(keys)
    assert answer.entries is not None and answer.latest_ledger == manual_kit.admin.status()["latest_ledger"]
    assert [entry.key for entry in answer.entries] == [keys[0].to_xdr(), keys[2].to_xdr(), keys[3].to_xdr()]
    accounts = [xdr.LedgerEntryData.from_xdr(entry.xdr).account for entry in answer.entries[:2]]
    sequences = [account.seq_num.sequence_number.int64 for account in accounts if account is not None]
    assert sequences == [manual_kit.sequence(distribution), manual_kit.sequence(payee)]
    line = xdr.LedgerEntryData.from_xdr(answer.entries[2].xdr).trust_line
    assert line is not None and line.balance.int64 == 250 * 10**7 and line.flags.uint32 == 1
    assert Asset.from_xdr_object(xdr.Asset(line.asset.type, alpha_num4=line.asset.alpha_num4)) == asset
    assert all(entry.last_modified_ledger <= answer.latest_ledger for entry in answer.entries)
    try:
        server.load_account(ghost.public_key)
    except AccountNotFoundException:
        pass
    else:
        raise AssertionError("an absent account must be missing from getLedgerEntries")


def test_health_network_latest_ledger_ledgers_and_fee_stats(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    (payer,) = manual_kit.fund()
    server.send_transaction(rpc_payment(server, payer, manual_kit.root.public_key))
    tip = manual_kit.admin.close_ledger()["sequence"]
    health = server.get_health()
    assert (health.status, health.latest_ledger, health.oldest_ledger) == ("healthy", tip, 1)
    assert health.ledger_retention_window == 120_960
    network = server.get_network()
    assert (network.passphrase, network.protocol_version, network.friendbot_url) == (PASSPHRASE, 22, None)
    latest = server.get_latest_ledger()
    assert latest.sequence == tip and xdr.LedgerHeader.from_xdr(latest.header_xdr).ledger_seq.uint32 == tip
    meta = xdr.LedgerCloseMeta.from_xdr(latest.metadata_xdr).v0
    assert meta is not None and len(meta.tx_set.txs) == len(meta.tx_processing) == 1
    ledgers = server.get_ledgers(start_ledger=tip - 1, limit=5)
    assert [ledger.sequence for ledger in ledgers.ledgers] == [tip - 1, tip] and ledgers.cursor == str(tip)
    entry = xdr.LedgerHeaderHistoryEntry.from_xdr(ledgers.ledgers[1].header_xdr)
    assert entry.hash.hash.hex() == ledgers.ledgers[1].hash == latest.id
    fees = server.get_fee_stats()
    assert fees.latest_ledger == tip and fees.inclusion_fee.transaction_count >= 1
    assert fees.inclusion_fee.p50 == 100 and fees.soroban_inclusion_fee.transaction_count == 0


def test_json_rpc_errors_as_stellar_rpc_sends_them(manual_kit: Kit) -> None:
    url = manual_kit.url
    tip = manual_kit.admin.status()["latest_ledger"]
    assert raw_call(url, "getEvents", {})["error"]["code"] == -32601
    assert raw_call(url, "getTransaction", {"hash": "abc"})["error"] == {
        "code": -32602,
        "message": "unexpected hash length (3)",
    }
    assert raw_call(url, "getTransaction", ["positional"])["error"]["code"] == -32602
    assert raw_call(url, "sendTransaction", {"transaction": "bm90IHhkcg=="})["error"] == {
        "code": -32602,
        "message": "invalid_xdr",
    }
    ahead = raw_call(url, "getTransactions", {"startLedger": tip + 5}, call_id="x")
    assert ahead["id"] == "x" and ahead["error"] == {
        "code": -32600,
        "message": f"start ledger ({tip + 5}) must be between the oldest ledger: 1 and the latest ledger: {tip} "
        "for this rpc instance",
    }
    too_many = raw_call(url, "getLedgers", {"startLedger": 1, "pagination": {"limit": 201}})
    assert too_many["error"] == {"code": -32600, "message": "limit must not exceed 200"}
    both = raw_call(url, "getTransactions", {"startLedger": 1, "pagination": {"cursor": "1"}})
    assert both["error"]["code"] == -32600


def test_requests_that_are_not_json_rpc(manual_kit: Kit) -> None:
    url = f"{manual_kit.url}/rpc"
    parse = requests.post(url, data=b"{not json", timeout=10).json()
    assert parse == {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "parse error"}}
    wrong = requests.post(url, json={"jsonrpc": "1.0", "id": 7, "method": "getHealth"}, timeout=10).json()
    assert wrong["error"]["code"] == -32600 and wrong["id"] == 7
    batch = [
        {"jsonrpc": "2.0", "id": 1, "method": "getNetwork"},
        {"jsonrpc": "2.0", "id": 2, "method": "nope"},
    ]
    answers = requests.post(url, json=batch, timeout=10).json()
    assert answers[0]["result"]["passphrase"] == PASSPHRASE and answers[1]["error"]["code"] == -32601


def test_fee_distribution_is_nearest_rank_with_the_smallest_mode() -> None:
    fees = [100] * 3 + [200] * 3 + [300, 400, 500, 1000]
    stats = fee_distribution(fees, 4)
    assert (stats["min"], stats["max"], stats["mode"]) == ("100", "1000", "100")
    assert (stats["p10"], stats["p30"], stats["p40"], stats["p60"], stats["p90"], stats["p99"]) == (
        "100",
        "100",
        "200",
        "200",
        "500",
        "1000",
    )
    assert (stats["transactionCount"], stats["ledgerCount"]) == ("10", 4)
    assert fee_distribution([], 0)["p50"] == "0"


def test_every_rpc_call_is_counted_by_method(manual_kit: Kit) -> None:
    before = manual_kit.admin.status()["horizon_requests"]
    raw_call(manual_kit.url, "getHealth")
    batch = [{"jsonrpc": "2.0", "id": n, "method": "getLatestLedger"} for n in range(2)]
    requests.post(f"{manual_kit.url}/rpc", json=batch, timeout=10).raise_for_status()
    after = manual_kit.admin.status()["horizon_requests"]
    for endpoint, calls in (("/rpc getHealth", 1), ("/rpc getLatestLedger", 2)):
        assert after.get(endpoint, 0) - before.get(endpoint, 0) == calls


def test_get_transactions_lists_the_background_with_its_bid_and_get_transaction_finds_it(rivals_kit: Kit) -> None:
    server = soroban(rivals_kit.url)
    (payer,) = rivals_kit.fund()
    mine = rpc_payment(server, payer, rivals_kit.root.public_key, fee=BACKGROUND_FEE + 1)
    assert server.send_transaction(mine).status is SendTransactionStatus.PENDING
    closed = rivals_kit.admin.close_ledger()["sequence"]
    page = server.get_transactions(start_ledger=closed)
    assert sorted(tx.application_order for tx in page.transactions) == [1, 2]
    (theirs,) = [tx for tx in page.transactions if tx.transaction_hash != mine.hash_hex()]
    envelope = xdr.TransactionEnvelope.from_xdr(theirs.envelope_xdr)
    assert envelope.v1 is not None and not theirs.fee_bump
    ops = BACKGROUND_MAX_OPS // 2  # the background's share: one transaction of five payments
    assert (len(envelope.v1.tx.operations), envelope.v1.tx.fee.uint32) == (ops, BACKGROUND_FEE * ops)
    assert theirs.result_xdr is not None
    assert xdr.TransactionResult.from_xdr(theirs.result_xdr).fee_charged.int64 == 100 * ops
    found = server.get_transaction(theirs.transaction_hash)
    assert (found.status, found.ledger) == (GetTransactionStatus.SUCCESS, closed)
    horizon = rivals_kit.server.ledgers().ledger(closed).call()
    assert horizon["successful_transaction_count"] == 2 and horizon["operation_count"] == ops + 1
