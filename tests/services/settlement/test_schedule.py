"""The close interval learnt from tips, and how long until a queued envelope can be found."""

from __future__ import annotations

import pytest

from services.settlement.ledger_client import LedgerTip
from services.settlement.schedule import INGEST_MARGIN_SECONDS, CloseClock


def test_without_two_tips_a_ledger_apart_the_floor_is_the_wait() -> None:
    clock = CloseClock(clock=lambda: 1_000.0)
    assert clock.until_next_close(0.5) == 0.5
    clock.observe(LedgerTip(10, 995))
    clock.observe(LedgerTip(10, 995))
    assert clock.interval is None
    assert clock.until_next_close(0.5) == 0.5


def test_the_wait_ends_just_after_the_next_expected_close() -> None:
    now = [1_002.0]
    clock = CloseClock(clock=lambda: now[0])
    clock.observe(LedgerTip(10, 950))
    clock.observe(LedgerTip(20, 1_000))  # ten ledgers in 50 s
    assert clock.interval == 5.0
    assert clock.until_next_close(0.1) == pytest.approx(3.0 + INGEST_MARGIN_SECONDS)
    now[0] = 1_010.0  # the close is late: look again soon, never wait a negative time
    assert clock.until_next_close(0.1) == 0.1
    now[0] = 900.0  # a clock far behind the ledger's waits at most one interval
    assert clock.until_next_close(0.1) == 5.0 + INGEST_MARGIN_SECONDS


def test_an_older_tip_does_not_move_the_estimate_back() -> None:
    clock = CloseClock(clock=lambda: 0.0)
    clock.observe(LedgerTip(10, 100))
    clock.observe(LedgerTip(14, 120))
    clock.observe(LedgerTip(12, 110))  # a lagging instance's answer
    assert clock.interval == 5.0


def test_closes_that_vary_more_than_reads_can_pin_are_looked_for_just_past_the_latest_miss() -> None:
    now = [0.0]
    clock = CloseClock(clock=lambda: now[0])
    clock.observe(LedgerTip(10, 100))
    clock.observe(LedgerTip(11, 105))
    assert clock.lateness() == INGEST_MARGIN_SECONDS  # no close timed yet
    now[0] = 110.3
    clock.observe(LedgerTip(12, 110))  # found 0.3 s past its expected close
    now[0] = 115.5
    clock.observe(LedgerTip(12, 110), read_started=115.5)  # not there 0.5 s past...
    now[0] = 116.4
    clock.observe(LedgerTip(13, 115), read_started=115.9)  # ...found by a read begun at 0.9 s (a slow answer)
    assert clock.lateness() == pytest.approx(0.5 + 0.1)  # just past the latest miss: 0.5 s plus a fiftieth
    assert clock.until_next_close(0.0) == pytest.approx(120.6 - 116.4)


def one_close_found(late: float) -> tuple[CloseClock, list[float]]:
    """A clock of 5 s ledgers whose close at 110 was found by a read `late` seconds past it; and its time."""
    now = [0.0]
    clock = CloseClock(clock=lambda: now[0])
    clock.observe(LedgerTip(10, 100))
    clock.observe(LedgerTip(11, 105))
    now[0] = 110 + late
    clock.observe(LedgerTip(12, 110))
    return clock, now


def test_a_ledger_that_stopped_closing_for_a_while_teaches_no_lateness() -> None:
    clock, now = one_close_found(0.3)
    now[0] = 144.0  # the ledger was down from 111 s (reads failed); back, it answers its last tip
    clock.observe(LedgerTip(12, 110), read_started=now[0])
    now[0] = 145.2
    clock.observe(LedgerTip(13, 145))  # and closes again, 30 s after the expected close
    # Learnt as a lateness, the stall would put every read, and every look for a queued
    # envelope, half a minute after each close (ledger-down's recovery went from 9 s to 72 s).
    assert clock.lateness() <= 0.3 + 1e-9
    assert clock.until_next_close(0.0) <= clock.interval + 0.3  # type: ignore[operator]


def test_a_read_that_missed_the_close_is_followed_by_one_where_a_recent_close_was_found() -> None:
    clock, now = one_close_found(0.6)  # found 0.6 s past its expected close, none missed: try at 0.3
    assert clock.lateness() == pytest.approx(0.3)
    now[0] = 115.3
    clock.observe(LedgerTip(12, 110), read_started=115.3)  # missed at 0.3: the next read at 0.6, where one was found
    assert clock.until_next_read() == pytest.approx(0.3)
    now[0] = 115.6
    clock.observe(LedgerTip(13, 115))
    assert clock.lateness() == pytest.approx(0.45)  # between the latest miss and the earliest find
