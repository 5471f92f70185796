"""How a long-running command (`settle`, `deliver`) learns it should stop: SIGTERM or SIGINT."""

from __future__ import annotations

import signal
import threading
from types import FrameType


def stop_on_signals() -> tuple[threading.Event, list[str]]:
    """An event that SIGTERM and SIGINT set, and the names of the signals received, for the stop line."""
    stop = threading.Event()
    received: list[str] = []

    def _stop(signum: int, _: FrameType | None) -> None:
        # No logging here: the handler may interrupt a thread that holds the log handler's lock.
        received.append(signal.Signals(signum).name)
        stop.set()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    return stop, received
