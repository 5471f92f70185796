"""How a long-running command (`settle`, `deliver`) learns it should stop: SIGTERM or SIGINT."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType

from telemetry.signals import set_from_signal_handler

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


@dataclass
class StopRequest:
    """The event a stop signal sets, and the names of the signals received, for the stop line."""

    event: threading.Event = field(default_factory=threading.Event)
    received: list[str] = field(default_factory=list)


@contextmanager
def stop_on_signals() -> Iterator[StopRequest]:
    """SIGTERM and SIGINT set the request's event while the block runs.

    On the way out the process is left as it was found, unless a stop signal was received: the
    process is then on its way out, and a second signal (Ctrl-C under `make run` reaches a
    command twice, the terminal's SIGINT and then honcho's SIGTERM) is ignored, so it cannot turn
    a clean stop into exit 143. A command run in a process that no signal stopped, a test's, say,
    gets its own handlers back.
    """
    request = StopRequest()

    def _stop(signum: int, _: FrameType | None) -> None:
        # No logging here: the handler may interrupt a thread that holds the log handler's lock.
        request.received.append(signal.Signals(signum).name)
        set_from_signal_handler(request.event)

    previous = {signum: signal.signal(signum, _stop) for signum in STOP_SIGNALS}
    try:
        yield request
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_IGN if request.received else handler)
