"""tkn_client.waiting: Ctrl-C's stop request never waits on the lock of the thread it interrupted."""

from __future__ import annotations

from tkn_client.waiting import stop_from_signal_handler

from tests.support.signal_safety import assert_sets_the_event_without_waiting_for_its_lock


def test_ctrl_c_returns_while_the_waits_lock_is_held_and_stops_the_wait_once_it_is_free() -> None:
    assert_sets_the_event_without_waiting_for_its_lock(stop_from_signal_handler)
