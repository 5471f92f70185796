"""The settlement engine: claim due transfers, pay each exactly once, record what happened.

Exactly-once rests on the envelope records, not on the worker's claim: a transfer has at most
one open envelope, only that envelope is ever (re)submitted, and it is closed only when the
ledger shows it applied, or when its bound has passed and the channel's sequence number is unused.
One envelope carries up to SETTLEMENT_BATCH_OPS payments; each pass submits its envelopes
asynchronously (`POST /transactions_async`), one per channel account, so several fill each ledger,
and follows each queued one by hash once a ledger has closed: no pass waits for a ledger.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime, timedelta
from functools import partial

from services.incarnations import Incarnations
from services.settlement.bidding import Bidder
from services.settlement.conversion import usd_to_tkn
from services.settlement.envelopes import (
    MAX_OPS,
    Bounds,
    PaymentOrder,
    bound_passed,
    bounds_from,
    build_payments,
)
from services.settlement.expiry import expire_if_proven
from services.settlement.ledger_client import LedgerTip, LedgerUnavailable, Lookup, SubmitReply
from services.settlement.networks import SettlementNetwork, SettlementSettings
from services.settlement.outcomes import QUEUED_HTTP, Kind, classify_found, classify_reply
from services.settlement.progress import find_stall
from services.settlement.recording import COUNTERS, DONE, Delays, Flight, backoff, blocked, record
from services.settlement.schedule import CloseClock, spread
from services.settlement.submissions import Submissions, signed
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
# A queued envelope not found once this many ledgers closed after it was queued was dropped from
# the ledger's queue (or is stuck behind higher bids): it is submitted again.
RESUBMIT_AFTER_LEDGERS = 2
MAX_QUEUED_REMEMBERED = 10_000

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
    ) -> None:
        self.settings = settings
        self.networks = dict(networks)
        self.problems = dict(problems or {})
        # Claims are made under the current incarnation's ID (services/incarnations.py).
        self.incarnations = Incarnations(worker_id or f"worker-{uuid.uuid4().hex[:12]}")
        self.worker_id = self.incarnations.name
        self.clock = clock
        self.hook = hook
        self._registered = False
        self._tips: dict[str, LedgerTip] = {}  # the freshest tip seen, per environment
        self._tip_read: set[str] = set()  # environments whose tip this pass has read
        self._tip_read_at: dict[str, float] = {}  # per environment: when its tip was last read (monotonic)
        self._closes: dict[str, CloseClock] = {}  # per environment: its learnt close interval
        self._queued: dict[int, int] = {}  # envelope id -> the tip when the ledger queued it (this worker's)
        self.bidder = Bidder(settings)
        self._pool: ThreadPoolExecutor | None = None
        self._free_channels = 0  # at the last claim
        self._handbacks = 0  # passes in a row that found no channel for a new envelope
        self._handed_back = False  # this pass found no channel for some chunk
        self._partial_at: str | None = None  # the environment of this pass's last envelope that was not full
        self.pace = 0.0  # seconds the loop waits before its next pass, to spread channels over a ledger
        self._watch_since: dict[str, int] = {}  # per environment: the first tip this worker saw
        self._next_check: dict[str, int] = {}  # per environment: the ledger of the next progress check

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
            claimed = store.claim_due_transfers(self.worker_id, now, until, self._follow_limit(), open_envelope=True)
            limit = self._claim_limit(now)
            if limit:
                claimed += store.claim_due_transfers(self.worker_id, now, until, limit)
            if claimed:
                self._release(claimed, self._settle(claimed))
            self._watch_progress()
        return len(claimed)

    def _watch_progress(self) -> None:
        """Log a WARNING when no transfer has completed for SETTLEMENT_STALL_LEDGERS ledgers while some are open.

        Checked at most once a ledger, and repeated every SETTLEMENT_STALL_LEDGERS while it lasts.
        """
        limit = self.settings.stall_ledgers
        for network in self.networks.values():
            environment = network.environment
            tip = self._tips.get(environment)
            if tip is None or tip.sequence < self._next_check.get(environment, 0):
                continue
            since = self._watch_since.setdefault(environment, tip.sequence)
            progress = store.progress(environment, network.channel_ids)
            stall = find_stall(environment, progress, tip.sequence, since, limit)
            self._next_check[environment] = tip.sequence + (limit if stall else 1)
            if stall is not None:
                COUNTERS["stalled"] += 1
                log.warning("%s; see `flask --app app settle status`", stall.describe())

    def _follow_limit(self) -> int:
        """Every transfer that open envelopes can carry: one envelope per channel at most."""
        channels = sum(len(network.channels) for network in self.networks.values())
        return max(channels, 1) * MAX_OPS

    def _claim_limit(self, now: datetime) -> int:
        """As many transfers without an envelope as the free channels can carry now (none when none is free).

        A pass that claims more than its channels carry hands the rest back untouched, after
        holding them away from passes that do have channels; with many workers that churn was most
        of the work (docs/performance.md, W4).
        """
        stale_before = now - timedelta(seconds=self.settings.claim_seconds)
        free = sum(
            envelopes.count_free_channels(network.environment, network.channel_ids, stale_before)
            for network in self.networks.values()
        )
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
        may return early (Postgres NOTIFY). A pass that fails (the database unreachable, say) is
        logged and tried again after a backoff that no notification cuts short.
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
                sleep(self.settings.poll_seconds)
        self.leave()

    def leave(self) -> None:
        """Stopped cleanly, between passes: no claim is held, so unregister; a failure here only leaves the row."""
        self.incarnations.stop()

    def _release(self, claimed: list[uuid.UUID], delays: Delays) -> None:
        groups: dict[float | None, list[uuid.UUID]] = {}
        for transfer_id in claimed:
            groups.setdefault(delays.get(transfer_id, self.settings.retry_max_seconds), []).append(transfer_id)
        now = self.clock()
        for delay, transfer_ids in groups.items():
            next_at = None if delay is None else now + timedelta(seconds=delay)
            store.release_claims(transfer_ids, self.worker_id, next_at)

    def _settle(self, claimed: list[uuid.UUID]) -> Delays:
        delays: Delays = {}
        self._tip_read.clear()
        self._handed_back = False
        self._partial_at = None
        ready = self._start(store.get_transfers(claimed), delays)
        open_envelopes = envelopes.open_envelopes([t.id for t in ready])
        flights = Submissions(self._executor)
        fresh: dict[tuple[str, str | None], list[Transfer]] = {}
        followed: set[int] = set()
        to_follow: list[Flight] = []
        for transfer in ready:
            network = self.networks[transfer.environment]
            attempt = open_envelopes.get(transfer.id)
            if attempt is None:
                if self._failed_after_blocked(transfer):
                    delays[transfer.id] = DONE
                else:
                    fresh.setdefault((transfer.environment, transfer.memo or None), []).append(transfer)
            elif attempt.id not in followed:
                followed.add(attempt.id)
                payments = [p for p in envelopes.members(attempt.id) if p.outcome is None]
                to_follow.append(Flight(attempt, network, payments))
        lookups = self._look_up_at_once(to_follow)
        for flight in to_follow:
            step = partial(self._follow, flight, flights, lookups.get(flight.attempt.id))
            delays.update(self._guard(flight.transfer_ids, step))
        for (environment, _), group in fresh.items():
            size = self.settings.batch_ops
            for chunk in (group[start : start + size] for start in range(0, len(group), size)):
                network = self.networks[environment]
                delays.update(self._guard([t.id for t in chunk], partial(self._send_new, chunk, network, flights)))
        delays.update(self._record_answers(flights))
        self._handbacks = self._handbacks + 1 if self._handed_back else 0
        self.pace = self._spread()
        return delays

    def _spread(self) -> float:
        """After an envelope that was not full, wait the ledger's time left over the channels free now (N12).

        Counted again, not from the claim: this pass's follows may have freed channels since.
        """
        if self._partial_at is None:
            return 0.0
        network = self.networks[self._partial_at]
        stale_before = self.clock() - timedelta(seconds=self.settings.claim_seconds)
        free = envelopes.count_free_channels(network.environment, network.channel_ids, stale_before)
        return spread(self._close_clock(network.environment).until_next_close(0.0), free)

    def _start(self, transfers: list[Transfer], delays: Delays) -> list[Transfer]:
        """The transfers ready for an envelope, a new one with its converted amount (or Failed AM09).

        A Created transfer stays Created until its envelope is stored (`store_envelope` moves it
        to Processing in that transaction): one that finds no channel is handed back as it was.
        """
        now = self.clock()
        ready: list[Transfer] = []
        for transfer in transfers:
            if transfer.environment not in self.networks:
                problem = self.problems.get(transfer.environment, "no settlement network configured")
                blocked(self, [transfer.id], f"{transfer.environment} settlement unavailable: {problem}")
                delays[transfer.id] = self.settings.retry_max_seconds
            elif transfer.state == store.CREATED:
                amount = usd_to_tkn(transfer.amount_usd, self.settings.usd_to_tkn_rate)
                if amount <= 0:
                    reason = "the amount converts to less than the smallest TKN unit (0.0000001 TKN)"
                    store.fail_transfer(transfer.id, "AM09", reason, 0, now)
                    log.info("transfer failed: %s", reason, extra={"transfer_id": str(transfer.id), "reason": reason})
                    delays[transfer.id] = DONE
                else:
                    transfer.amount_tkn = amount  # stored with its envelope
                    ready.append(transfer)
            elif transfer.state == store.PROCESSING:
                ready.append(transfer)
            else:
                delays[transfer.id] = DONE
        return ready

    def _failed_after_blocked(self, transfer: Transfer) -> bool:
        now = self.clock()
        deadline = timedelta(seconds=self.settings.blocked_deadline_seconds)
        if transfer.blocked_since is None or now - transfer.blocked_since <= deadline:
            return False
        hours = self.settings.blocked_deadline_seconds / 3600
        reason = f"not paid within {hours:g} hours: the gateway's own funding or signing failed"
        store.fail_transfer(transfer.id, self.settings.blocked_error_code, reason, transfer.attempt_count, now)
        COUNTERS["failed_after_blocked"] += 1
        log.error(
            "transfer failed: %s",
            reason,
            extra={"transfer_id": str(transfer.id), "reason": reason, "blocked_by": transfer.last_error},
        )
        return True

    def _guard(self, transfer_ids: list[uuid.UUID], step: Callable[[], Delays]) -> Delays:
        try:
            return step()
        except LedgerUnavailable as error:
            store.note_problems(transfer_ids, f"ledger unavailable: {error}"[:200], blocked=False, now=self.clock())
            COUNTERS["ledger_unavailable"] += 1
            return dict.fromkeys(transfer_ids, self.settings.retry_base_seconds)
        except Exception:
            log.exception("unexpected error settling %d transfer(s)", len(transfer_ids))
            COUNTERS["unexpected"] += 1
            return dict.fromkeys(transfer_ids, self.settings.retry_max_seconds)

    def _tip(self, network: SettlementNetwork, past: int | None = None) -> LedgerTip:
        """The freshest tip this worker has seen, reused for half a ledger (before the interval is known: for a pass).

        Behind a load balancer a read may reach an instance that lags; keeping the freshest tip
        means a lagging answer never moves the worker's idea of the ledger backwards. A tip up to
        half a ledger old only shortens a new envelope's bounds (decision R2) or delays a lookup;
        an older one is read again even within a pass, since a slow pass would otherwise count a
        new envelope's bounds from a ledger its whole bound behind (N9).
        `past`: a tip not past this ledger is read again, once per pass (a close is expected).
        """
        environment = network.environment
        known = self._tips.get(environment)
        interval = self._close_clock(environment).interval
        read_in_pass = environment in self._tip_read
        if known is not None:
            if interval is None and read_in_pass:
                return known
            age = time.monotonic() - self._tip_read_at.get(environment, float("-inf"))
            if interval is not None and age < interval / 2 and (read_in_pass or past is None or known.sequence > past):
                return known
        self._tip_read.add(environment)
        self._tip_read_at[environment] = time.monotonic()
        tip = network.client.latest_ledger()
        self._close_clock(environment).observe(tip)
        return self._observe(network, tip)

    def _close_clock(self, environment: str) -> CloseClock:
        return self._closes.setdefault(environment, CloseClock())

    def _observe(self, network: SettlementNetwork, tip: LedgerTip) -> LedgerTip:
        known = self._tips.get(network.environment)
        if known is None or tip.sequence > known.sequence:
            self._tips[network.environment] = known = tip
        return known

    def _observe_height(self, network: SettlementNetwork, seen_ledger: int) -> None:
        """Any answer's `Latest-Ledger` is a ledger that has closed: a floor for new envelopes' bounds.

        Its close time is not known, so the time bound still counts from the last tip read (earlier,
        so the bound only gets shorter).
        """
        known = self._tips.get(network.environment)
        if known is not None and seen_ledger > known.sequence:
            self._tips[network.environment] = LedgerTip(seen_ledger, known.closed_at)

    def _send_new(self, chunk: list[Transfer], network: SettlementNetwork, flights: Submissions) -> Delays:
        """Lease a channel, build and sign one envelope for the chunk, store it, and start submitting it."""
        ids = [t.id for t in chunk]
        now = self.clock()
        holder = f"{self.worker_id}:{uuid.uuid4().hex[:12]}"
        stale_before = now - timedelta(seconds=self.settings.claim_seconds)
        channel_id = envelopes.lease_channel(network.environment, network.channel_ids, holder, now, stale_before)
        if channel_id is None:
            # Back off: another pass took the channel this one counted; passing again at once
            # would only claim and hand back again. Counted per pass, not per chunk (a pass of ten
            # chunks once waited 2^9 times the base), and never past the next close, when an
            # applied envelope frees a channel: W4's four workers lost whole ledgers waiting (N10).
            COUNTERS["no_free_channel"] += 1
            self._handed_back = True
            delay = min(backoff(self.settings, self._handbacks + 1), self._follow_delay(network))
            log.info(
                "no free channel for %d transfer(s), another pass leased it first: handed back for %.2fs",
                len(ids),
                delay,
            )
            return dict.fromkeys(ids, delay)
        try:
            channel = next(c for c in network.channels if c.public_key == channel_id)
            sequence = self._channel_sequence(network, channel_id)
            if sequence is None:
                envelopes.release_lease(holder)
                blocked(self, ids, f"channel account {channel_id} does not exist")
                return dict.fromkeys(ids, self.settings.retry_max_seconds)
            tip = self._tip(network)
            fee = self.bidder.new_envelope(network, tip.sequence, max(t.attempt_count for t in chunk) + 1)
            signed = build_payments(
                [PaymentOrder(t.destination_account, t.amount_tkn, t.memo) for t in chunk],
                network.asset,
                channel,
                sequence,
                network.distribution,
                network.network_passphrase,
                fee,
                bounds_from(tip, self.settings.ledger_bound, self.settings.time_bound_seconds),
            )
            stored = envelopes.NewEnvelope(
                channel_account=channel_id,
                sequence=signed.sequence,
                fee=signed.fee,
                max_ledger=signed.bounds.max_ledger,
                max_time=signed.bounds.max_time,
                tx_hash=signed.tx_hash,
                envelope_xdr=signed.envelope_xdr,
            )
            new = {t.id: t.amount_tkn for t in chunk if t.state == store.CREATED and t.amount_tkn is not None}
            attempt = envelopes.store_envelope(ids, self.worker_id, holder, stored, self.clock(), new)
        except Exception:
            envelopes.release_lease(holder)  # only frees it if nothing was stored
            raise
        if attempt is None:
            envelopes.release_lease(holder)
            return dict.fromkeys(ids, self.settings.poll_seconds)  # lost a claim, or one is open already
        self.hook("after_sign")
        if len(chunk) < self.settings.batch_ops:
            self._partial_at = network.environment
        flights.append(Flight(attempt, network, envelopes.members(attempt.id)))
        return {}

    def _channel_sequence(self, network: SettlementNetwork, channel_id: str) -> int | None:
        """The sequence number to build on: the ledger's, never below what our own envelopes used.

        A read may come from an instance that has not yet ingested our last envelope on this
        channel; an envelope built on it would reuse a spent sequence number and could never apply.
        When our last envelope on the channel was applied, its sequence number is the channel's
        (N7): no read is needed. A wrong number only earns `tx_bad_seq`, and once such an envelope
        is proven expired the next one reads the ledger again.
        """
        last = envelopes.last_envelope_on(channel_id)
        if last is not None and last.outcome in envelopes.APPLIED:
            COUNTERS["sequence_from_history"] += 1
            return int(last.sequence)
        read = network.client.account_sequence(channel_id)
        self._observe_height(network, read.seen_ledger)
        used = envelopes.highest_used_sequence(channel_id)
        if used is not None and (read.sequence is None or read.sequence < used):
            COUNTERS["stale_sequence_read"] += 1
            return used
        return read.sequence

    def _look_up_at_once(self, flights: list[Flight]) -> dict[int, Future[Lookup]]:
        """Start the lookups by hash this pass's follows need, all at once: each is a Horizon round trip.

        Done one after the other, a pass following twenty envelopes spent seconds before it built
        and submitted anything new. A lookup that fails is raised by its follow, as before.
        """
        wanted: list[Flight] = []
        for flight in flights:
            queued = self._queued.get(flight.attempt.id)
            try:
                tip = self._tip(flight.network, past=queued)
            except LedgerUnavailable:
                return {}  # each follow reads again, and says why it could not
            if queued is None or tip.sequence > queued:
                wanted.append(flight)
        if len(wanted) < 2:
            return {}
        pool = self._executor()
        return {f.attempt.id: pool.submit(f.network.client.find_transaction, f.attempt.tx_hash) for f in wanted}

    def _executor(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(MAX_PARALLEL_SUBMITS, thread_name_prefix="settle-ledger")
        return self._pool

    def _follow(self, flight: Flight, flights: Submissions, pending: Future[Lookup] | None = None) -> Delays:
        """An open envelope: the ledger's answer by hash, else the same envelope again, else expire it.

        A queued envelope is looked up only once a ledger has closed since it was queued, and
        submitted again only once RESUBMIT_AFTER_LEDGERS have closed without it.
        Expiring needs reads that prove they saw every ledger that could include the envelope:
        a 404 and an unused sequence number from an instance below that ledger prove nothing.
        """
        attempt, network = flight.attempt, flight.network
        client = network.client
        queued = self._queued.get(attempt.id)
        tip = self._tip(network, past=queued)
        if queued is not None and tip.sequence <= queued:
            return dict.fromkeys(flight.transfer_ids, self._follow_delay(network))  # no ledger closed since
        lookup = pending.result() if pending is not None else client.find_transaction(attempt.tx_hash)
        if lookup.found is not None:
            self._queued.pop(attempt.id, None)
            return record(self, flight, classify_found(lookup.found), proven_applied=True)
        self._observe_height(network, lookup.seen_ledger)
        tip = self._tips[network.environment]
        bounds = Bounds(attempt.max_ledger, attempt.max_time)
        if not bound_passed(bounds, tip, self.settings.bound_margin_ledgers):
            if queued is not None and lookup.seen_ledger < queued + RESUBMIT_AFTER_LEDGERS:
                return dict.fromkeys(flight.transfer_ids, self._follow_delay(network))  # still queued, surely
            if queued is not None:  # queued, yet ledgers closed without it: behind higher bids, or dropped
                self.bidder.bump(flight, tip.sequence, hint=None, stuck=True)
            flights.append(flight)  # within the bound: the same envelope (in its fee bump, if any) only
            return {}
        self._queued.pop(attempt.id, None)
        return expire_if_proven(self, flight, lookup.seen_ledger, tip)

    def _follow_delay(self, network: SettlementNetwork) -> float:
        """Until just after the next close: the earliest a queued envelope can be found applied."""
        # Rounded, so that a pass releases its transfers in a few groups (one UPDATE each).
        return round(self._close_clock(network.environment).until_next_close(self.settings.poll_seconds), 1)

    def _record_answers(self, flights: Submissions) -> Delays:
        """Record the ledger's answer to every envelope this pass submitted.

        Nothing here waits for a ledger: the ledger answers on receipt (queued, or refused), and a
        queued envelope is followed by hash in a later pass, so one stuck envelope holds up no other.
        """
        delays: Delays = {}
        for flight, reply in flights.answers():
            self._record_reply(flight, reply, delays)
        return delays

    def _record_reply(self, flight: Flight, reply: SubmitReply, delays: Delays) -> None:
        self.hook("after_submit")
        delays.update(self._guard(flight.transfer_ids, partial(self._after_submit, flight, reply)))

    def _after_submit(self, flight: Flight, reply: SubmitReply) -> Delays:
        """A queued envelope is followed once the next ledger closes; one refused for its fee is bumped at once.

        Any other answer is recorded.
        """
        envelopes.mark_submitted(flight.attempt.id, self.clock())
        tip = self._tips.get(flight.network.environment)
        ledger = tip.sequence if tip is not None else 0
        if _refused_for_fee(reply) and self.bidder.bump(flight, ledger, reply.fee_hint):
            reply = flight.network.client.submit_async(signed(flight))
            envelopes.mark_submitted(flight.attempt.id, self.clock())
        if reply.http_status in QUEUED_HTTP:
            if len(self._queued) > MAX_QUEUED_REMEMBERED:  # envelopes another worker closed: forget them all
                self._queued.clear()
            self._queued[flight.attempt.id] = ledger
            COUNTERS["queued"] += 1
            return dict.fromkeys(flight.transfer_ids, self._follow_delay(flight.network))
        self._queued.pop(flight.attempt.id, None)
        outcome = classify_reply(reply)
        delays = record(self, flight, outcome, proven_applied=reply.applied)
        if outcome.kind is not Kind.PENDING:
            return delays
        # Nothing learnt, and only a close can change that: look again just after the next one, not
        # after a backoff that grows with every submission. Our own envelope resubmitted just after
        # its ledger applied it is answered tx_bad_seq, and W4's stragglers waited 60 s for the lookup
        # that finds it (N13).
        soon = self._follow_delay(flight.network)
        return {transfer_id: delay if delay is None else min(delay, soon) for transfer_id, delay in delays.items()}


def _refused_for_fee(reply: SubmitReply) -> bool:
    """Refused on receipt in a way a higher bid overcomes.

    `tx_insufficient_fee`: the queue is full of higher bids (the hint says how high).
    `TRY_AGAIN_LATER`: the queue dropped or evicted this very envelope and bans its hash for a
    while; a fee bump has a hash of its own.
    """
    return reply.tx_code == "tx_insufficient_fee" or (reply.http_status == 503 and "TRY_AGAIN_LATER" in reply.detail)
