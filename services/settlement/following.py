"""Following an open envelope: what the ledger did with it, else the same envelope again, else prove it expired.

What closed ledgers did is learnt for every envelope at once, by reading them whole (scanning.py);
an envelope the scan cannot speak for is looked up by hash, and so is every one whose bound has
passed, before expiry.

An open envelope is only ever submitted again as the very envelope stored (in its fee bump, if it
has one) while its bounds have not passed; after them, only reads that saw its last possible
ledger close it as expired (expiry.py, docs/settlement.md).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from services.settlement.bidding import Bidder
from services.settlement.envelopes import Bounds, bound_passed, first_possible_ledger
from services.settlement.expiry import expire_if_proven
from services.settlement.ledger_api import LedgerUnavailable, Lookup
from services.settlement.ledger_view import LedgerView
from services.settlement.outcomes import classify_found
from services.settlement.recording import Context, Delays, Flight, record
from services.settlement.scanning import LedgerScans, Scan
from services.settlement.schedule import QueuedEnvelopes
from services.settlement.submissions import Submissions

# A queued envelope not found once this many ledgers closed after it was queued was dropped from
# the ledger's queue (or is stuck behind higher bids): it is submitted again.
RESUBMIT_AFTER_LEDGERS = 2


class Follower:
    """Follows one worker's open envelopes, each once a ledger has closed since the ledger queued it."""

    def __init__(
        self,
        ctx: Context,
        view: LedgerView,
        bidder: Bidder,
        queued: QueuedEnvelopes,
        executor: Callable[[], ThreadPoolExecutor],
        scans: LedgerScans | None = None,
    ) -> None:
        self.ctx = ctx
        self.view = view
        self.bidder = bidder
        self.queued = queued
        self._executor = executor
        self.scans = scans or LedgerScans()  # shared by the loops of one process (worker.py)
        view.read_tips_with(self.scans.read_on)  # on Stellar RPC a tip read reads the ledgers it closed too

    def look_up_at_once(self, flights: list[Flight]) -> dict[int, Future[Lookup]]:
        """What this pass's follows need of the ledger, learnt for all of them at once.

        The ledgers closed since the last pass are read whole (scanning.py): a few requests a
        ledger, however many envelopes are open. An envelope the scan cannot speak for is looked
        up by hash, those lookups all at once. A follow without an answer here (its read failed)
        looks up by hash itself, and says why it could not.
        """
        wanted: list[Flight] = []
        for flight in flights:
            queued = self.queued.queued_at(flight.attempt.id)
            try:
                tip = self.view.tip(flight.network, past=queued)
            except LedgerUnavailable:
                return {}
            if queued is None or tip.sequence > queued:
                wanted.append(flight)
        answers, by_hash = self._from_scans(wanted)
        if len(by_hash) > 1:
            pool = self._executor()
            for f in by_hash:
                answers[f.attempt.id] = pool.submit(f.network.client.find_transaction, f.attempt.tx_hash)
        return answers

    def _from_scans(self, wanted: list[Flight]) -> tuple[dict[int, Future[Lookup]], list[Flight]]:
        """The answers the ledgers read whole give, and the envelopes they cannot answer for."""
        answers: dict[int, Future[Lookup]] = {}
        by_hash: list[Flight] = []
        firsts = {
            f.attempt.id: first_possible_ledger(f.attempt.envelope_xdr, f.network.network_passphrase) for f in wanted
        }
        scans: dict[str, Scan | None] = {}
        for flight in wanted:
            environment = flight.network.environment
            if environment not in scans:
                here = [firsts[f.attempt.id] for f in wanted if f.network.environment == environment]
                scans[environment] = self._scan(flight, min(here)) if self.scans.wanted(environment, here) else None
            scan = scans[environment]
            lookup = scan.lookup(flight.attempt.tx_hash, firsts[flight.attempt.id]) if scan is not None else None
            if lookup is None:
                by_hash.append(flight)
                continue
            answered: Future[Lookup] = Future()
            answered.set_result(lookup)
            answers[flight.attempt.id] = answered
        return answers, by_hash

    def _scan(self, flight: Flight, earliest: int) -> Scan | None:
        """The ledgers closed up to the freshest tip, read whole; a tip the read told is taken as read.

        `earliest`: the first ledger any envelope wanted could apply in.
        """
        network = flight.network
        tip = self.view.known(network.environment)
        if tip is None:
            return None
        scan, told = self.scans.read(network, tip, earliest)
        if told is not None:
            self.view.observe_tip(network, told)
        return scan

    def follow(self, flight: Flight, flights: Submissions, pending: Future[Lookup] | None = None) -> Delays:
        """An open envelope: the ledger's answer by hash, else the same envelope again, else expire it.

        A queued envelope is looked up only once a ledger has closed since it was queued, and
        submitted again only once RESUBMIT_AFTER_LEDGERS have closed without it.
        Expiring needs reads that prove they saw every ledger that could include the envelope:
        a miss and an unused sequence number from an instance below that ledger prove nothing.
        """
        attempt, network = flight.attempt, flight.network
        poll = self.ctx.settings.poll_seconds
        queued = self.queued.queued_at(attempt.id)
        tip = self.view.tip(network, past=queued)
        if queued is not None and tip.sequence <= queued:
            return dict.fromkeys(flight.transfer_ids, self.view.follow_delay(network, poll))  # no ledger closed since
        lookup = pending.result() if pending is not None else network.client.find_transaction(attempt.tx_hash)
        if lookup.found is not None:
            return self._applied(flight, lookup)
        self.view.observe_height(network, lookup.seen_ledger)
        tip = self.view.known(network.environment) or tip
        bounds = Bounds(attempt.max_ledger, attempt.max_time)
        if not bound_passed(bounds, tip, self.ctx.settings.bound_margin_ledgers):
            if queued is not None and lookup.seen_ledger < queued + RESUBMIT_AFTER_LEDGERS:
                return dict.fromkeys(flight.transfer_ids, self.view.follow_delay(network, poll))  # still queued, surely
            if queued is not None:  # queued, yet ledgers closed without it: behind higher bids, or dropped
                self.bidder.bump(flight, tip.sequence, hint=None, stuck=True)
            flights.append(flight)  # within the bound: the same envelope (in its fee bump, if any) only
            return {}
        if not lookup.by_hash:  # a scan's miss never expires an envelope: only a lookup by hash does
            lookup = network.client.find_transaction(attempt.tx_hash)
            if lookup.found is not None:
                return self._applied(flight, lookup)
        self.queued.forget(attempt.id)
        return expire_if_proven(self.ctx, flight, lookup, tip)

    def _applied(self, flight: Flight, lookup: Lookup) -> Delays:
        """The envelope was applied (successfully or not): record what it did."""
        assert lookup.found is not None
        self.queued.forget(flight.attempt.id)
        return record(self.ctx, flight, classify_found(lookup.found), proven_applied=True)
