"""The settlement loop: claim due transfers, pay each exactly once, record what happened.

`Settler` composes one module per step: claiming (claiming.py), building and storing new
envelopes (building.py), submitting them and recording the answers on receipt (submissions.py),
following open envelopes (following.py, expiry.py) and recording outcomes (recording.py).
One envelope carries up to SETTLEMENT_BATCH_OPS payments; each pass submits its envelopes
asynchronously, one per channel account, so several fill each ledger, and follows each queued one
by hash once a ledger has closed: no pass waits for a ledger. Why each transfer is paid exactly
once is argued in docs/settlement.md.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from functools import partial

from services.incarnations import Incarnations
from services.settlement import claiming, destinations
from services.settlement.bidding import Bidder
from services.settlement.building import EnvelopeBuilder
from services.settlement.following import Follower
from services.settlement.ledger_view import LedgerView
from services.settlement.outages import Outages
from services.settlement.recording import COUNTERS, DONE, Delays, Flight, backoff, guard
from services.settlement.scanning import LedgerScans
from services.settlement.schedule import QueuedEnvelopes, spread
from services.settlement.settings import SettlementNetwork, SettlementSettings
from services.settlement.submissions import Receipts, Submissions
from services.settlement.watching import Watch
from storage import envelopes
from storage import settlement as store
from storage.database import database, unreachable
from storage.models import Transfer, utc_now

log = logging.getLogger(__name__)

Hook = Callable[[str], None]
Clock = Callable[[], datetime]
MAX_PARALLEL_SUBMITS = 32
# Failed passes in a row are retried after SETTLEMENT_RETRY_BASE_SECONDS, doubling up to this.
PASS_RETRY_MAX_SECONDS = 10.0
# The shortest idle wait, whatever SETTLEMENT_POLL_SECONDS says: an idle loop never passes again at once.
MIN_IDLE_SECONDS = 0.01
HELD_FOR_FUNDING = "waiting for funding (op_underfunded): the distribution account is short of TKN"

__all__ = ["COUNTERS", "DONE", "Clock", "Hook", "Settler"]


def _no_hook(_: str) -> None:
    return None


class Settler:
    """One worker: `run_once` settles what is due; `run` loops until stopped."""

    def __init__(
        self,
        settings: SettlementSettings,
        networks: Mapping[str, SettlementNetwork],
        problems: Mapping[str, str] | None = None,
        worker_id: str | None = None,
        clock: Clock = utc_now,
        hook: Hook = _no_hook,
        reads_from: Settler | None = None,
    ) -> None:
        """`reads_from`: another loop of this process whose view of the ledger, scans and bids this one shares.

        Loops of one process learn the same ledger: sharing keeps the reads that follow it to a
        few a ledger per process, however many loops are in flight (issue 32's budget).
        """
        self.settings = settings
        self.networks = dict(networks)
        self.problems = dict(problems or {})
        # Claims are made under the current incarnation's ID (services/incarnations.py).
        self.incarnations = Incarnations(worker_id or f"worker-{uuid.uuid4().hex[:12]}")
        self.worker_id = self.incarnations.name
        self.clock = clock
        self.hook = hook
        self._registered = False
        self._pool: ThreadPoolExecutor | None = None
        self._free_channels = 0  # at the last claim
        self.pace = 0.0  # seconds the loop waits before its next pass, to spread channels over a ledger
        self.outages = Outages()  # conditions that hold an environment up, and their probes
        # The steps read settings, clock and hook from this worker at each call (tests swap them).
        self.view: LedgerView = reads_from.view if reads_from is not None else LedgerView(clock=self._now)
        self.watch = Watch(self.outages, self.view, self.networks, lambda: self.settings, self._now)
        self.bidder: Bidder = reads_from.bidder if reads_from is not None else Bidder(settings)
        queued = QueuedEnvelopes()
        self.builder = EnvelopeBuilder(self, self.view, self.bidder)
        scans: LedgerScans | None = reads_from.follower.scans if reads_from is not None else None
        self.follower: Follower = Follower(self, self.view, self.bidder, queued, self._executor, scans)
        self.receipts = Receipts(self, self.view, self.bidder, queued)
        self.destinations = destinations.DestinationCache(
            settings.destination_ok_seconds, settings.destination_recheck_seconds, settings.destination_cache_size
        )

    def _now(self) -> datetime:
        return self.clock()  # read at each call: tests swap the clock

    def _register_channels(self) -> None:
        if self._registered:
            return
        with database.connection_context():
            for network in self.networks.values():
                envelopes.ensure_channels(network.environment, network.channel_ids)
        self._registered = True

    def run_once(self) -> int:
        """Follow every due open envelope, then claim what the free channels carry; return how many were claimed.

        Following is its own step, outside the channel limit: an open envelope is what holds a
        channel, so following it is what frees one. If following had to wait its turn behind
        transfers that need a free channel, channels held by open envelopes would never be freed
        while older transfers keep coming due (docs/settlement.md, liveness).
        """
        self._register_channels()
        self.pace = 0.0
        now = self.clock()
        until = now + timedelta(seconds=self.settings.claim_seconds)
        with database.connection_context():
            self.worker_id = self.incarnations.current(now)
            self.incarnations.take_back_from_dead()
            self.watch.probe(now)
            claimed = store.claim_due_transfers(self.worker_id, now, until, self._follow_limit(), open_envelope=True)
            limit = self._claim_limit(now)
            if limit:
                claimed += store.claim_due_transfers(self.worker_id, now, until, limit)
            if claimed:
                self._release(claimed, self._settle(claimed))
            self.watch.wake_answered()
            self.watch.watch_progress()
        return len(claimed)

    def _follow_limit(self) -> int:
        """Every transfer that open envelopes can carry: one envelope per channel at most."""
        return claiming.follow_limit(self.networks)

    def _claim_limit(self, now: datetime) -> int:
        """As many transfers without an envelope as the free channels can carry now (none when none is free).

        A pass that claims more than its channels carry hands the rest back untouched, after
        holding them away from passes that do have channels; with many workers that churn was most
        of the work (docs/performance.md, W4).
        """
        free = claiming.free_channels(self.networks.values(), now, self.settings.claim_seconds)
        self._free_channels = free
        return min(self.settings.batch_size, free * self.settings.batch_ops)

    def close(self) -> None:
        """Let the submit threads go (a pass still running finishes its submits first) and the liveness token."""
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None
        self.incarnations.release()

    def run(self, stop: threading.Event, wait: Callable[[float], object] | None = None) -> None:
        """Loop until `stop` is set, finishing the current pass first (graceful SIGTERM).

        `wait(seconds)` sleeps between idle passes, and after a pass that found no free channel; it
        may return early with a true value (woken by a Postgres NOTIFY). A pass that fails (the
        database unreachable, say) is logged and tried again after a backoff that no notification
        cuts short.
        """
        sleep = wait or stop.wait
        failures = 0
        while not stop.is_set():
            try:
                busy = self.run_once()
                failures = 0
            except Exception as error:
                failures += 1
                pause = min(PASS_RETRY_MAX_SECONDS, backoff(self.settings, failures))
                if unreachable(error):  # Postgres restarting, say: expected, and no bug to trace
                    log.warning("settlement pass failed, database unreachable; retrying in %.2fs: %s", pause, error)
                else:
                    log.exception("settlement pass failed; retrying in %.2fs", pause)
                stop.wait(pause)
                continue
            if self.pace and not stop.is_set():
                # Not the wait a notification cuts short: what arrives meanwhile should gather into the next envelope.
                stop.wait(self.pace)
            # With every channel busy, passing again at once would only claim and hand back.
            elif (not busy or not self._free_channels) and not stop.is_set():
                self._idle(stop, sleep)
        self.leave()

    def _idle(self, stop: threading.Event, wait: Callable[[float], object]) -> None:
        """Wait the poll interval, or less only when a notification brings work.

        `wait` may come back at once without a notification (a LISTEN connection just lost, or a
        stand-in that does not sleep): the rest of the interval is slept on `stop`, so no loop
        passes again without having slept.
        """
        seconds = max(self.settings.poll_seconds, MIN_IDLE_SECONDS)
        started = time.monotonic()
        if wait(seconds):
            return
        left = seconds - (time.monotonic() - started)
        if left > 0 and not stop.is_set():
            stop.wait(left)

    def leave(self) -> None:
        """Stopped cleanly, between passes: no claim is held, so unregister; a failure here only leaves the row."""
        self.incarnations.stop()

    def _release(self, claimed: list[uuid.UUID], delays: Delays) -> None:
        claiming.release(self, self.worker_id, claimed, delays)

    def _settle(self, claimed: list[uuid.UUID]) -> Delays:
        delays: Delays = {}
        self.view.new_pass()
        self.builder.new_pass()
        ready = claiming.ready_for_envelopes(self, self.networks, self.problems, store.get_transfers(claimed), delays)
        open_envelopes = envelopes.open_envelopes([t.id for t in ready])
        flights = Submissions(self._executor)
        unscreened: dict[str, list[Transfer]] = {}
        held: list[Transfer] = []
        followed: set[int] = set()
        to_follow: list[Flight] = []
        for transfer in ready:
            network = self.networks[transfer.environment]
            attempt = open_envelopes.get(transfer.id)
            if attempt is None:
                if claiming.failed_after_blocked(self, transfer):
                    delays[transfer.id] = DONE
                elif self.outages.short_of_funding(transfer.environment):
                    held.append(transfer)  # an envelope would fail, and be charged its fee
                else:
                    unscreened.setdefault(transfer.environment, []).append(transfer)
            elif attempt.id not in followed:
                followed.add(attempt.id)
                payments = [p for p in envelopes.members(attempt.id) if p.outcome is None]
                to_follow.append(Flight(attempt, network, payments))
        lookups = self.follower.look_up_at_once(to_follow)
        for flight in to_follow:
            step = partial(self.follower.follow, flight, flights, lookups.get(flight.attempt.id))
            delays.update(guard(self, flight.transfer_ids, step))
        if held:
            store.note_problems([t.id for t in held], HELD_FOR_FUNDING, blocked=True, now=self.clock())
            # The funding probe makes them due once it clears; this is only the latest they are tried again.
            delays.update(dict.fromkeys([t.id for t in held], self.settings.retry_max_seconds))
        fresh = self._screen(unscreened, delays)
        for (environment, _), group in fresh.items():
            size = self.settings.batch_ops
            for chunk in (group[start : start + size] for start in range(0, len(group), size)):
                network = self.networks[environment]
                send = partial(self.builder.send_new, chunk, network, flights, self.worker_id)
                delays.update(guard(self, [t.id for t in chunk], send))
        delays.update(self.receipts.record_answers(flights))
        self.builder.end_pass()
        self.pace = self._spread()
        return delays

    def _screen(
        self, unscreened: dict[str, list[Transfer]], delays: Delays
    ) -> dict[tuple[str, str | None], list[Transfer]]:
        """The transfers whose destinations can receive, by environment and memo; the others fail alone.

        One look-up per environment a pass, before any envelope is built (destinations.py): a
        payment that would fail must not sink an envelope, nor cost its fee.
        """
        fresh: dict[tuple[str, str | None], list[Transfer]] = {}
        for environment, group in unscreened.items():
            network = self.networks[environment]
            check = partial(destinations.screen, self, self.destinations, network, group)
            screened = guard(self, [t.id for t in group], check)
            delays.update(screened)
            for transfer in group:
                if transfer.id not in screened:
                    fresh.setdefault((environment, transfer.memo or None), []).append(transfer)
        return fresh

    def _spread(self) -> float:
        """After an envelope that was not full, wait the ledger's time left over the channels free now (N12).

        Counted again, not from the claim: this pass's follows may have freed channels since.
        """
        environment = self.builder.partial_at
        if environment is None:
            return 0.0
        network = self.networks[environment]
        free = claiming.free_channels([network], self.clock(), self.settings.claim_seconds)
        return spread(self.view.close_clock(network.environment).until_next_close(0.0), free)

    def _executor(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(MAX_PARALLEL_SUBMITS, thread_name_prefix="settle-ledger")
        return self._pool
