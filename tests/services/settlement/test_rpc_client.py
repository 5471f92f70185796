"""The Stellar RPC ledger client against the sandbox's RPC face: answers mapped as the Horizon client maps them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from ledger.testing import free_port
from stellar_sdk import Asset, Keypair, TransactionBuilder, TransactionEnvelope
from stellar_sdk.operation import Payment

from services.settlement.fees import bid_per_op
from services.settlement.ledger_api import LedgerUnavailable
from services.settlement.ledger_client import submit_result
from services.settlement.outcomes import Kind, classify_reply
from services.settlement.rpc_client import RpcLedgerClient, horizon_fee_stats
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
