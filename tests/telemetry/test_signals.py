"""telemetry.signals: a handler's stop request never waits on the lock of the thread it interrupted."""

from __future__ import annotations

import subprocess
import sys

from config import PROJECT_ROOT
from telemetry.signals import set_from_signal_handler
from tests.support.signal_safety import assert_sets_the_event_without_waiting_for_its_lock


def test_the_request_returns_while_the_events_lock_is_held_and_the_event_is_set_once_it_is_free() -> None:
    assert_sets_the_event_without_waiting_for_its_lock(set_from_signal_handler)


# The exact window: a stop signal handled while the main thread holds the event's lock.
SIGNAL_WHILE_THE_LOCK_IS_HELD = """
import os, signal
from cli.stop_signals import stop_on_signals
with stop_on_signals() as stop:
    with stop.event._cond:
        os.kill(os.getpid(), signal.SIGTERM)
        sum(range(10))  # the handler runs here, between two bytecodes
    assert stop.event.wait(5)
print("stopped", stop.received)
"""


def test_a_stop_signal_that_comes_while_the_main_thread_holds_the_events_lock_still_stops_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SIGNAL_WHILE_THE_LOCK_IS_HELD],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "stopped ['SIGTERM']\n"
