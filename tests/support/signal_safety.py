"""The check that a signal handler's stop request never waits on the lock of the thread it interrupted."""

from __future__ import annotations

import threading
from collections.abc import Callable


def assert_sets_the_event_without_waiting_for_its_lock(setter: Callable[[threading.Event], None]) -> None:
    """`setter(event)` returns while another thread holds the event's lock, and the event is set once it is free.

    Event.wait holds that lock on its way in and out; a handler run then, in the same thread, that
    waited for it would never return. The test's thread stands in for the interrupted thread.
    """
    event = threading.Event()
    lock: threading.Condition = event._cond  # type: ignore[attr-defined]
    with lock:
        caller = threading.Thread(target=setter, args=(event,))
        caller.start()
        caller.join(timeout=5)
        returned = not caller.is_alive()
        assert not event.is_set()
    caller.join(timeout=5)
    assert returned
    assert event.wait(timeout=5)
