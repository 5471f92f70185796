"""Stopping on a signal safely: what a signal handler may do to wake the thread it interrupted."""

from __future__ import annotations

import threading


def set_from_signal_handler(event: threading.Event) -> None:
    """Set `event` from a signal handler without ever waiting on the interrupted thread.

    A handler runs in the main thread between any two bytecodes, also while that thread holds the
    event's own lock inside `Event.wait`; `event.set()` there waits for a lock its own thread
    holds, forever. Two signals in quick succession (Ctrl-C under `make run`) hit that window. A
    short-lived thread sets the event instead, as soon as the main thread lets go of the lock.
    """
    if not event.is_set():
        threading.Thread(target=event.set, name="set-on-signal", daemon=True).start()
