"""Noticing that settlement has stopped making progress: no completion for N ledgers while work is open."""

from __future__ import annotations

from dataclasses import dataclass

from storage.settlement import Progress


@dataclass(frozen=True)
class Stall:
    """No transfer completed in `ledgers` ledgers up to `tip`, while `open_transfers` are still open."""

    environment: str
    ledgers: int
    tip: int
    last_completed_ledger: int | None
    open_transfers: int

    def describe(self) -> str:
        """One line for the log and for `settle status`."""
        last = (
            f"the last in ledger {self.last_completed_ledger}"
            if self.last_completed_ledger is not None
            else "none since settlement started"
        )
        return (
            f"{self.environment} settlement stalled: no transfer completed for {self.ledgers} ledgers "
            f"({last}, tip {self.tip}) while {self.open_transfers} transfer(s) are open"
        )


def find_stall(environment: str, progress: Progress, tip: int, since: int | None, limit: int) -> Stall | None:
    """A Stall when work is open and nothing completed within `limit` ledgers of `tip`.

    `since` is the ledger from which the caller has been watching (a worker's first tip): with no
    completion ever recorded, the stall counts from there; None counts from the first ledger.
    """
    if not progress.open_transfers:
        return None
    reference = max(progress.last_completed_ledger or 0, since or 0)
    ledgers = tip - reference
    if ledgers < limit:
        return None
    return Stall(environment, ledgers, tip, progress.last_completed_ledger, progress.open_transfers)
