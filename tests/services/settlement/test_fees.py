"""Bids from fee_stats, raised by a fee bump around the same stored envelope, against a congested ledger."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

import pytest
from ledger.bootstrap import BootstrapOptions, bootstrap, read_secrets, submit_ops
from ledger.config import DEFAULT_PASSPHRASE, root_keypair
from ledger.testing import LedgerAdmin, run_ledger_server
from stellar_sdk import Asset, Keypair, Server, TransactionBuilder, xdr
from stellar_sdk.client.requests_client import RequestsClient
from stellar_sdk.operation import CreateAccount, Payment

from services.settlement.envelopes import Bounds, PaymentOrder, build_payments
from services.settlement.fees import PERCENTILES, bid_per_op, build_fee_bump, fee_hint, raised_bid, rival_bid
from services.settlement.ledger_client import HorizonLedgerClient, SubmitReply
from services.settlement.outcomes import Kind, classify_found, classify_reply
from tests.services.settlement.conftest import Sandbox, create_payees

OPS_PER_LEDGER = 5  # and a queue of two ledgers: two five-operation bids fill it
MAX_FEE = 10_000


@dataclass
class Congested:
    """A bootstrapped ledger closing on demand, with room for ten queued operations."""

    url: str
    admin: LedgerAdmin
    server: Server
    client: HorizonLedgerClient
    asset: Asset
    channel: Keypair
    distribution: Keypair
    payee: str
    bidders: list[Keypair]


@pytest.fixture(scope="module")
def congested(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Congested]:
    directory = tmp_path_factory.mktemp("congested-ledger")
    secrets_file = directory / "ledger-secrets.json"
    bidders = [Keypair.random() for _ in range(4)]
    with run_ledger_server(directory, ledger_close_seconds=0.1) as url:
        server = Server(url, client=RequestsClient(num_retries=0))
        secrets = bootstrap(BootstrapOptions(url, DEFAULT_PASSPHRASE, secrets_file, channels=1), server)
        asset = Asset("TKN", secrets["issuer"]["public_key"])
        (payee,) = create_payees(server, asset, 1)
        funding = [CreateAccount(kp.public_key, "100") for kp in bidders]
        submit_ops(server, DEFAULT_PASSPHRASE, root_keypair(DEFAULT_PASSPHRASE), list(funding))
    secrets = read_secrets(secrets_file)
    with run_ledger_server(directory, ledger_close_seconds=0, max_ops_per_ledger=OPS_PER_LEDGER) as url:
        yield Congested(
            url=url,
            admin=LedgerAdmin(url),
            server=Server(url, client=RequestsClient(num_retries=0)),
            client=HorizonLedgerClient(url, DEFAULT_PASSPHRASE, timeout_seconds=10),
            asset=asset,
            channel=Keypair.from_secret(secrets["channels"][0]["secret"]),
            distribution=Keypair.from_secret(secrets["distribution"]["secret"]),
            payee=payee.public_key,
            bidders=bidders,
        )


def fill_queue(ledger: Congested, bidders: list[Keypair], fee: int) -> None:
    """Two five-operation transactions bidding ``fee`` per operation: the queue is full."""
    for bidder in bidders:
        account = ledger.server.load_account(bidder.public_key)
        builder = TransactionBuilder(account, DEFAULT_PASSPHRASE, base_fee=fee).set_timeout(300)
        for _ in range(OPS_PER_LEDGER):
            builder.append_operation(Payment(root_keypair(DEFAULT_PASSPHRASE).public_key, Asset.native(), "0.1"))
        envelope = builder.build()
        envelope.sign(bidder)
        assert ledger.client.submit_async(envelope.to_xdr()).http_status == 201


def stored_payment(ledger: Congested) -> tuple[str, int, str]:
    """A settlement envelope paying 1 TKN at the base fee: its XDR, sequence number and hash."""
    channel_sequence = int(ledger.server.accounts().account_id(ledger.channel.public_key).call()["sequence"])
    tip = ledger.client.latest_ledger()
    signed = build_payments(
        [PaymentOrder(ledger.payee, Decimal(1), None)],
        ledger.asset,
        ledger.channel,
        channel_sequence,
        ledger.distribution,
        DEFAULT_PASSPHRASE,
        100,
        Bounds(max_ledger=tip.sequence + 20, max_time=tip.closed_at + 300),
    )
    return signed.envelope_xdr, signed.sequence, signed.tx_hash


def payee_balance(ledger: Congested) -> Decimal:
    for line in ledger.server.accounts().account_id(ledger.payee).call()["balances"]:
        if line.get("asset_code") == ledger.asset.code:
            return Decimal(line["balance"])
    raise AssertionError("payee has no TKN trust line")


def test_a_refused_bid_is_raised_by_a_fee_bump_around_the_same_envelope(congested: Congested) -> None:
    fill_queue(congested, congested.bidders[:2], fee=200)
    inner_xdr, sequence, inner_hash = stored_payment(congested)
    before = payee_balance(congested)

    refused = congested.client.submit_async(inner_xdr)
    assert (refused.http_status, refused.tx_code) == (400, "tx_insufficient_fee")
    assert refused.fee_hint == 201  # one stroop per operation above the cheapest queued bid
    assert classify_reply(refused).kind is Kind.PENDING  # not applied: the same envelope is raised

    market = bid_per_op(congested.client.fee_stats(), "p70", 100, MAX_FEE)
    bid = raised_bid(100, 1, refused.fee_hint, market, MAX_FEE)
    assert bid == 201
    bump = build_fee_bump(inner_xdr, congested.channel, bid, DEFAULT_PASSPHRASE)
    assert bump.fee == 2 * bid  # the payment and the bump itself
    queued = congested.client.submit_async(bump.envelope_xdr)
    assert queued.http_status == 201 and classify_reply(queued).kind is Kind.PENDING
    congested.admin.close_ledger()

    # The same payment, found under the hash that was stored before the first submission.
    assert congested.client.find_transaction(inner_hash).found is not None
    body = congested.server.transactions().transaction(bump.tx_hash).call()
    assert body["inner_transaction"]["hash"] == inner_hash
    assert int(body["source_account_sequence"]) == sequence
    assert payee_balance(congested) == before + 1
    congested.admin.close_ledger(count=2)  # leave the queue empty for the next test


def test_async_submission_answers(congested: Congested) -> None:
    inner_xdr, _, _ = stored_payment(congested)
    assert congested.client.submit_async(inner_xdr) == SubmitReply(201, detail="HTTP 201 PENDING")
    again = congested.client.submit_async(inner_xdr)
    assert again.http_status == 409 and classify_reply(again).kind is Kind.PENDING
    congested.admin.close_ledger()
    applied = congested.client.submit_async(inner_xdr)
    # Applied already: core refuses the used sequence number, and settlement learns nothing from it.
    assert (applied.http_status, applied.tx_code) == (400, "tx_bad_seq")
    assert classify_reply(applied).kind is Kind.PENDING


def test_the_bid_follows_fee_stats_within_the_cap() -> None:
    stats = {"fee_charged": {"p50": "150", "p70": "400", "p99": "20000"}}
    assert bid_per_op(stats, "p50", 100, MAX_FEE) == 150
    assert bid_per_op(stats, "p99", 100, MAX_FEE) == MAX_FEE
    assert bid_per_op({"fee_charged": {"p10": "50"}}, "p10", 100, MAX_FEE) == 100
    with pytest.raises(ValueError, match="percentile"):
        bid_per_op(stats, "p75", 100, MAX_FEE)


def test_a_raise_never_passes_the_cap() -> None:
    assert raised_bid(100, 2, hint=1001, market_per_op=100, max_fee=MAX_FEE) == 501
    assert raised_bid(100, 1, hint=None, market_per_op=300, max_fee=MAX_FEE) == 300
    assert raised_bid(100, 1, hint=None, market_per_op=100, max_fee=MAX_FEE) == 101
    assert raised_bid(9_000, 1, hint=50_000, market_per_op=100, max_fee=MAX_FEE) == MAX_FEE
    assert raised_bid(MAX_FEE, 1, hint=50_000, market_per_op=100, max_fee=MAX_FEE) is None


def test_fee_hint_reads_only_insufficient_fee_results() -> None:
    def result(code: xdr.TransactionResultCode, fee: int) -> str:
        body = xdr.TransactionResultResult(code=code)
        return xdr.TransactionResult(xdr.Int64(fee), body, xdr.TransactionResultExt(0)).to_xdr()

    assert fee_hint(result(xdr.TransactionResultCode.txINSUFFICIENT_FEE, 401)) == 401
    assert fee_hint(result(xdr.TransactionResultCode.txBAD_SEQ, 0)) is None


def test_a_fee_bump_keeps_the_inner_hash(congested: Congested) -> None:
    inner_xdr, _, inner_hash = stored_payment(congested)
    bump = build_fee_bump(inner_xdr, congested.channel, 1_000, DEFAULT_PASSPHRASE)
    assert bump.tx_hash != inner_hash
    envelope = TransactionBuilder.from_xdr(bump.envelope_xdr, DEFAULT_PASSPHRASE)
    assert envelope.transaction.inner_transaction_envelope.hash_hex() == inner_hash  # type: ignore[union-attr]


def test_a_fee_bumped_payment_is_classified_by_its_inner_result(sandbox: Sandbox) -> None:
    client = HorizonLedgerClient(sandbox.url, DEFAULT_PASSPHRASE, timeout_seconds=10)
    secrets = read_secrets(sandbox.secrets_file)
    channel = Keypair.from_secret(secrets["channels"][0]["secret"])
    tip = client.latest_ledger()
    signed = build_payments(
        [PaymentOrder(sandbox.payee(trust=False).public_key, Decimal(1), None)],
        sandbox.asset,
        channel,
        sandbox.sequence(channel.public_key),
        Keypair.from_secret(secrets["distribution"]["secret"]),
        DEFAULT_PASSPHRASE,
        100,
        Bounds(max_ledger=tip.sequence + 50, max_time=tip.closed_at + 300),
    )
    bump = build_fee_bump(signed.envelope_xdr, channel, 200, DEFAULT_PASSPHRASE)
    assert client.submit_async(bump.envelope_xdr).http_status == 201
    while (lookup := client.find_transaction(signed.tx_hash)).found is None:
        time.sleep(0.05)

    # Applied and failed inside the bump: the payee's own code, so the transfer fails (AC01).
    outcome = classify_found(lookup.found)
    assert (outcome.kind, outcome.op_codes) == (Kind.FAILED, ("op_no_trust",))
    # Refused on receipt inside the bump (its sequence number is used): nothing learned, not our keys.
    again = client.submit_async(bump.envelope_xdr)
    assert (again.http_status, again.tx_code) == (400, "tx_bad_seq")
    assert classify_reply(again).kind is Kind.PENDING


def _busy(usage: str, charged: str, bids: dict[str, str]) -> dict[str, object]:
    return {"ledger_capacity_usage": usage, "fee_charged": dict.fromkeys(PERCENTILES, charged), "max_fee": bids}


def _bids(*values: int) -> dict[str, str]:
    return {name: str(value) for name, value in zip(PERCENTILES, values, strict=True)}


def test_on_busy_ledgers_the_bid_goes_one_stroop_above_the_rivals_bid_at_the_percentile() -> None:
    rivals = _bids(100, 100, 150, 200, 200, 200, 200, 300, 300, 400, 9_000)
    stats = _busy("0.90", "100", rivals)
    assert bid_per_op(stats, "p70", 100, MAX_FEE, surge_usage=Decimal("0.5")) == 201
    assert bid_per_op(stats, "p99", 100, MAX_FEE, surge_usage=Decimal("0.5")) == 9_001
    assert bid_per_op(stats, "p99", 100, 5_000, surge_usage=Decimal("0.5")) == 5_000  # still capped
    # Ledgers with room: the charged rate is what gets in, whatever others offered.
    assert bid_per_op(_busy("0.40", "100", rivals), "p70", 100, MAX_FEE, surge_usage=Decimal("0.5")) == 100
    assert bid_per_op(stats, "p70", 100, MAX_FEE) == 100  # no surge rule configured
    # Never below what was charged.
    assert bid_per_op(_busy("0.90", "700", rivals), "p70", 100, MAX_FEE, surge_usage=Decimal("0.5")) == 700


def test_our_own_bids_are_passed_over_not_outbid() -> None:
    # Rivals at 200 hold the lower percentiles; our 201s the rest: 201 keeps getting in, no creep.
    mixed = _bids(200, 200, 200, 201, 201, 201, 201, 201, 201, 201, 201)
    assert rival_bid(mixed, "p70", ours={201}) == 201
    assert rival_bid(mixed, "p20", ours={201}) == 201
    # Our old 100s fill the percentile; a rival above them is found and beaten.
    behind = _bids(100, 100, 100, 100, 100, 100, 100, 100, 200, 200, 200)
    assert rival_bid(behind, "p70", ours={100}) == 201
    assert rival_bid(behind, "p70", ours=()) == 101
    # Only our own bids at all: nobody to outbid, and the highest of ours holds.
    assert rival_bid(_bids(*[150] * 11), "p70", ours={150}) == 150
