"""A pass's submissions: each envelope goes to the ledger as soon as it is ready, not at the end of the pass.

An envelope's bounds count from the tip the worker read before building it, so every moment
between that read and the submission eats into its bound. Submitted at the end of the pass, the
first envelope waited for every other one to be built and stored; on a slow pass (a loaded
database, a paced Horizon) it reached the ledger after its bound and was refused as too late,
then had to be proven expired and rebuilt, again and again (issue 22, the lagging-fleet check).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from functools import partial

from services.settlement.bidding import Bidder
from services.settlement.ledger_api import SubmitReply
from services.settlement.ledger_view import LedgerView
from services.settlement.outcomes import Kind, classify_reply
from services.settlement.recording import COUNTERS, Context, Delays, Flight, guard, record
from services.settlement.schedule import QueuedEnvelopes
from storage import envelopes


def signed(flight: Flight) -> str:
    """What to submit for an envelope: its latest fee bump, else the envelope itself."""
    bump: str | None = flight.attempt.bump_xdr
    return bump or str(flight.attempt.envelope_xdr)


class Submissions:
    """The envelopes a pass submits asynchronously (`LedgerClient.submit_async`), each started when added."""

    def __init__(self, executor: Callable[[], ThreadPoolExecutor]) -> None:
        self._executor = executor
        self._pending: dict[Future[SubmitReply], Flight] = {}

    def append(self, flight: Flight) -> None:
        """Start submitting the envelope (its fee bump, if it has one) now."""
        self._pending[self._executor().submit(flight.network.client.submit_async, signed(flight))] = flight

    def __len__(self) -> int:
        return len(self._pending)

    def answers(self) -> Iterator[tuple[Flight, SubmitReply]]:
        """Each envelope with the ledger's answer on receipt, as the answers come."""
        pending, self._pending = self._pending, {}
        for answered in as_completed(pending):
            yield pending[answered], answered.result()


class Receipts:
    """Records the ledger's answer on receipt to every envelope a pass submitted.

    Nothing here waits for a ledger: the ledger answers on receipt (queued, or refused), and a
    queued envelope is followed by hash in a later pass, so one stuck envelope holds up no other.
    """

    def __init__(self, ctx: Context, view: LedgerView, bidder: Bidder, queued: QueuedEnvelopes) -> None:
        self.ctx = ctx
        self.view = view
        self.bidder = bidder
        self.queued = queued

    def record_answers(self, flights: Submissions) -> Delays:
        """Record the answer to every envelope in `flights`, as the answers come; return when each transfer is due."""
        delays: Delays = {}
        for flight, reply in flights.answers():
            self.ctx.hook("after_submit")
            delays.update(guard(self.ctx, flight.transfer_ids, partial(self._after_submit, flight, reply)))
        return delays

    def _after_submit(self, flight: Flight, reply: SubmitReply) -> Delays:
        """A queued envelope is followed once the next ledger closes; one refused for its fee is bumped at once.

        Any other answer is recorded.
        """
        ctx = self.ctx
        envelopes.mark_submitted(flight.attempt.id, ctx.clock())
        tip = self.view.known(flight.network.environment)
        ledger = tip.sequence if tip is not None else 0
        if _refused_for_fee(reply) and self.bidder.bump(flight, ledger, reply.fee_hint):
            reply = flight.network.client.submit_async(signed(flight))
            envelopes.mark_submitted(flight.attempt.id, ctx.clock())
        poll = ctx.settings.poll_seconds
        if reply.queued:
            self.queued.remember(flight.attempt.id, ledger)
            COUNTERS["queued"] += 1
            return dict.fromkeys(flight.transfer_ids, self.view.follow_delay(flight.network, poll))
        self.queued.forget(flight.attempt.id)
        outcome = classify_reply(reply)
        delays = record(ctx, flight, outcome, proven_applied=reply.applied)
        if outcome.kind is not Kind.PENDING:
            return delays
        # Nothing learnt, and only a close can change that: look again just after the next one, not
        # after a backoff that grows with every submission. Our own envelope resubmitted just after
        # its ledger applied it is answered tx_bad_seq, and W4's stragglers waited 60 s for the lookup
        # that finds it (N13).
        soon = self.view.follow_delay(flight.network, poll)
        return {transfer_id: delay if delay is None else min(delay, soon) for transfer_id, delay in delays.items()}


def _refused_for_fee(reply: SubmitReply) -> bool:
    """Refused on receipt in a way a higher bid overcomes.

    `tx_insufficient_fee`: the queue is full of higher bids (the hint says how high).
    `TRY_AGAIN_LATER`: the queue dropped or evicted this very envelope and bans its hash for a
    while; a fee bump has a hash of its own.
    """
    return reply.tx_code == "tx_insufficient_fee" or reply.try_again_later
