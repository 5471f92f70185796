"""What one worker knows of each ledger: the freshest tip it has seen, and the close interval learnt from tips.

Behind a load balancer a read may reach an instance that lags; keeping the freshest tip means a
lagging answer never moves the worker's idea of the ledger backwards (docs/settlement.md).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import datetime

from services.settlement.ledger_api import LedgerTip, LedgerUnavailable
from services.settlement.schedule import CloseClock
from services.settlement.settings import SettlementNetwork
from storage.models import utc_now

# Close times are whole seconds: ledgers that closed within one measure an interval of 0, taken as this.
UNDER_A_SECOND = 1.0
# Before the interval is known, a tip is reused for as long as the reads so far have spanned, up to this.
UNLEARNT_REUSE_SECONDS = 1.0
TipReader = Callable[[SettlementNetwork], LedgerTip | None]


def _no_reader(_: SettlementNetwork) -> LedgerTip | None:
    return None


class LedgerView:
    """Per environment: the freshest tip, when it was last read, and its learnt close interval."""

    def __init__(self, clock: Callable[[], datetime] = utc_now) -> None:
        self._clock = clock
        self.answered_at: dict[str, datetime] = {}  # per environment: when its ledger last gave a tip
        self._silent_since: dict[str, datetime] = {}  # per environment: its first unanswered read since then
        self._back: dict[str, float] = {}  # environments whose ledger answered again, and after how long
        self._tips: dict[str, LedgerTip] = {}  # the freshest tip seen, per environment
        self._read_in_pass: set[str] = set()  # environments whose tip this pass has read
        self._read_at: dict[str, float] = {}  # per environment: when its tip was last read (monotonic)
        self._first_read_at: dict[str, float] = {}  # and when it was first read
        self._closes: dict[str, CloseClock] = {}  # per environment: its learnt close interval
        self._tip_reader: TipReader = _no_reader
        # The loops of one process share this view: one reads the tip while the others wait for it.
        self._reading = threading.Lock()

    def read_tips_with(self, reader: TipReader) -> None:
        """Read tips through `reader` when it can (None: it cannot), else by the client's `latest_ledger`.

        The follower's ledger scans read on through the tip when a read tells it (scanning.py):
        one request instead of two for each ledger that closes.
        """
        self._tip_reader = reader

    def new_pass(self) -> None:
        """A pass starts: its first wish for a tip may read one again."""
        self._read_in_pass.clear()

    def known(self, environment: str) -> LedgerTip | None:
        """The freshest tip seen in the environment, without reading (None before the first read)."""
        return self._tips.get(environment)

    def tip(self, network: SettlementNetwork, past: int | None = None) -> LedgerTip:
        """The freshest tip this worker has seen, reused for half a ledger (before the interval is known: for a pass).

        A tip up to half a ledger old only shortens a new envelope's bounds (decision R2) or delays
        a lookup; an older one is read again even within a pass, since a slow pass would otherwise
        count a new envelope's bounds from a ledger its whole bound behind (N9).
        `past`: a tip not past this ledger is read again, once per pass (a close is expected).
        """
        with self._reading:
            return self._tip(network, past)

    def _tip(self, network: SettlementNetwork, past: int | None) -> LedgerTip:
        environment = network.environment
        known = self._tips.get(environment)
        interval = self.close_clock(environment).interval
        if interval is not None and interval <= 0:  # closes within one whole second: read at every wish, else
            interval = UNDER_A_SECOND
        read_in_pass = environment in self._read_in_pass
        if known is not None:
            age = time.monotonic() - self._read_at.get(environment, float("-inf"))
            if interval is None and (read_in_pass or age < self._unlearnt_reuse(environment)):
                return known
            if interval is not None and self._still_the_tip(environment, known, interval, age, read_in_pass, past):
                return known
        self._read_in_pass.add(environment)
        self._read_at[environment] = time.monotonic()
        self._first_read_at.setdefault(environment, self._read_at[environment])
        started = self.close_clock(environment).now()
        try:
            tip = self._tip_reader(network) or network.client.latest_ledger()
        except LedgerUnavailable:
            self._silent_since.setdefault(environment, self._clock())
            raise
        self._answered(environment)
        self.close_clock(environment).observe(tip, read_started=started)
        return self._observe(network, tip)

    def _unlearnt_reuse(self, environment: str) -> float:
        """How long a tip is reused before the close interval is known: as long as the reads so far spanned, up to 1 s.

        A worker that has just started reads at every pass until it has seen two tips a ledger
        apart: a busy start made fifteen or more reads in its first ledger (a third of the reads
        of the bench's first minute). Spaced so, a close is still seen within a second, and a few
        reads find the second tip; sub-second test ledgers are found at the first spacings.
        """
        first, last = self._first_read_at.get(environment), self._read_at.get(environment)
        if first is None or last is None or environment in self._silent_since:
            return 0.0  # a ledger that did not answer is asked again at the next pass, as before
        return min(UNLEARNT_REUSE_SECONDS, last - first)

    def _still_the_tip(
        self, environment: str, known: LedgerTip, interval: float, age: float, read_in_pass: bool, past: int | None
    ) -> bool:
        """Whether a read now could only say what is known: the next close cannot have shown yet.

        Before the next close can have shown (`CloseClock.until_next_read`: by the learnt interval
        and lateness, and after a read that missed it, not for a while; never more than one
        interval since the last read) a read finds the same tip; so it waits, whatever the load.
        A pass every fraction of a second made each ledger cost several tip reads (issue 32's read
        budget). Otherwise, as before, a tip half a ledger old is read again (N9), and a wish past
        the known tip (`past`) reads once per pass.
        """
        if age < interval and self.close_clock(environment).until_next_read() > 0:
            return True
        return age < interval / 2 and (read_in_pass or past is None or known.sequence > past)

    def _answered(self, environment: str) -> None:
        now = self._clock()
        self.answered_at[environment] = now
        silent_since = self._silent_since.pop(environment, None)
        if silent_since is not None:
            self._back[environment] = (now - silent_since).total_seconds()

    def silent(self) -> list[str]:
        """The environments whose ledger did not answer the last read of its tip."""
        return list(self._silent_since)

    def last_answer_if_silent(self, environment: str) -> datetime | None:
        """When the ledger last answered, if the latest read of its tip went unanswered; None while it answers.

        A worker with nothing to build reads no tip for minutes: that is no silence of the ledger's.
        """
        if environment not in self._silent_since:
            return None
        return self.answered_at.get(environment)

    def answered_again(self) -> dict[str, float]:
        """The environments whose ledger answered again since the last call, each with how long it was silent."""
        back, self._back = self._back, {}
        return back

    def observe_tip(self, network: SettlementNetwork, tip: LedgerTip) -> None:
        """A tip another read told, with its close time (Stellar RPC's `getTransactions`): as good as reading one."""
        environment = network.environment
        known = self._tips.get(environment)
        self.close_clock(environment).observe(tip)
        if known is None or tip.sequence > known.sequence:
            self._read_at[environment] = time.monotonic()
        self._answered(environment)
        self._observe(network, tip)

    def close_clock(self, environment: str) -> CloseClock:
        """The environment's close interval, learnt from the tips read so far."""
        return self._closes.setdefault(environment, CloseClock())

    def _observe(self, network: SettlementNetwork, tip: LedgerTip) -> LedgerTip:
        """Keep the highest ledger, and the latest close time read: each is a lower bound of the tip's own.

        A height raised by `observe_height` keeps the close time of an older read; a read of that
        very ledger must still bring its own close time, or after a stretch without reads (funding
        short, nothing built) every new envelope counted its time bound from minutes ago and was
        refused as `tx_too_late`.
        """
        known = self._tips.get(network.environment)
        if known is None:
            known = tip
        else:
            known = LedgerTip(max(known.sequence, tip.sequence), max(known.closed_at, tip.closed_at))
        self._tips[network.environment] = known
        return known

    def observe_height(self, network: SettlementNetwork, seen_ledger: int) -> None:
        """Any answer's latest ledger (`seen_ledger`) is a ledger that has closed: a floor for new envelopes' bounds.

        Its close time is not known, so the time bound still counts from the last tip read (earlier,
        so the bound only gets shorter).
        """
        known = self._tips.get(network.environment)
        if known is not None and seen_ledger > known.sequence:
            self._tips[network.environment] = LedgerTip(seen_ledger, known.closed_at)

    def follow_delay(self, network: SettlementNetwork, floor: float) -> float:
        """Until just after the next close, at least `floor`: the earliest a queued envelope can be found applied."""
        # Rounded, so that a pass releases its transfers in a few groups (one UPDATE each).
        return round(self.close_clock(network.environment).until_next_close(floor), 1)
