"""When to look for a queued envelope again, and when to start the next envelope that is not full.

A queued envelope is looked for just after the ledger that may include it has closed.

With asynchronous submission nothing waits for a ledger: an envelope the ledger queued is
followed by hash, and the earliest it can be found is once the next ledger has closed. Looking
sooner only spends Horizon's rate limit; looking much later delays the transfer's completion.
The close interval is learnt from the tips the worker reads (the ledger's own close times), and
so is how late past its expected time a close shows (`CloseClock.lateness`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from services.settlement.ledger_api import LedgerTip

# Horizon ingests a ledger a moment after it closes, and close times come to the second: the
# lateness looked for until the reads have learnt it.
INGEST_MARGIN_SECONDS = 0.2
MAX_QUEUED_REMEMBERED = 10_000
# The closes whose lateness is remembered: the most recent ones, so a change of phase is followed.
LATENESS_LEDGERS = 10
# The lateness is learnt to this share of an interval: then reads go to the earliest one that found a close.
LEARNT_SHARE = 0.02
# A close not found where it was looked for is looked for again after this share of the interval at most.
LATE_CLOSE_SHARE = 0.1
# No close shows later than this share of the interval for its close time's rounding: a read
# later than that timed a stall (the ledger down, the worker paused), not a close, and teaches nothing.
MAX_LATE_SHARE = 0.5


@dataclass
class Lateness:
    """For one ledger, in seconds past its expected close: the latest read that did not find it, the first that did."""

    not_yet: float = -math.inf
    seen: float = math.inf


def _wall_clock() -> float:
    """The time now, looked up at each call (a frozen clock in the tests replaces `time.time`)."""
    return time.time()


class CloseClock:
    """Learns one ledger's close interval from its tips; says how long until the next close."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self._clock = clock or _wall_clock
        self._first: LedgerTip | None = None
        self._last: LedgerTip | None = None
        self._lateness: dict[int, Lateness] = {}  # by ledger: the last LATENESS_LEDGERS that were looked for

    def now(self) -> float:
        """This clock's time: when a read begins, to pass to `observe`."""
        return self._clock()

    def observe(self, tip: LedgerTip, read_started: float | None = None) -> None:
        """A tip read from the ledger (not one raised from a `Latest-Ledger` header: its close time is unknown).

        A read of the last tip says the next close had not shown when the read began
        (`read_started`, else now); the first read of the next ledger says a read begun then finds it.
        """
        self._learn_lateness(tip, read_started)
        if self._first is None:
            self._first = tip
        if self._last is None or tip.sequence > self._last.sequence:
            self._last = tip

    def _learn_lateness(self, tip: LedgerTip, read_started: float | None) -> None:
        last, interval = self._last, self.interval
        if last is None or interval is None or tip.sequence not in (last.sequence, last.sequence + 1):
            return  # a lagging instance's answer, or ledgers skipped: no close to time
        started = self._clock() if read_started is None else read_started
        late = started - (last.closed_at + interval)
        if late > MAX_LATE_SHARE * interval:
            return
        entry = self._lateness.setdefault(last.sequence + 1, Lateness())
        if tip.sequence == last.sequence:
            entry.not_yet = max(entry.not_yet, late)
        else:
            entry.seen = min(entry.seen, late)
        for ledger in sorted(self._lateness)[:-LATENESS_LEDGERS]:
            del self._lateness[ledger]

    def lateness(self) -> float:
        """How long past its expected time (the last close plus the interval) to look for the next close.

        Close times are whole seconds, so a close shows up to a second (plus the ingestion) after
        its expected time; a read sooner finds nothing and costs a request (issue 32's budget). The
        recent closes bound that lateness: the earliest read that found one, the latest that did
        not. While they are apart, the next read tries between them; once they are within
        LEARNT_SHARE of an interval, reads go to the earliest that found one: one read a close on
        a ledger that keeps time. Where closes vary more than that (found earlier than another was
        missed), reads go just past the latest miss. Reads are timed from when they began, so a
        slow answer teaches nothing, and a stall (MAX_LATE_SHARE) is not taken for a late close.
        Before any close was timed: INGEST_MARGIN_SECONDS.
        """
        last, interval = self._last, self.interval
        timed = [entry for ledger, entry in self._lateness.items() if last is not None and ledger <= last.sequence]
        seen = [entry.seen for entry in timed if entry.seen < math.inf]
        if interval is None or not seen:
            return INGEST_MARGIN_SECONDS
        earliest = min(seen)
        not_yet = max(entry.not_yet for entry in timed)
        if not_yet >= earliest:
            return min(not_yet + LEARNT_SHARE * interval, MAX_LATE_SHARE * interval)
        if not_yet == -math.inf:
            not_yet = min(0.0, earliest - 2 * LEARNT_SHARE * interval)
        if earliest - not_yet <= LEARNT_SHARE * interval:
            return earliest
        return (earliest + not_yet) / 2

    def until_next_read(self) -> float:
        """Seconds until a tip read may find the next close (0 or less: now); 0 before the interval is known.

        At its learnt lateness; once a read has not found it, at the earliest lateness that found
        a recent close beyond that read, and no later than LATE_CLOSE_SHARE of an interval after it.
        """
        last, interval = self._last, self.interval
        if last is None or interval is None:
            return 0.0
        late = self.lateness()
        pending = self._lateness.get(last.sequence + 1)
        if pending is not None and pending.not_yet >= late:
            retry = pending.not_yet + LATE_CLOSE_SHARE * interval
            beyond = [entry.seen for entry in self._lateness.values() if pending.not_yet < entry.seen < retry]
            late = min(beyond, default=retry)
        return last.closed_at + interval + late - self._clock()

    @property
    def interval(self) -> float | None:
        """Seconds per ledger over everything seen so far; None until two tips a ledger apart were read."""
        if self._first is None or self._last is None or self._last.sequence <= self._first.sequence:
            return None
        return (self._last.closed_at - self._first.closed_at) / (self._last.sequence - self._first.sequence)

    def until_next_close(self, floor: float) -> float:
        """Seconds until the ledger after the last tip should have closed and shown (`lateness`), at least `floor`.

        At most one interval (plus the lateness) away: a close that came late is looked for again
        after `floor`, which costs no Horizon call until a newer tip shows it.
        """
        interval = self.interval
        if self._last is None or interval is None:
            return floor
        late = self.lateness()
        wait = self._last.closed_at + interval + late - self._clock()
        return max(floor, min(wait, interval + late))


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
