"""The worker's bids on a congested ledger: a fee bump around the same stored envelope, never a rebuild."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any, cast

import pytest
from flask import Flask
from stellar_sdk import Account, Asset, Keypair, TransactionBuilder
from stellar_sdk.operation import Payment

from services.accounts.ledger_check import paid_lookup_from_config
from services.accounts.reconcile import reconcile
from services.settlement.bidding import Bidder
from services.settlement.recording import COUNTERS, Flight
from services.settlement.settings import SettlementNetwork, SettlementSettings
from services.settlement.worker import Settler
from storage import envelopes as storage_envelopes
from storage import settlement as store
from storage.database import database
from storage.envelopes import attempts_for
from storage.models import SettlementAttempt
from tests.ledger.conftest import PASSPHRASE
from tests.services.settlement.conftest import (
    LEDGER_API,
    ServedLedger,
    ledger_api_config,
    load,
    reserved_ledger,
    submit_transfer,
    wait_for,
)
from tests.support.accounts import resolutions

OPS_PER_LEDGER = 5
BACKGROUND_FEE = 200  # other people's bid per operation: above the base fee, filling every ledger


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedLedger]:
    """Closes on demand; other people's traffic fills every ledger at a higher bid."""
    directory = tmp_path_factory.mktemp("crowded-ledger")
    config = {"max_ops_per_ledger": OPS_PER_LEDGER, "background_share": 1.0, "background_fee": BACKGROUND_FEE}
    with reserved_ledger(directory, 2, ledger_close_seconds=0, **config) as ledger:
        yield ledger


@pytest.fixture()
def app_config(app_config: dict[str, Any], crowded: ServedLedger) -> dict[str, Any]:
    return {
        **app_config,
        **ledger_api_config(crowded.url),
        "SANDBOX_SECRETS_FILE": str(crowded.secrets_file),
        "SETTLEMENT_BATCH_OPS": 1,
        "SETTLEMENT_FEE_PERCENTILE": "p10",
        # Fee bumps of stuck envelopes are what most tests here are about, so no bid outbids the
        # rivals from the start; the last test turns that on (decision N11).
        "SETTLEMENT_SURGE_USAGE": "2",
    }


def envelope_of(transfer_id: Any) -> SettlementAttempt:
    with database.connection_context():
        payment = attempts_for(transfer_id)[-1]  # the latest envelope
        attempt: SettlementAttempt = SettlementAttempt.get_by_id(payment.attempt_id)
        return attempt


