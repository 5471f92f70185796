"""When to look for a queued envelope again, and when to start the next envelope that is not full.

A queued envelope is looked for just after the ledger that may include it has closed.

With asynchronous submission nothing waits for a ledger: an envelope the ledger queued is
followed by hash, and the earliest it can be found is once the next ledger has closed. Looking
sooner only spends Horizon's rate limit; looking much later delays the transfer's completion.
The close interval is learnt from the tips the worker reads (the ledger's own close times).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from services.settlement.ledger_api import LedgerTip

# Horizon ingests a ledger a moment after it closes, and close times come to the second.
INGEST_MARGIN_SECONDS = 0.2
MAX_QUEUED_REMEMBERED = 10_000


def _wall_clock() -> float:
    """The time now, looked up at each call (a frozen clock in the tests replaces `time.time`)."""
    return time.time()


class CloseClock:
    """Learns one ledger's close interval from its tips; says how long until the next close."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self._clock = clock or _wall_clock
        self._first: LedgerTip | None = None
        self._last: LedgerTip | None = None

    def observe(self, tip: LedgerTip) -> None:
        """A tip read from the ledger (not one raised from a `Latest-Ledger` header: its close time is unknown)."""
        if self._first is None:
            self._first = tip
        if self._last is None or tip.sequence > self._last.sequence:
            self._last = tip

    @property
    def interval(self) -> float | None:
        """Seconds per ledger over everything seen so far; None until two tips a ledger apart were read."""
        if self._first is None or self._last is None or self._last.sequence <= self._first.sequence:
            return None
        return (self._last.closed_at - self._first.closed_at) / (self._last.sequence - self._first.sequence)

    def until_next_close(self, floor: float) -> float:
        """Seconds until the ledger after the last tip should have closed and been ingested, at least `floor`.

        At most one interval (plus the margin) away: a close that came late is looked for again
        after `floor`, which costs no Horizon call until a newer tip shows it.
        """
        interval = self.interval
        if self._last is None or interval is None:
            return floor
        wait = self._last.closed_at + interval + INGEST_MARGIN_SECONDS - self._clock()
        return max(floor, min(wait, interval + INGEST_MARGIN_SECONDS))


def spread(until_close: float, free_channels: int) -> float:
    """How long to wait before the next envelope that is not full: the time left in this ledger over the free channels.

    A channel carries one envelope a ledger, and is free again only once that envelope's ledger
    has closed. Started as soon as anything is due, small envelopes took all twenty channels in
    the first second or two after a close, and everything accepted in the rest of the ledger waited
    a whole ledger more (W4-latency, decision N12). Spread over the time left, the free channels
    last until the close; a full envelope never waits for this.
    """
    return max(until_close, 0.0) / max(free_channels, 1)


class QueuedEnvelopes:
    """The tip this worker had seen when the ledger queued each of its envelopes: when to look for it again.

    A queued envelope is looked up only once a newer tip shows a closed ledger; forgetting one
    (another worker closed it, say) only costs a lookup.
    """

    def __init__(self) -> None:
        self._at: dict[int, int] = {}  # envelope id -> the tip when the ledger queued it

    def queued_at(self, attempt_id: int) -> int | None:
        """The tip when the ledger queued the envelope; None when this worker does not know it queued."""
        return self._at.get(attempt_id)

    def remember(self, attempt_id: int, ledger: int) -> None:
        """The ledger queued the envelope when the tip was `ledger`."""
        if len(self._at) > MAX_QUEUED_REMEMBERED:  # envelopes another worker closed: forget them all
            self._at.clear()
        self._at[attempt_id] = ledger

    def forget(self, attempt_id: int) -> None:
        """The envelope is no longer queued (found, refused, or past its bound)."""
        self._at.pop(attempt_id, None)
