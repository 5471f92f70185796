"""What a worker's view of the ledger says about the ledger answering: when it last did, and when it is back."""

from __future__ import annotations

import itertools
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import cast

import pytest
from freezegun import freeze_time
from stellar_sdk import Asset, Keypair

from services.settlement.ledger_api import LedgerClient, LedgerTip, LedgerUnavailable
from services.settlement.ledger_view import LedgerView
from services.settlement.settings import SettlementNetwork

START = datetime(2026, 1, 1, 12, 0, 0)


def network_on(ledger: object) -> SettlementNetwork:
    """A Sandbox network whose client is `ledger` (any object with the reads a test needs)."""
    return SettlementNetwork(
        "Sandbox", "test", Asset("TKN", Keypair.random().public_key), Keypair.random(), (Keypair.random(),),
        cast(LedgerClient, ledger),
    )  # fmt: skip


class SwitchedLedger:
    """A ledger whose tip read answers or not, as the test says."""

    def __init__(self) -> None:
        self.up = True
        self.sequence = 100

    def latest_ledger(self) -> LedgerTip:
        if not self.up:
            raise LedgerUnavailable("connection refused")
        self.sequence += 1
        return LedgerTip(self.sequence, 1_000 + self.sequence)


def test_a_ledger_that_stops_answering_is_silent_until_a_read_answers_again() -> None:
    ledger = SwitchedLedger()
    network = network_on(ledger)
    now = [START]
    view = LedgerView(clock=lambda: now[0])
    view.tip(network)
    assert view.answered_at == {"Sandbox": START} and view.silent() == []
    now[0] = START + timedelta(seconds=300)  # no read for minutes: not silent, only unasked
    assert view.last_answer_if_silent("Sandbox") is None
    ledger.up = False
    for seconds in (1, 30, 63):
        now[0] = START + timedelta(seconds=seconds)
        view.new_pass()
        with pytest.raises(LedgerUnavailable):
            view.tip(network, past=ledger.sequence)
    assert view.silent() == ["Sandbox"] and view.answered_at == {"Sandbox": START}
    assert view.last_answer_if_silent("Sandbox") == START
    assert view.answered_again() == {}
    ledger.up = True
    now[0] = START + timedelta(seconds=64)
    view.new_pass()
    view.tip(network, past=ledger.sequence)
    assert view.silent() == [] and view.answered_at == {"Sandbox": now[0]}
    assert view.last_answer_if_silent("Sandbox") is None
    assert view.answered_again() == {"Sandbox": 63.0}  # silent from the first read it missed
    assert view.answered_again() == {}  # said once


def test_a_height_learnt_without_its_close_time_takes_the_close_time_of_the_next_read() -> None:
    ledger = SwitchedLedger()
    network = network_on(ledger)
    view = LedgerView(clock=lambda: START)
    first = view.tip(network)
    ledger.sequence += 150  # minutes without a read; an account read says how far the ledger got
    view.observe_height(network, ledger.sequence + 1)
    assert view.known("Sandbox") == LedgerTip(ledger.sequence + 1, first.closed_at)
    view.new_pass()
    read = view.tip(network, past=ledger.sequence + 1)  # that very ledger, read: its own close time
    assert read == LedgerTip(ledger.sequence, 1_000 + ledger.sequence)
    assert view.known("Sandbox") == read


def test_ledgers_closed_within_one_second_do_not_make_every_wish_for_the_tip_a_read() -> None:
    ledger = SwitchedLedger()
    ledger.latest_ledger = lambda: LedgerTip(ledger.sequence, 1_000)  # type: ignore[method-assign]
    network = network_on(ledger)
    reads = [0]
    read = ledger.latest_ledger

    def counted() -> LedgerTip:
        reads[0] += 1
        return read()

    ledger.latest_ledger = counted  # type: ignore[method-assign]
    view = LedgerView()
    view.tip(network)
    ledger.sequence += 1
    view.new_pass()
    view.tip(network)  # two ledgers closed in the same second: an interval of 0
    for _ in range(8):
        view.tip(network, past=ledger.sequence)
    assert reads[0] == 2


class CountedLedger:
    """A ledger closing every 5 s from START, whose tip reads are counted."""

    def __init__(self) -> None:
        self.reads = 0
        self.closed = 100  # the tip now

    def latest_ledger(self) -> LedgerTip:
        self.reads += 1
        start = START.replace(tzinfo=UTC).timestamp()
        return LedgerTip(self.closed, int(start) + 5 * (self.closed - 100))


