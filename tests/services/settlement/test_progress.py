"""Stalls in wall-clock time: open work waiting, nothing completed; said once as it starts, once as it ends."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import pytest
from freezegun import freeze_time

from services.settlement.progress import StallWatch, find_stall
from storage.models import utc_now
from storage.settlement import Progress

LIMIT = 60.0
START = datetime(2026, 1, 1, 12, 0, 0)


def ago(seconds: float) -> datetime:
    return utc_now() - timedelta(seconds=seconds)


def test_a_stall_needs_open_work_that_waited_the_limit_with_nothing_completed() -> None:
    now = START
    assert find_stall("Sandbox", Progress(10, 0), now, LIMIT) is None  # nothing open
    old = now - timedelta(seconds=90)
    assert find_stall("Sandbox", Progress(10, 5, now - timedelta(seconds=30), old), now, LIMIT) is None  # completing
    assert find_stall("Sandbox", Progress(10, 5, old, now - timedelta(seconds=59)), now, LIMIT) is None  # new work
    stall = find_stall("Sandbox", Progress(10, 5, old, old), now, LIMIT)
    assert stall is not None and stall.seconds == 90
    assert "no transfer completed for 90 s" in stall.describe()
    never = find_stall("Sandbox", Progress(None, 5, None, old), now, LIMIT)
    assert never is not None and "none recorded" in never.describe()


def test_a_silent_ledger_is_named_in_the_stall() -> None:
    old = START - timedelta(seconds=100)
    stall = find_stall("Sandbox", Progress(10, 5, old, old), START, LIMIT, ledger_answered_at=old)
    assert stall is not None and "the ledger has not answered for 100 s" in stall.describe()
    answering = find_stall("Sandbox", Progress(10, 5, old, old), START, LIMIT, ledger_answered_at=START)
    assert answering is not None and "has not answered" not in answering.describe()


def test_a_stall_is_logged_once_when_it_starts_and_once_when_it_ends(caplog: pytest.LogCaptureFixture) -> None:
    watch = StallWatch()
    with freeze_time(START) as frozen, caplog.at_level(logging.INFO, logger="services.settlement.progress"):
        began = utc_now()
        started = []
        for _ in range(200):  # a pass every second for 200 s: work open, nothing completed
            frozen.tick(1.0)
            started.append(watch.observe("Sandbox", Progress(10, 5, None, began), utc_now(), LIMIT, None))
        assert sum(stall is not None for stall in started) == 1
        assert started.index(next(s for s in started if s is not None)) == LIMIT - 1
        frozen.tick(1.0)
        assert watch.observe("Sandbox", Progress(11, 4, utc_now(), began), utc_now(), LIMIT, None) is None
        frozen.tick(1.0)
        assert watch.observe("Sandbox", Progress(11, 4, ago(1), began), utc_now(), LIMIT, None) is None
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    infos = [r for r in caplog.records if r.levelno == logging.INFO]
    assert len(warnings) == 1 and "settlement stalled" in warnings[0].getMessage()
    assert len(infos) == 1 and "completes transfers again" in infos[0].getMessage()
    assert not watch.stalled("Sandbox")


def test_traffic_after_an_idle_stretch_is_no_stall(caplog: pytest.LogCaptureFixture) -> None:
    watch = StallWatch()
    with freeze_time(START) as frozen, caplog.at_level(logging.INFO, logger="services.settlement.progress"):
        last_completed = utc_now()
        for _ in range(30):  # idle: nothing open for 300 s (60 ledgers)
            frozen.tick(10.0)
            assert watch.observe("Sandbox", Progress(10, 0, last_completed, None), utc_now(), LIMIT, None) is None
        arrived = utc_now()
        for _ in range(10):  # traffic again: open work, completed within a few seconds
            frozen.tick(1.0)
            progress = Progress(10, 3, last_completed, arrived)
            assert watch.observe("Sandbox", progress, utc_now(), LIMIT, utc_now()) is None
    assert not caplog.records


def test_a_ledger_outage_is_a_stall_in_seconds_though_no_ledger_closes(caplog: pytest.LogCaptureFixture) -> None:
    watch = StallWatch()
    with freeze_time(START) as frozen, caplog.at_level(logging.WARNING, logger="services.settlement.progress"):
        answered = utc_now()  # the ledger's last answer, and the last completion: no tip is read after it
        stalls = []
        for _ in range(63):  # the probe's 63 s ledger outage, a pass a second
            frozen.tick(1.0)
            stalls.append(watch.observe("Sandbox", Progress(10, 40, answered, ago(70)), utc_now(), LIMIT, answered))
    (stall,) = [s for s in stalls if s is not None]
    assert stalls.index(stall) == LIMIT - 1
    assert "the ledger has not answered for 60 s" in stall.describe()
    assert len(caplog.records) == 1
