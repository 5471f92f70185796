"""Learning what closed ledgers did for every open envelope at once: whole ledgers read, not a lookup per hash.

Each worker reads every ledger that closes once, whole (`LedgerClient.ledger_transactions`:
Stellar RPC's `getTransactions` over a range, Horizon's `/ledgers/{seq}/transactions`), and
remembers the transactions in them by hash. A follow then asks this memory rather than the
ledger, so following costs the same few requests a ledger whatever the number of envelopes
(docs/settlement.md, "Following by the ledger").

The ledgers read form one unbroken run (`since` … `through`): a read that fails ends the run, and
the next begins at a later tip, so no hole is ever taken as read. A run left behind (no pass read
it for a while) is read on from where it stopped while an open envelope could have applied in the
ledgers since, rather than begun anew at the tip: that would leave every open envelope to a lookup
by hash, a request each. An envelope that could have been applied before the run began is not
answered here; it is looked up by hash. Nor is an envelope ever expired on what a scan missed:
expiry reads by hash, as it always has (expiry.py).

Where a read tells the tip too (Stellar RPC's `getTransactions`), the worker reads its tips by
reading the run on (`read_on`): one request learns both whether a ledger closed and what it did.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from services.settlement.ledger_api import FoundTransaction, LedgerTip, LedgerTransactions, LedgerUnavailable, Lookup
from services.settlement.settings import SettlementNetwork

# Found transactions are remembered this many ledgers; the run is cut to match, so a forgotten one
# is never taken as missed.
KEEP_LEDGERS = 120
# Horizon reads one ledger a request: a run further behind is read on over the next passes.
MAX_LEDGERS_PER_SCAN = 3


@dataclass
class Scan:
    """One environment's unbroken run of ledgers read whole, and the transactions applied in them."""

    since: int  # the run's first ledger
    through: int  # its last ledger read whole (below `since`: none yet)
    found: dict[str, FoundTransaction] = field(default_factory=dict)
    tells_tip: bool = False  # its last read said the answering instance's tip (Stellar RPC's do), and reached it

    def lookup(self, tx_hash: str, first_ledger: int) -> Lookup | None:
        """The envelope found in the run, or a miss over it; None when it could apply (`first_ledger` on) before it."""
        found = self.found.get(tx_hash)
        if found is not None:
            return Lookup(found, self.through, history_start=self.since, by_hash=False)
        if first_ledger < self.since:
            return None
        return Lookup(None, self.through, history_start=self.since, by_hash=False)

    def forget_before(self, ledger: int) -> None:
        """Drop what was applied before `ledger`, and start the run there: it no longer speaks for those ledgers."""
        if ledger <= self.since:
            return
        self.since = ledger
        self.found = {tx_hash: tx for tx_hash, tx in self.found.items() if tx.ledger >= ledger}


class LedgerScans:
    """Per environment, the run of ledgers this worker has read whole."""

    def __init__(self) -> None:
        self._scans: dict[str, Scan] = {}
        # The loops of one process share the scans: one reads a ledger while the others wait for it.
        self._reading = threading.Lock()

    def wanted(self, environment: str, first_ledgers: list[int]) -> bool:
        """Whether a read is worth a request: no run yet, or one that can answer for an envelope applying from these."""
        scan = self._scans.get(environment)
        return scan is None or any(first >= scan.since for first in first_ledgers)

    def read(
        self, network: SettlementNetwork, tip: LedgerTip, earliest: int | None = None
    ) -> tuple[Scan | None, LedgerTip | None]:
        """Read the ledgers closed up to `tip` not read yet; the run so far and any tip the read told.

        None instead of the run when the read failed, or read no new ledger though `tip` is past
        the run (an instance behind the tip): this pass looks up by hash.

        The first read of an environment begins at `tip`, and so does a run more than KEEP_LEDGERS
        behind it: what was applied before is looked up by hash. A run behind that no open
        envelope needs (`earliest`, the first ledger any of them could apply in, is past it) begins
        anew there; otherwise it is read on, MAX_LEDGERS_PER_SCAN ledgers a read at least.
        """
        with self._reading:
            return self._read(network, tip, earliest)

    def _read(
        self, network: SettlementNetwork, tip: LedgerTip, earliest: int | None
    ) -> tuple[Scan | None, LedgerTip | None]:
        environment = network.environment
        scan = self._scans.get(environment)
        if scan is None or tip.sequence - scan.through > KEEP_LEDGERS:
            scan = Scan(tip.sequence, tip.sequence - 1)
        elif earliest is not None and earliest > scan.through + 1:
            start = min(earliest, tip.sequence)
            scan = Scan(start, start - 1, tells_tip=scan.tells_tip)
        told: LedgerTip | None = None
        if tip.sequence > scan.through:
            first = scan.through + 1
            try:
                read = network.client.ledger_transactions(first, min(tip.sequence, first + MAX_LEDGERS_PER_SCAN - 1))
            except LedgerUnavailable:
                self._scans.pop(environment, None)  # the run ends here; the next begins at a later tip
                return None, None
            self._scans[environment] = scan
            if not self._extend(scan, read, first):  # the answering instance is not there yet: by hash meanwhile
                return None, read.tip
            told = read.tip
        self._scans[environment] = scan
        return scan, told

    def read_on(self, network: SettlementNetwork) -> LedgerTip | None:
        """The tip, read by reading the run on from its last ledger, when the run's reads tell it (Stellar RPC).

        One request instead of a tip read and then a scan. None when there is no such run, or
        the read failed (the run ends): the caller reads the tip itself, so a run too old for the
        instance's history never makes the ledger look silent.
        """
        with self._reading:
            return self._read_on(network)

    def _read_on(self, network: SettlementNetwork) -> LedgerTip | None:
        environment = network.environment
        scan = self._scans.get(environment)
        if scan is None or not scan.tells_tip:
            return None
        first = scan.through + 1
        try:
            read = network.client.ledger_transactions(first, first + MAX_LEDGERS_PER_SCAN - 1)
        except LedgerUnavailable:
            self._scans.pop(environment, None)
            return None
        self._extend(scan, read, first)
        return read.tip

    @staticmethod
    def _extend(scan: Scan, read: LedgerTransactions, first: int) -> bool:
        """Add what a read from `first` found to the run; False when it read no new ledger.

        A read that stopped short of the tip it told (full pages) no longer tells tips: reading on
        would cost a page or two each time, where a tip read costs one request.
        """
        extended = read.through >= first
        if extended:
            scan.found.update(read.found)
            scan.through = read.through
            scan.forget_before(scan.through - KEEP_LEDGERS)
        scan.tells_tip = read.tip is not None and scan.through >= read.tip.sequence
        return extended
