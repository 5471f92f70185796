"""A pass claims only the transfers its free channels can carry, and none when every channel is busy."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from decimal import Decimal

import pytest
from flask import Flask

from services.settlement.worker import Settler
from storage import envelopes
from storage.database import database
from storage.models import Transfer, utc_now
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
