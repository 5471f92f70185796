"""A pass claims what its free channels carry (none when all are busy), organizations in turns."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from flask import Flask

from services.settlement.worker import Settler
from storage import envelopes
from storage.database import database
from storage.models import SettlementPayment, Transfer, utc_now
from tests.conftest import make_key
from tests.services.settlement.conftest import CHANNELS, Sandbox, settle_until_final, submit_transfer

OPS = 2
TRANSFERS = 10


@pytest.fixture()
def settler(make_settler: Callable[..., Settler]) -> Settler:
    built = make_settler(SETTLEMENT_BATCH_OPS=OPS, SETTLEMENT_BATCH_SIZE=100)
    (network,) = built.networks.values()
    with database.connection_context():
        envelopes.ensure_channels(network.environment, network.channel_ids)
    return built


@pytest.fixture()
def occupy(settler: Settler) -> Iterator[Callable[[int], None]]:
    """Lease `n` channels to another holder, as passes of other workers would; freed afterwards."""
    (network,) = settler.networks.values()
    holders: list[str] = []

    def take(count: int) -> None:
        with database.connection_context():
            for _ in range(count):
                holder = f"elsewhere-{len(holders)}"
                long_ago = utc_now() - timedelta(hours=1)
                assert envelopes.lease_channel(network.environment, network.channel_ids, holder, utc_now(), long_ago)
                holders.append(holder)

    yield take
    with database.connection_context():
        for holder in holders:
            envelopes.release_lease(holder)


def test_a_pass_claims_what_its_free_channels_carry(
    app: Flask, sandbox: Sandbox, sandbox_key: str, settler: Settler, occupy: Callable[[int], None]
) -> None:
    payee = sandbox.payee()
    for _ in range(TRANSFERS):
        submit_transfer(app, sandbox_key, payee.public_key)
    occupy(CHANNELS - 2)
    assert settler.run_once() == 2 * OPS


def test_with_every_channel_busy_a_pass_claims_no_transfer_that_needs_one(
    app: Flask, sandbox: Sandbox, sandbox_key: str, settler: Settler, occupy: Callable[[int], None]
) -> None:
    payee = sandbox.payee()
    transfers = [submit_transfer(app, sandbox_key, payee.public_key) for _ in range(TRANSFERS)]
    occupy(CHANNELS)
    assert settler.run_once() == 0  # open envelopes are followed in their own step, not by these
    with database.connection_context():
        assert not Transfer.select().where(Transfer.next_attempt_at.is_null(False)).exists()  # none handed back
        for n in range(CHANNELS):
            envelopes.release_lease(f"elsewhere-{n}")
    settle_until_final(settler, transfers)
    assert sandbox.balance(payee.public_key) == TRANSFERS * Decimal("125.50")


def test_a_pass_that_found_no_free_channel_waits_before_the_next(
    app: Flask, sandbox: Sandbox, sandbox_key: str, settler: Settler, occupy: Callable[[int], None]
) -> None:
    payee = sandbox.payee()
    for _ in range(TRANSFERS):
        submit_transfer(app, sandbox_key, payee.public_key)
    occupy(CHANNELS)
    stop = threading.Event()
    waits: list[float] = []

    def wait(seconds: float) -> None:
        waits.append(seconds)
        stop.set()

    settler.run(stop, wait=wait)
    assert waits == [settler.settings.poll_seconds]  # one pass, then the wait: not pass after pass


class StopAtWait(threading.Event):
    """A stop event that records each wait on it, without sleeping, and is set at the `last` one."""

    def __init__(self, last: int) -> None:
        super().__init__()
        self.last = last
        self.waits: list[float | None] = []

    def wait(self, timeout: float | None = None) -> bool:
        self.waits.append(timeout)
        if len(self.waits) >= self.last:
            self.set()
        return self.is_set()


def test_an_idle_loop_whose_wait_returns_at_once_still_sleeps_between_passes(
    make_settler: Callable[..., Settler],
) -> None:
    poll = 60.0  # far longer than any pause between the wait's return and the loop's next step
    settler = make_settler(SETTLEMENT_POLL_SECONDS=poll)
    stop = StopAtWait(last=2)
    asked: list[float] = []

    def returns_at_once(seconds: float) -> None:
        asked.append(seconds)  # neither sleeps nor says a notification woke it (a lost LISTEN connection)
        if len(asked) > 2:
            stop.set()  # without the fix the loop would spin here: end it, so the test fails instead of hanging

    settler.run(stop, wait=returns_at_once)
    assert asked == [poll, poll]
    # Each time, the rest of the poll interval was slept on the stop event.
    assert len(stop.waits) == 2 and all(wait is not None and 0 < wait <= poll for wait in stop.waits)


def test_transfers_whose_channels_another_pass_took_are_handed_back_still_created(
    app: Flask, sandbox: Sandbox, sandbox_key: str, settler: Settler, occupy: Callable[[int], None]
) -> None:
    payee = sandbox.payee()
    transfers = [submit_transfer(app, sandbox_key, payee.public_key) for _ in range(TRANSFERS)]
    counted = settler._claim_limit

    def channels_taken_after_the_count(now: datetime) -> int:
        limit = counted(now)
        occupy(CHANNELS)  # another pass leases every channel between this pass's count and its lease
        return limit

    settler._claim_limit = channels_taken_after_the_count  # type: ignore[method-assign]
    assert settler.run_once() == TRANSFERS
    with database.connection_context():
        rows = list(Transfer.select().where(Transfer.id.in_(transfers)))
        assert {t.state for t in rows} == {"Created"}  # never Processing without an envelope
        assert {t.amount_tkn for t in rows} == {None}
        assert all(t.next_attempt_at is not None for t in rows)  # handed back with a backoff
        assert not envelopes.open_payments_of(transfers)
        for n in range(CHANNELS):
            envelopes.release_lease(f"elsewhere-{n}")
    settler._claim_limit = counted  # type: ignore[method-assign]
    settle_until_final(settler, transfers)
    assert sandbox.balance(payee.public_key) == TRANSFERS * Decimal("125.50")


def test_a_pass_hands_back_every_chunk_once_and_no_later_than_the_next_close(
    app: Flask, sandbox: Sandbox, sandbox_key: str, settler: Settler, occupy: Callable[[int], None]
) -> None:
    payee = sandbox.payee()
    transfers = [submit_transfer(app, sandbox_key, payee.public_key) for _ in range(TRANSFERS)]
    # Production's backoff: a base of 1 s doubling to 60 s.
    settler.settings = replace(settler.settings, retry_base_seconds=1.0, retry_max_seconds=60.0)
    counted = settler._claim_limit

    def channels_taken_after_the_count(now: datetime) -> int:
        limit = counted(now)
        occupy(CHANNELS)
        return limit

    settler._claim_limit = channels_taken_after_the_count  # type: ignore[method-assign]
    before = utc_now()
    assert settler.run_once() == TRANSFERS
    with database.connection_context():
        due = {t.next_attempt_at for t in Transfer.select().where(Transfer.id.in_(transfers))}
    # One hand-back for the pass, all five chunks due together, and by the next close, when an
    # applied envelope can free a channel: not 1, 2, 4, 8 and 16 s later.
    assert len(due) == 1
    (at,) = due
    assert at is not None and at - before <= timedelta(seconds=1)


def test_an_organization_with_a_backlog_takes_no_more_than_its_share_of_the_channels(
    app: Flask, sandbox: Sandbox, settler: Settler, occupy: Callable[[int], None]
) -> None:
    noisy, quiet = make_key("Noisy Bank"), make_key("Quiet Bank")
    payee = sandbox.payee()
    backlog = [submit_transfer(app, noisy, payee.public_key, amount="1.00") for _ in range(TRANSFERS)]
    waiting = [submit_transfer(app, quiet, payee.public_key, amount="2.00") for _ in range(2)]
    occupy(CHANNELS - 2)  # two free channels: 2 x OPS transfers this pass, the backlog due first

    assert settler.run_once() == 2 * OPS

    with database.connection_context():
        carried = {payment.transfer_id for payment in SettlementPayment.select()}
    assert set(waiting) <= carried  # its turn came with the backlog's first, not after all of it
    assert len(carried & set(backlog)) == 2 * OPS - len(waiting)