def test_no_tip_is_read_before_a_close_is_due_and_a_late_one_is_looked_for_every_tenth_of_a_ledger() -> None:
    ledger = CountedLedger()
    network = network_on(ledger)
    view = LedgerView()
    with freeze_time(START) as frozen:
        view.tip(network)
        frozen.tick(5.3)
        ledger.closed = 101
        view.new_pass()
        assert view.tip(network, past=100).sequence == 101  # the interval is learnt: 5 s
        assert ledger.reads == 2
        for _ in range(24):  # a pass every 0.2 s until the next close is due, at 10.2 s: no read
            frozen.tick(0.2)
            view.new_pass()
            view.tip(network)  # a new envelope's bounds
            view.tip(network, past=101)  # a queued envelope waits for the next close
        assert ledger.reads == 2
        for _ in range(10):  # the close is two seconds late: looked for every 0.5 s, not every pass
            frozen.tick(0.2)
            view.new_pass()
            view.tip(network, past=101)
        assert ledger.reads == 2 + 4
        ledger.closed = 102
        frozen.tick(0.5)
        view.new_pass()
        assert view.tip(network, past=101).sequence == 102


def test_loops_wishing_for_the_tip_at_once_make_one_read() -> None:
    ledger = CountedLedger()
    arrived = threading.Barrier(4)
    read = ledger.latest_ledger

    def slow() -> LedgerTip:
        time.sleep(0.2)  # a read in flight while the other loops wish for the tip
        return read()

    ledger.latest_ledger = slow  # type: ignore[method-assign]
    network = network_on(ledger)
    view = LedgerView()

    def wish() -> None:
        arrived.wait(timeout=5)
        view.tip(network)

    loops = [threading.Thread(target=wish) for _ in range(4)]
    for loop in loops:
        loop.start()
    for loop in loops:
        loop.join(timeout=10)
    assert ledger.reads == 1


class TimedLedger:
    """A ledger closing every 5 s, `phase` seconds past a whole second; close times in whole seconds, as Stellar's."""

    def __init__(self, phase: float) -> None:
        self.start = START.replace(tzinfo=UTC).timestamp() + phase
        self.reads = 0

    def latest_ledger(self) -> LedgerTip:
        self.reads += 1
        closes = int((time.time() - self.start) // 5)
        return LedgerTip(100 + closes, int(self.start + 5 * closes))

    def closed_at(self, sequence: int) -> float:
        return self.start + 5 * (sequence - 100)


@pytest.mark.parametrize("phase", [0.05, 0.35, 0.6, 0.95])
def test_the_lateness_of_closes_is_learnt_so_that_each_close_costs_one_read_and_is_seen_soon(phase: float) -> None:
    ledger = TimedLedger(phase)
    network = network_on(ledger)
    view = LedgerView()
    delays: list[float] = []
    reads: list[int] = []  # before each close was found
    with freeze_time(START) as frozen:
        frozen.tick(phase + 0.01)
        for _ in range(60 * 20 + 5):  # a minute of 5 s ledgers, a pass every 0.05 s waiting for the next close
            frozen.tick(0.05)
            view.new_pass()
            known = view.known(network.environment)
            before = ledger.reads
            tip = view.tip(network, past=known.sequence if known else None)
            if known is not None and tip.sequence > known.sequence:
                delays.append(time.time() - ledger.closed_at(tip.sequence))
                reads.append(before)
    assert len(delays) == 12
    # Once the interval is known (the second close on), a few closes teach the lateness; from then
    # on each close is found within a tenth of a second (two passes), by one read.
    assert max(delays[5:]) <= 0.1 + 1e-6, delays
    per_close = [after - before for before, after in itertools.pairwise(reads[5:])]
    assert per_close == [1] * 6, per_close
    assert reads[-1] - reads[1] <= 10 + 4, reads  # at most four missed reads while learning


def test_before_the_interval_is_known_reads_are_spaced_yet_the_first_close_is_seen_within_a_second() -> None:
    ledger = TimedLedger(0.5)
    network = network_on(ledger)
    view = LedgerView()
    with freeze_time(START) as frozen:
        frozen.tick(0.6)
        view.tip(network)  # ledger 100; the next closes at 5.5 s
        while view.known(network.environment).sequence == 100:  # type: ignore[union-attr]
            frozen.tick(0.1)  # a busy worker: a pass every tenth of a second
            view.new_pass()
            view.tip(network, past=100)
        seen = time.time() - ledger.closed_at(101)
    assert seen <= 1.0
    assert ledger.reads <= 9, ledger.reads  # reading at every pass made 50
