"""cli.stop_signals: a stop signal sets the event; the process gets its handlers back unless it was stopped."""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest

from cli.stop_signals import STOP_SIGNALS, stop_on_signals


@pytest.fixture()
def handlers_restored() -> Iterator[None]:
    before = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    yield
    for signum, handler in before.items():
        signal.signal(signum, handler)


def test_a_block_no_signal_stopped_gives_the_process_its_handlers_back(handlers_restored: None) -> None:
    before = [signal.getsignal(signum) for signum in STOP_SIGNALS]
    with stop_on_signals() as stop:
        assert [signal.getsignal(signum) for signum in STOP_SIGNALS] != before
    assert [signal.getsignal(signum) for signum in STOP_SIGNALS] == before
    assert not stop.event.is_set() and stop.received == []


def test_a_stop_signal_sets_the_event_and_a_second_one_is_ignored_on_the_way_out(handlers_restored: None) -> None:
    with stop_on_signals() as stop:
        signal.raise_signal(signal.SIGINT)
    assert stop.event.is_set() and stop.received == ["SIGINT"]
    assert [signal.getsignal(signum) for signum in STOP_SIGNALS] == [signal.SIG_IGN, signal.SIG_IGN]
    signal.raise_signal(signal.SIGTERM)  # the second signal: ignored, this process goes on