def test_an_envelope_stuck_behind_higher_bids_is_raised_by_a_fee_bump_and_paid_once(
    app: Flask, crowded: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    transfer_id = submit_transfer(app, sandbox_key, crowded.payees[0], amount="3.00")
    settler = make_settler()
    bumps = COUNTERS["fee_bumps"]
    settler.run_once()
    queued = envelope_of(transfer_id)
    assert queued.bump_hash is None and queued.fee == 100  # the market's p10: nothing charged above base yet
    assert queued.tx_hash in crowded.admin.status()["pending"]

    crowded.admin.close_ledger(count=2)  # both filled by the higher bids: ours waits in the queue
    wait_for(lambda: envelope_of(transfer_id).bump_hash is not None, settler, timeout=10)
    # stellar-core replaces a queued transaction only at ten times its rate: the hint says so,
    # and the worker raised its first bump to it at once.
    assert COUNTERS["fee_bumps"] - bumps == 2
    bumped = envelope_of(transfer_id)
    assert bumped.bump_fee == 2 * 10 * 100  # the payment and the bump itself, at 1,000 per operation
    assert bumped.tx_hash == queued.tx_hash and bumped.sequence == queued.sequence  # nothing rebuilt

    crowded.admin.close_ledger()
    wait_for(lambda: load(transfer_id).state == store.COMPLETED, settler, timeout=10)
    paid = envelope_of(transfer_id)
    assert paid.outcome == "applied" and paid.fee_charged is not None and paid.bump_fee is not None
    assert 0 < paid.fee_charged <= paid.bump_fee
    assert load(transfer_id).ledger_hash == queued.tx_hash  # found by the hash stored before any submission
    # The hold is posted once, and reconcile reads the amount paid from inside the bump's envelope.
    assert resolutions(transfer_id) == ["hold", "post"]
    with database.connection_context():
        checks = reconcile(paid_lookup_from_config(app.config))
    assert [c.name for c in checks if not c.ok] == [], [c.problems for c in checks]
    assert checks[-1].checked == 1

    status = app.test_cli_runner().invoke(args=["status"])
    assert "1 with a fee bump" in status.output, status.output
    assert f"{paid.fee_charged} stroops charged" in status.output


def test_at_the_fee_cap_an_envelope_waits_at_its_bid_and_a_higher_cap_gets_it_in(
    app: Flask, crowded: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    first = submit_transfer(app, sandbox_key, crowded.payees[0], amount="4.00")
    second = submit_transfer(app, sandbox_key, crowded.payees[1], amount="5.00")
    settler = make_settler(SETTLEMENT_MAX_FEE=150)  # too low a cap to outbid the background traffic
    settler.run_once()
    # The queue holds two ledgers: one of background traffic and, past it, room for ours.
    assert {envelope_of(first).bump_hash, envelope_of(second).bump_hash} == {None}
    crowded.admin.close_ledger(count=3)
    for _ in range(5):
        settler.run_once()
    for transfer_id in (first, second):
        # Capped below the rate that would get in: the envelope waits at its bid, never rebuilt.
        assert envelope_of(transfer_id).bump_fee in (None, 2 * 150)
        assert load(transfer_id).state == store.PROCESSING
    raised = make_settler()

    def completed_after_a_close() -> bool:
        crowded.admin.close_ledger()
        deadline = time.monotonic() + 0.5  # passes enough to follow what the close decided
        while time.monotonic() < deadline:
            raised.run_once()
            time.sleep(0.02)
        return {load(first).state, load(second).state} == {store.COMPLETED}

    # The queue dropped what it held too long; a bump at the market rate (or a rebuilt envelope) gets in.
    wait_for(completed_after_a_close, timeout=60)
    assert all(envelope_of(t).outcome == "applied" for t in (first, second))


@pytest.mark.skipif(
    LEDGER_API == "rpc",
    reason="on RPC the bids are those of ledgers the follows read (Z9): a worker's first envelope knows charges only",
)
def test_on_busy_ledgers_a_new_envelope_outbids_the_rivals_and_goes_into_the_next_ledger(
    app: Flask, crowded: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    crowded.admin.close_ledger(count=5)  # fee_stats' five ledgers: full, every bid and charge the rivals' 200
    transfer_id = submit_transfer(app, sandbox_key, crowded.payees[1], amount="6.00")
    settler = make_settler(SETTLEMENT_SURGE_USAGE="0.5")
    bumps = COUNTERS["fee_bumps"]
    settler.run_once()
    queued = envelope_of(transfer_id)
    # The charged rate alone (200) would tie with the rivals and wait behind them.
    assert queued.fee == BACKGROUND_FEE + 1 and queued.bump_hash is None
    tip = crowded.admin.status()["latest_ledger"]

    crowded.admin.close_ledger()
    wait_for(lambda: load(transfer_id).state == store.COMPLETED, settler, timeout=10)
    paid = envelope_of(transfer_id)
    assert paid.ledger_sequence == tip + 1 and paid.bump_hash is None and COUNTERS["fee_bumps"] == bumps


@pytest.mark.skipif(LEDGER_API != "rpc", reason="Horizon's /fee_stats reports the rivals' bids from the start")
def test_on_rpc_once_a_follow_has_read_a_crowded_ledger_a_new_envelope_outbids_the_rivals(
    app: Flask, crowded: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    settler = make_settler(SETTLEMENT_SURGE_USAGE="0.5")
    submit_transfer(app, sandbox_key, crowded.payees[0], amount="7.00")
    settler.run_once()  # with no ledger read yet, this first envelope bids from the charges alone
    for _ in range(2):  # following it reads each ledger whole, the rivals' 200s with it
        crowded.admin.close_ledger()
        settler.run_once()
    second = submit_transfer(app, sandbox_key, crowded.payees[1], amount="8.00")
    settler.run_once()
    assert envelope_of(second).fee == BACKGROUND_FEE + 1
    tip = crowded.admin.status()["latest_ledger"]
    crowded.admin.close_ledger()
    wait_for(lambda: load(second).state == store.COMPLETED, settler, timeout=10)
    assert envelope_of(second).ledger_sequence == tip + 1 and envelope_of(second).bump_hash is None


# Bidder.bump on a stuck envelope, against fee_stats as given (no ledger, no database).

CALM = dict.fromkeys(("p10", "p20", "p30", "p40", "p50", "p60", "p70", "p80", "p90", "p95", "p99"), "100")


class FeeStats:
    """A ledger client answering only fee_stats: charged 100 everywhere, bids as given, busy or not."""

    def __init__(self, bids: dict[str, str], usage: str = "0.0") -> None:
        self.stats = {
            "fee_charged": {**CALM, "min": "100", "max": "100", "mode": "100"},
            "max_fee": bids,
            "ledger_capacity_usage": usage,
            "last_ledger_base_fee": "100",
        }

    def fee_stats(self) -> dict[str, Any]:
        return self.stats


def stuck_flight(client: FeeStats, monkeypatch: pytest.MonkeyPatch, ours: set[int]) -> tuple[Flight, list[int]]:
    """A queued envelope bidding 100 on one payment; the bumps stored for it are listed, their rates per operation."""
    channel = Keypair.random()
    builder = TransactionBuilder(Account(channel.public_key, 7), PASSPHRASE, base_fee=100).set_timeout(300)
    envelope = builder.append_operation(Payment(channel.public_key, Asset.native(), "1")).build()
    envelope.sign(channel)
    attempt = SettlementAttempt(
        id=1, channel_account=channel.public_key, fee=100, op_count=1, tx_hash=envelope.hash_hex(),
        envelope_xdr=envelope.to_xdr(),
    )  # fmt: skip
    network = SettlementNetwork("sandbox", PASSPHRASE, Asset.native(), channel, (channel,), cast(Any, client))
    stored: list[int] = []

    def store_fee_bump(_attempt_id: int, _tx_hash: str, fee: int, _envelope_xdr: str) -> bool:
        stored.append(fee // 2)  # one payment, and the bump itself
        return True

    monkeypatch.setattr(storage_envelopes, "recent_bids", lambda _channels: ours)
    monkeypatch.setattr(storage_envelopes, "store_fee_bump", store_fee_bump)
    return Flight(attempt, network, []), stored


def test_a_stuck_envelope_behind_a_rival_is_raised_above_the_rival_in_one_bump(monkeypatch: pytest.MonkeyPatch) -> None:
    # Calm by the numbers (the ledger cleared at our 100s), but a rival's 200 got in ahead of us.
    client = FeeStats({**CALM, "p70": "200", "p80": "200", "p90": "200", "p95": "200", "p99": "200", "max": "200"})
    flight, stored = stuck_flight(client, monkeypatch, ours={100})
    assert Bidder(SettlementSettings(Decimal(1))).bump(flight, 10, None, stuck=True)
    assert stored == [201] and flight.attempt.bump_fee == 2 * 201  # the payment and the bump, at 201 each


def test_a_stuck_envelope_behind_our_own_bids_only_is_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    client = FeeStats({**CALM, "p90": "150", "p95": "150", "p99": "150", "max": "150"}, usage="1.0")
    flight, stored = stuck_flight(client, monkeypatch, ours={100, 150})  # every bid above ours is ours (N13)
    assert not Bidder(SettlementSettings(Decimal(1))).bump(flight, 10, None, stuck=True)
    assert stored == []
