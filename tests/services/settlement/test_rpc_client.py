"""The Stellar RPC ledger client against the sandbox's RPC face: answers mapped as the Horizon client maps them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from ledger.testing import free_port
from stellar_sdk import Account, Asset, Keypair, TransactionBuilder, TransactionEnvelope, xdr
from stellar_sdk.exceptions import ConnectionError as SdkConnectionError
from stellar_sdk.operation import Payment
from stellar_sdk.soroban_rpc import GetFeeStatsResponse, GetTransactionsResponse

from services.settlement.fees import bid_per_op
from services.settlement.ledger_api import LedgerUnavailable
from services.settlement.ledger_client import submit_result
from services.settlement.outcomes import Kind, classify_reply
from services.settlement.rpc_bids import horizon_fee_stats
from services.settlement.rpc_client import RpcLedgerClient
from services.settlement.settings import SettlementConfigError, ledger_client, networks_from_config
from tests.ledger.conftest import PASSPHRASE, Kit, served

RETENTION = 3


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kit]:
    """A ledger closing only on demand, so an envelope stays queued between two submissions."""
    for url in served(tmp_path_factory, "rpc-client", ledger_close_seconds=0, rpc_retention_ledgers=RETENTION):
        yield Kit(url, manual=True)


def rpc(kit: Kit) -> RpcLedgerClient:
    return RpcLedgerClient(f"{kit.url}/rpc", PASSPHRASE, timeout_seconds=10)


def payment(client: RpcLedgerClient, payer: Keypair, destination: str) -> TransactionEnvelope:
    """A signed native payment, its sequence number read through the client (getLedgerEntries)."""
    read = client.account_sequence(payer.public_key).sequence
    assert read is not None
    source = client.server.load_account(payer.public_key)
    source.sequence = read
    builder = TransactionBuilder(source, PASSPHRASE, base_fee=100).set_timeout(300)
    envelope = builder.append_operation(Payment(destination, Asset.native(), "1")).build()
    envelope.sign(payer)
    return envelope


def test_pending_duplicate_then_found_with_its_fee(kit: Kit) -> None:
    client = rpc(kit)
    (payer,) = kit.fund()
    envelope = payment(client, payer, kit.root.public_key)
    first = client.submit_async(envelope.to_xdr())
    assert (first.http_status, first.queued, submit_result(first)) == (201, True, "PENDING")
    again = client.submit_async(envelope.to_xdr())
    assert (again.http_status, again.queued, submit_result(again)) == (409, True, "DUPLICATE")
    assert classify_reply(again).kind is Kind.PENDING

    ledger = kit.admin.close_ledger()["sequence"]
    lookup = client.find_transaction(envelope.hash_hex())
    assert lookup.found is not None and lookup.seen_ledger == ledger
    assert (lookup.found.ledger, lookup.found.successful, lookup.found.tx_code) == (ledger, True, "tx_success")
    assert lookup.found.fee_charged == 100 and lookup.found.envelope_xdr == envelope.to_xdr()
    assert lookup.history_start == ledger - RETENTION + 1


def test_an_applied_envelope_sent_again_is_an_error_with_its_result_codes(kit: Kit) -> None:
    client = rpc(kit)
    (payer,) = kit.fund()
    envelope = payment(client, payer, kit.root.public_key)
    client.submit_async(envelope.to_xdr())
    kit.admin.close_ledger()
    # RPC relays to stellar-core, which knows no history: the used sequence number is all it sees.
    reply = client.submit_async(envelope.to_xdr())
    assert (reply.http_status, reply.tx_code, submit_result(reply)) == (400, "tx_bad_seq", "tx_bad_seq")
    assert classify_reply(reply).kind is Kind.PENDING  # retryable: a lookup by hash decides


def test_try_again_later_is_a_refusal_of_this_very_envelope(kit: Kit) -> None:
    client = rpc(kit)
    (payer,) = kit.fund()
    envelope = payment(client, payer, kit.root.public_key)
    kit.admin.arm_fault("try_again_later")
    reply = client.submit_async(envelope.to_xdr())
    assert (reply.http_status, reply.try_again_later, reply.queued) == (503, True, False)
    assert submit_result(reply) == "TRY_AGAIN_LATER" and classify_reply(reply).kind is Kind.PENDING


@pytest.mark.parametrize(("fault", "status"), [("unavailable", 503), ("rate_limited", 429), ("connection_reset", 0)])
def test_faults_in_front_of_rpc_are_transport_answers(kit: Kit, fault: str, status: int) -> None:
    client = rpc(kit)
    (payer,) = kit.fund()
    envelope = payment(client, payer, kit.root.public_key)
    kit.admin.arm_fault(fault)
    reply = client.submit_async(envelope.to_xdr())
    assert (reply.http_status, reply.try_again_later, reply.queued) == (status, False, False)
    assert classify_reply(reply).kind is Kind.PENDING


def test_a_miss_says_which_ledgers_it_covers(kit: Kit) -> None:
    client = rpc(kit)
    (payer,) = kit.fund()
    envelope = payment(client, payer, kit.root.public_key)
    client.submit_async(envelope.to_xdr())
    applied = kit.admin.close_ledger()["sequence"]
    kit.admin.close_ledger(count=RETENTION)
    gone = client.find_transaction(envelope.hash_hex())
    assert gone.found is None and (gone.seen_ledger, gone.history_start) == (applied + RETENTION, applied + 1)


def test_reads_of_the_tip_accounts_and_balances(kit: Kit) -> None:
    client = rpc(kit)
    (payer,) = kit.fund()
    tip = client.latest_ledger()
    assert tip.sequence == kit.admin.status()["latest_ledger"] and tip.closed_at > 0
    read = client.account_sequence(payer.public_key)
    assert read.sequence == int(kit.account(payer)["sequence"]) and read.seen_ledger == tip.sequence
    assert client.account_sequence(Keypair.random().public_key).sequence is None
    issuer, holder, asset = kit.issue(mint="12.5")
    assert client.asset_balance(holder.public_key, asset.code, issuer.public_key) == Decimal("12.5")
    assert client.asset_balance(payer.public_key, asset.code, issuer.public_key) is None


def test_fee_stats_come_in_the_shape_the_bidder_reads(kit: Kit) -> None:
    stats = rpc(kit).fee_stats()
    assert stats["fee_charged"]["p70"] == "100" and stats["ledger_capacity_usage"] == "0.0"
    assert bid_per_op(stats, "p70", 100, 10_000, surge_usage=Decimal("0.5")) == 100


def test_a_surge_priced_ledger_reads_as_full_so_bids_outbid_rivals() -> None:
    distribution: dict[str, Any] = {f"p{p}": 100 for p in (10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99)}
    calm = horizon_fee_stats({**distribution, "min": 100, "max": 100, "mode": 100})
    surged = horizon_fee_stats({**distribution, "p99": 900, "min": 100, "max": 900, "mode": 100})
    assert calm["ledger_capacity_usage"] == "0.0" and surged["ledger_capacity_usage"] == "1.0"
    assert bid_per_op(surged, "p99", 100, 10_000, surge_usage=Decimal("0.5")) == 901


def test_an_unreachable_rpc_is_unavailable_and_a_submission_unknown() -> None:
    client = RpcLedgerClient(f"http://127.0.0.1:{free_port()}/rpc", PASSPHRASE, timeout_seconds=2)
    with pytest.raises(LedgerUnavailable):
        client.latest_ledger()
    with pytest.raises(LedgerUnavailable):
        client.find_transaction("00" * 32)
    assert client.submit_async("AAAA").http_status == 0


def test_configuration_chooses_the_backend_per_network(kit: Kit, tmp_path: Path) -> None:
    secrets = tmp_path / "secrets.json"
    channel, distribution = Keypair.random(), Keypair.random()
    document = {
        "issuer": {"public_key": Keypair.random().public_key},
        "distribution": {"secret": distribution.secret},
        "channels": [{"secret": channel.secret}],
    }
    secrets.write_text(json.dumps(document))
    secrets.chmod(0o600)
    config = {
        "SETTLEMENT_HTTP_TIMEOUT_SECONDS": 5,
        "SANDBOX_LEDGER_API": "rpc",
        "SANDBOX_RPC_URL": f"{kit.url}/rpc",
        "SANDBOX_HORIZON_URL": "",
        "SANDBOX_NETWORK_PASSPHRASE": PASSPHRASE,
        "SANDBOX_SECRETS_FILE": str(secrets),
        "PRODUCTION_LEDGER_API": "rpc",
        "PRODUCTION_HORIZON_URL": "https://horizon.example",
        "PRODUCTION_NETWORK_PASSPHRASE": PASSPHRASE,
        "PRODUCTION_SECRETS_FILE": str(secrets),
    }
    networks, problems = networks_from_config(config)
    client = networks["Sandbox"].client
    assert isinstance(client, RpcLedgerClient) and client.rpc_url == f"{kit.url}/rpc"
    assert client.own_accounts == {channel.public_key, distribution.public_key}  # so its bids are no rival's
    assert problems["Production"].startswith("PRODUCTION_RPC_URL, ")
    with pytest.raises(SettlementConfigError):
        ledger_client("soroban", kit.url, PASSPHRASE, 5)


def test_which_destinations_can_receive_the_asset_in_one_read(kit: Kit) -> None:
    client = rpc(kit)
    issuer, holder, asset = kit.issue()
    (untrusting,) = kit.fund()
    absent = Keypair.random().public_key
    reads = kit.admin.status()["horizon_requests"].get("/rpc getLedgerEntries", 0)

    problems = client.receiving_problems(
        [holder.public_key, untrusting.public_key, absent, issuer.public_key], asset.code, issuer.public_key
    )

    assert problems == {
        holder.public_key: None,
        untrusting.public_key: "op_no_trust",
        absent: "op_no_destination",
        issuer.public_key: None,
    }
    assert kit.admin.status()["horizon_requests"].get("/rpc getLedgerEntries", 0) == reads + 1


# What the scans' reads (getTransactions) tell fee_stats: the bids that getFeeStats' charges hide.

CALM = {**{f"p{p}": 100 for p in (10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99)}, "min": 100, "max": 100, "mode": 100}
SUCCESS = xdr.TransactionResult(
    xdr.Int64(100),
    xdr.TransactionResultResult(xdr.TransactionResultCode.txSUCCESS, results=[]),
    xdr.TransactionResultExt(0),
).to_xdr()


def bidding(
    fee_per_op: int,
    ops: int = 1,
    bump_per_op: int | None = None,
    payer: Keypair | None = None,
    fee_source: Keypair | None = None,
) -> str:
    """A signed envelope from `payer` bidding `fee_per_op` on `ops` payments.

    With `bump_per_op`, wrapped in a fee bump from `fee_source` (default `payer`) bidding that.
    """
    payer = payer or Keypair.random()
    fee_source = fee_source or payer
    builder = TransactionBuilder(Account(payer.public_key, 1), PASSPHRASE, base_fee=fee_per_op).set_timeout(300)
    for _ in range(ops):
        builder.append_operation(Payment(payer.public_key, Asset.native(), "1"))
    envelope = builder.build()
    envelope.sign(payer)
    if bump_per_op is None:
        return envelope.to_xdr()
    bump = TransactionBuilder.build_fee_bump_transaction(fee_source.public_key, bump_per_op, envelope, PASSPHRASE)
    bump.sign(fee_source)
    return bump.to_xdr()


class Ledgers:
    """A fake SDK server: getFeeStats charging the base fee everywhere, getTransactions over `ledgers`."""

    def __init__(self, ledgers: dict[int, list[str]]) -> None:
        self.ledgers = ledgers
        self.requests: list[str] = []

    def get_fee_stats(self) -> GetFeeStatsResponse:
        self.requests.append("getFeeStats")
        inclusion: dict[str, Any] = {**CALM, "transactionCount": 1, "ledgerCount": 10}
        return GetFeeStatsResponse.model_validate(
            {"sorobanInclusionFee": inclusion, "inclusionFee": inclusion, "latestLedger": max(self.ledgers)}
        )

    def get_transactions(self, cursor: str, limit: int) -> GetTransactionsResponse:
        self.requests.append("getTransactions")
        first, latest = int(cursor) >> 32, max(self.ledgers)
        transactions = [
            {
                "status": "SUCCESS",
                "txHash": Keypair.random().raw_public_key().hex(),
                "applicationOrder": order,
                "feeBump": xdr.TransactionEnvelope.from_xdr(envelope).fee_bump is not None,
                "envelopeXdr": envelope,
                "resultXdr": SUCCESS,
                "resultMetaXdr": "",
                "ledger": ledger,
                "createdAt": 0,
            }
            for ledger in range(first, latest + 1)
            for order, envelope in enumerate(self.ledgers.get(ledger, []), 1)
        ]
        assert len(transactions) < limit
        window: dict[str, Any] = {"latestLedger": latest, "latestLedgerCloseTimestamp": 0, "oldestLedger": 1}
        window |= {"oldestLedgerCloseTimestamp": 0, "cursor": str((latest + 1) << 32)}
        return GetTransactionsResponse.model_validate({**window, "transactions": transactions})


def faked(ledgers: Ledgers) -> RpcLedgerClient:
    client = RpcLedgerClient("http://127.0.0.1:1/rpc", PASSPHRASE, timeout_seconds=2)
    client._local.server = ledgers
    return client


def test_before_any_scan_fee_stats_read_the_latest_ledgers_bids_once() -> None:
    # A worker just started: without the rivals' 200s its first envelopes would bid the base fee.
    ledgers = Ledgers({49: [bidding(300)], 50: [bidding(200), bidding(100, ops=5)]})
    client = faked(ledgers)
    stats = client.fee_stats()
    assert stats["ledger_capacity_usage"] == "1.0" and stats["max_fee"]["max"] == "200"  # ledger 50's bids only
    assert client.fee_stats() == stats
    assert ledgers.requests == ["getFeeStats", "getTransactions", "getFeeStats"]


def test_bids_older_than_ten_ledgers_are_read_again_from_the_latest_ledger() -> None:
    ledgers = Ledgers({50: [bidding(200)]})
    client = faked(ledgers)
    client.ledger_transactions(50, 50)
    ledgers.ledgers = {60: [bidding(100)]}  # idle since 50: its 200 says nothing of ledger 60
    stats = client.fee_stats()
    assert stats["ledger_capacity_usage"] == "0.0" and stats["max_fee"]["max"] == "100"
    assert ledgers.requests == ["getTransactions", "getFeeStats", "getTransactions"]


def test_a_failed_read_of_the_latest_bids_leaves_the_fees_charged() -> None:
    class Unreadable(Ledgers):
        def get_transactions(self, cursor: str, limit: int) -> GetTransactionsResponse:
            raise SdkConnectionError("reset")

    client = faked(Unreadable({50: [bidding(200)]}))
    assert client.fee_stats() == horizon_fee_stats(CALM)


def test_rivals_bids_read_by_a_scan_make_the_ledgers_busy_and_the_bid_outbid_them() -> None:
    # The ledger cleared at our own 100s, so getFeeStats charged 100 everywhere; rivals bid 200.
    ledgers = Ledgers({50: [bidding(100, ops=100), *[bidding(200) for _ in range(5)]]})
    client = faked(ledgers)
    assert client.ledger_transactions(50, 50).through == 50
    stats = client.fee_stats()
    assert stats["ledger_capacity_usage"] == "1.0" and stats["fee_charged"] == horizon_fee_stats(CALM)["fee_charged"]
    assert stats["max_fee"]["p70"] == stats["max_fee"]["max"] == "200" and stats["max_fee"]["min"] == "100"
    assert bid_per_op(stats, "p70", 100, 10_000, ours={100}, surge_usage=Decimal("0.5")) == 201
    assert ledgers.requests == ["getTransactions", "getFeeStats"]  # nothing read but what was read before


def test_bids_are_nearest_rank_percentiles_per_transaction_a_fee_bump_counting_one_operation_more() -> None:
    # Ten transactions: 100 x5, a 2-operation one bidding 300, and a fee bump of 900 on 2 payments (300 a bid op).
    bids = [bidding(100) for _ in range(5)] + [bidding(300, ops=2), bidding(100, ops=2, bump_per_op=300)]
    bids += [bidding(150), bidding(160), bidding(170)]
    client = faked(Ledgers({50: bids}))
    client.ledger_transactions(50, 50)
    max_fee = client.fee_stats()["max_fee"]
    assert [max_fee[p] for p in ("p10", "p50", "p60", "p70", "p80", "p90", "p99")] == [
        "100", "100", "150", "160", "170", "300", "300"
    ]  # fmt: skip
    assert (max_fee["min"], max_fee["max"], max_fee["mode"]) == ("100", "300", "100")


def test_bids_at_the_base_fee_leave_the_ledgers_calm() -> None:
    client = faked(Ledgers({50: [bidding(100) for _ in range(3)]}))
    client.ledger_transactions(50, 50)
    stats = client.fee_stats()
    assert stats["ledger_capacity_usage"] == "0.0" and stats["max_fee"]["max"] == "100"


def test_the_bids_kept_are_those_of_the_last_ten_ledgers_read() -> None:
    ledgers = Ledgers({50: [bidding(200)], 51: [bidding(100)]})
    client = faked(ledgers)
    client.ledger_transactions(50, 51)
    assert client.fee_stats()["max_fee"]["max"] == "200"
    ledgers.ledgers = {59: [bidding(100)]}  # 52 … 59 read empty: 50 is still among the last ten
    client.ledger_transactions(52, 59)
    assert client.fee_stats()["ledger_capacity_usage"] == "1.0"
    ledgers.ledgers = {60: [bidding(100)]}
    client.ledger_transactions(60, 60)  # 51 … 60: the rival's 200 is forgotten
    stats = client.fee_stats()
    assert stats["ledger_capacity_usage"] == "0.0" and stats["max_fee"]["max"] == "100"


def test_a_ledger_read_again_replaces_its_bids() -> None:
    ledgers = Ledgers({50: [bidding(200)]})
    client = faked(ledgers)
    client.ledger_transactions(50, 50)
    client.ledger_transactions(50, 50)
    assert client.fee_stats()["max_fee"]["p10"] == "200"
    ledgers.ledgers = {50: [bidding(200), bidding(100)]}
    client.ledger_transactions(50, 50)
    assert client.fee_stats()["max_fee"]["p10"] == "100" and client.fee_stats()["max_fee"]["p99"] == "200"


def test_our_own_bids_and_fee_bumps_are_no_rivals_while_a_rivals_200_makes_the_ledgers_busy() -> None:
    channel, distribution, rival = Keypair.random(), Keypair.random(), Keypair.random()
    ours = [
        bidding(1000, payer=channel),
        bidding(100, payer=channel, bump_per_op=2000),
        bidding(100, payer=rival, bump_per_op=3000, fee_source=distribution),  # paid by us: ours
        bidding(100, payer=channel, bump_per_op=4000, fee_source=rival),  # our channel's sequence: ours
    ]
    ledgers = Ledgers({50: [*ours, bidding(100, payer=rival)]})
    client = faked(ledgers)
    client.own_accounts = frozenset([channel.public_key, distribution.public_key])
    client.ledger_transactions(50, 50)
    assert client.fee_stats()["ledger_capacity_usage"] == "0.0"
    assert client.fee_stats()["max_fee"]["max"] == "100"
    ledgers.ledgers = {51: [*ours, bidding(200, payer=rival)]}
    client.ledger_transactions(51, 51)
    stats = client.fee_stats()
    assert stats["ledger_capacity_usage"] == "1.0" and stats["max_fee"]["max"] == "200"


def test_with_only_our_own_bids_read_fee_stats_are_the_fees_charged() -> None:
    channel = Keypair.random()
    client = faked(Ledgers({50: [bidding(100, payer=channel, bump_per_op=5000)]}))
    client.own_accounts = frozenset([channel.public_key])
    client.ledger_transactions(50, 50)
    assert client.fee_stats() == horizon_fee_stats(CALM)
