"""Settlement makes progress under any mix of open envelopes, retries and busy channels."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from flask import Flask
from ledger.bootstrap import read_secrets, submit_ops
from ledger.config import DEFAULT_PASSPHRASE
from stellar_sdk import Keypair
from stellar_sdk.operation import Payment

from services.settlement.conversion import usd_to_tkn
from services.settlement.recording import COUNTERS, UNDERFUNDED
from services.settlement.worker import HELD_FOR_FUNDING, Settler
from storage import envelopes
from storage import settlement as store
from storage.database import database
from storage.models import SettlementAttempt, Transfer, utc_now
from storage.transfer_states import OPEN_STATES
from tests.services.settlement.conftest import (
    CHANNELS,
    Sandbox,
    load,
    outcomes,
    payments_on_ledger,
    settle_until_final,
    submit_transfer,
)

OLD = 3  # retries without an envelope, older than every transfer holding a channel
OUTAGE_TRANSFERS = 24
STALL_SECONDS = 2.0
LEFT = Decimal("1")  # TKN the distribution account keeps through the outage: less than any transfer


def free_channels(settler: Settler) -> int:
    (network,) = settler.networks.values()
    stale_before = utc_now() - timedelta(seconds=settler.settings.claim_seconds)
    with database.connection_context():
        return envelopes.count_free_channels(network.environment, network.channel_ids, stale_before)


def due_after(transfer_id: uuid.UUID) -> datetime:
    """When the transfer is due next (never None here: every one was handed back with a delay)."""
    due = load(transfer_id).next_attempt_at
    assert due is not None
    return due


def make_retries_without_envelope(transfer_ids: list[uuid.UUID], settler: Settler) -> None:
    """Processing, no envelope, due now: what a transfer sent back for a fresh envelope looks like."""
    rate = settler.settings.usd_to_tkn_rate
    with database.connection_context():
        amounts = {t.id: usd_to_tkn(t.amount_usd, rate) for t in store.get_transfers(transfer_ids)}
        store.start_processing_many(amounts, utc_now())
        Transfer.update(next_attempt_at=None).where(Transfer.id.in_(transfer_ids)).execute()


def test_channels_held_by_open_envelopes_of_younger_transfers_are_still_freed(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee()
    old = [submit_transfer(app, sandbox_key, payee.public_key, amount="3.00") for _ in range(OLD)]
    with database.connection_context():  # kept out of the first pass
        Transfer.update(next_attempt_at=utc_now() + timedelta(hours=1)).where(Transfer.id.in_(old)).execute()
    young = [submit_transfer(app, sandbox_key, payee.public_key, amount="4.00") for _ in range(CHANNELS)]
    sandbox.admin.arm_fault("timeout_then_apply", count=CHANNELS)  # every envelope applied, every answer lost
    settler = make_settler(SETTLEMENT_BATCH_OPS=1, SETTLEMENT_BATCH_SIZE=CHANNELS)
    assert settler.run_once() == CHANNELS
    assert free_channels(settler) == 0  # every channel held by an open envelope of a young transfer
    make_retries_without_envelope(old, settler)  # the oldest due transfers need a free channel

    settle_until_final(settler, old + young, timeout=20)

    assert {load(t).state for t in old + young} == {store.COMPLETED}
    assert sandbox.balance(payee.public_key) == sum(load(t).amount_tkn for t in old + young)


@contextmanager
def funding_outage(sandbox: Sandbox) -> Iterator[Callable[[], None]]:
    """Starve the distribution account of TKN (burned back to the issuer); yield the top-up.

    The balance is restored on the way out, whatever happened.
    """
    distribution = Keypair.from_secret(read_secrets(sandbox.secrets_file)["distribution"]["secret"])
    balance = sandbox.balance(distribution.public_key)
    burned = balance - LEFT
    submit_ops(
        sandbox.server,
        DEFAULT_PASSPHRASE,
        distribution,
        [Payment(sandbox.issuer.public_key, sandbox.asset, str(burned))],
    )
    topped_up: list[bool] = []

    def top_up() -> None:
        if not topped_up:
            payment = Payment(distribution.public_key, sandbox.asset, str(burned))
            submit_ops(sandbox.server, DEFAULT_PASSPHRASE, sandbox.issuer, [payment])
            topped_up.append(True)

    try:
        yield top_up
    finally:
        top_up()


def test_a_funding_outage_stalls_visibly_and_after_the_top_up_every_transfer_is_paid_once(
    app: Flask,
    sandbox: Sandbox,
    sandbox_key: str,
    make_settler: Callable[..., Settler],
    caplog: pytest.LogCaptureFixture,
) -> None:
    payees = sandbox.payees(4)
    memo = f"outage-{uuid.uuid4().hex[:8]}"
    start = sandbox.admin.status()["latest_ledger"]
    expected: dict[uuid.UUID, tuple[str, str, Decimal]] = {}
    for n in range(OUTAGE_TRANSFERS):
        amount = Decimal(2) + Decimal(n) / 100
        payee = payees[n % len(payees)].public_key
        expected[submit_transfer(app, sandbox_key, payee, amount=f"{amount:.2f}", memo=memo)] = (memo, payee, amount)
    app.config["SETTLEMENT_STALL_SECONDS"] = STALL_SECONDS  # for `status` too
    settler = make_settler(SETTLEMENT_BATCH_OPS=3, SETTLEMENT_STALL_SECONDS=STALL_SECONDS)
    with funding_outage(sandbox) as top_up:
        stalls = COUNTERS["stalled"]
        deadline = time.monotonic() + 30
        with caplog.at_level(logging.WARNING, logger="services.settlement.progress"):
            while COUNTERS["stalled"] == stalls:
                assert time.monotonic() < deadline, "no stall reported"
                settler.run_once()
                time.sleep(0.02)
        assert "settlement stalled: no transfer completed for" in caplog.text
        status = app.test_cli_runner().invoke(args=["status"])
        assert "STALLED: Sandbox settlement stalled" in status.output, status.output
        assert {load(t).state for t in expected} <= set(OPEN_STATES)
        top_up()
        settle_until_final(settler, list(expected), timeout=60)

    assert {load(t).state for t in expected} == {store.COMPLETED}
    paid = payments_on_ledger(sandbox.database, start, memo)
    assert sorted(paid.elements()) == sorted(expected.values())  # each transfer paid once, nothing else
    status = app.test_cli_runner().invoke(args=["status"])
    assert "STALLED" not in status.output


def test_after_a_funding_outage_every_held_transfer_is_due_at_once_not_after_its_backoff(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    payee = sandbox.payee()
    memo = f"wake-{uuid.uuid4().hex[:8]}"
    start = sandbox.admin.status()["latest_ledger"]
    backlog = [
        submit_transfer(app, sandbox_key, payee.public_key, amount=f"{2 + n / 100:.2f}", memo=memo)
        for n in range(OUTAGE_TRANSFERS)
    ]
    # Backoffs of a minute and more: only the funding probe can make these transfers due within the test.
    settler = make_settler(SETTLEMENT_BATCH_OPS=3, SETTLEMENT_RETRY_BASE_SECONDS=60, SETTLEMENT_RETRY_MAX_SECONDS=600)
    with funding_outage(sandbox) as top_up:
        outage_began = utc_now()  # every delay from here on is a minute or more: measured from here, not from later
        deadline = time.monotonic() + 30
        while not settler.outages.short_of_funding("Sandbox"):
            assert time.monotonic() < deadline, "the funding outage was not noticed"
            settler.run_once()
        noticed = utc_now()  # envelopes sent before this may still come back underfunded: they were in flight
        arrivals = [
            submit_transfer(app, sandbox_key, payee.public_key, amount=f"{3 + n / 100:.2f}", memo=memo)
            for n in range(CHANNELS)
        ]
        settler.run_once()  # they come due while funding is short: held without an envelope, nor its fee
        for transfer_id in arrivals:
            assert outcomes(transfer_id) == []
            assert load(transfer_id).last_error == HELD_FOR_FUNDING
        waiting = backlog + arrivals
        with database.connection_context():  # an envelope whose answer was lost under load is followed, not held
            followed = set(envelopes.open_envelopes(waiting))
        held = [t for t in waiting if t not in followed]
        assert set(arrivals) <= set(held)
        assert all(due_after(t) > outage_began + timedelta(seconds=50) for t in held)  # each on its own backoff
        top_up()
        deadline = time.monotonic() + 30
        while settler.outages.short_of_funding("Sandbox"):
            assert time.monotonic() < deadline, "the funding probe did not clear"
            settler.run_once()
            time.sleep(0.05)
        soon = utc_now() + timedelta(seconds=10)
        assert all(load(t).state == store.COMPLETED or due_after(t) < soon for t in waiting)
        settle_until_final(settler, waiting, timeout=30)

    assert {load(t).state for t in waiting} == {store.COMPLETED}
    assert sorted(payments_on_ledger(sandbox.database, start, memo).values()) == [1] * len(waiting)
    with database.connection_context():  # no envelope built after the outage was noticed failed for want of funding
        built_since = SettlementAttempt.created_at > noticed
        assert (
            SettlementAttempt.select().where(built_since & (SettlementAttempt.result_code == UNDERFUNDED)).count() == 0
        )
