"""Noticing that settlement has stopped making progress, in wall-clock time, and saying so once.

A stall is work that has waited `limit` seconds with nothing completed meanwhile: the oldest open
transfer is at least that old, and so is the last completion. Counting from the oldest open
transfer is what keeps an idle stretch from looking like a stall when traffic resumes; counting
seconds rather than ledgers is what lets a ledger that stopped answering (no ledgers seen at all)
show as one.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from storage.settlement import Progress

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Stall:
    """Nothing completed for `seconds` while `open_transfers` waited; the ledger last answered `silent` s before."""

    environment: str
    seconds: float
    last_completed_at: datetime | None
    open_transfers: int
    silent: float | None = None  # seconds since the ledger last answered; None: it answers (or unknown)

    def describe(self) -> str:
        """One line for the log and for `status`."""
        last = (
            f"the last at {self.last_completed_at:%Y-%m-%d %H:%M:%S}"
            if self.last_completed_at is not None
            else "none recorded"
        )
        ledger = f"; the ledger has not answered for {self.silent:.0f} s" if self.silent is not None else ""
        return (
            f"{self.environment} settlement stalled: no transfer completed for {self.seconds:.0f} s "
            f"({last}) while {self.open_transfers} transfer(s) are open{ledger}"
        )


def find_stall(
    environment: str, progress: Progress, now: datetime, limit: float, ledger_answered_at: datetime | None = None
) -> Stall | None:
    """A Stall when work is open, its oldest transfer has waited `limit` seconds, and nothing completed in that time.

    `ledger_answered_at`: when the ledger last answered this caller, to say so when it is silent.
    """
    if not progress.open_transfers or progress.oldest_open_at is None:
        return None
    reference = progress.oldest_open_at
    if progress.last_completed_at is not None:
        reference = max(reference, progress.last_completed_at)
    seconds = (now - reference).total_seconds()
    if seconds < limit:
        return None
    silent = None
    if ledger_answered_at is not None and (now - ledger_answered_at).total_seconds() >= limit:
        silent = (now - ledger_answered_at).total_seconds()
    return Stall(environment, seconds, progress.last_completed_at, progress.open_transfers, silent)


class StallWatch:
    """Per environment, whether a stall is going on: one WARNING when it starts, one INFO when it ends."""

    def __init__(self) -> None:
        self._since: dict[str, datetime] = {}  # environment -> when its stall was first seen

    def observe(
        self, environment: str, progress: Progress, now: datetime, limit: float, ledger_answered_at: datetime | None
    ) -> Stall | None:
        """Check `progress` at `now` (`find_stall`); log a change; return the Stall when one has just started."""
        stall = find_stall(environment, progress, now, limit, ledger_answered_at)
        started = self._since.get(environment)
        if stall is not None and started is None:
            self._since[environment] = now
            log.warning("%s; see `flask --app app status`", stall.describe())
            return stall
        if stall is None and started is not None:
            del self._since[environment]
            lasted = (now - started).total_seconds() + limit
            log.info("%s settlement completes transfers again, after a stall of about %.0f s", environment, lasted)
        return None

    def stalled(self, environment: str) -> bool:
        """Whether a stall is going on there."""
        return environment in self._since
