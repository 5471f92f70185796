"""Building and storing new envelopes: lease a channel, build and sign one bounded envelope, store it, submit it.

The envelope is committed (its hash, channel, sequence number, fee, bounds and every transfer it
pays) before it is first submitted, so a worker that dies after signing leaves an open envelope
that the next one follows, never a payment the records do not know (docs/settlement.md).
"""

from __future__ import annotations

import logging
import uuid
from datetime import timedelta

from services.settlement.bidding import Bidder
from services.settlement.envelopes import PaymentOrder, bounds_from, build_payments
from services.settlement.ledger_view import LedgerView
from services.settlement.recording import COUNTERS, Context, Delays, Flight, backoff, blocked
from services.settlement.settings import SettlementNetwork
from services.settlement.submissions import Submissions
from storage import envelopes
from storage import settlement as store
from storage.models import Transfer

log = logging.getLogger(__name__)


class EnvelopeBuilder:
    """One worker's new envelopes; remembers, per pass, whether it found no channel or left an envelope not full."""

    def __init__(self, ctx: Context, view: LedgerView, bidder: Bidder) -> None:
        self.ctx = ctx
        self.view = view
        self.bidder = bidder
        self.handbacks = 0  # passes in a row that found no channel for a new envelope
        self.handed_back = False  # this pass found no channel for some chunk
        self.partial_at: str | None = None  # the environment of this pass's last envelope that was not full

    def new_pass(self) -> None:
        """A pass starts: nothing handed back, no envelope that is not full yet."""
        self.handed_back = False
        self.partial_at = None

    def end_pass(self) -> None:
        """A pass ends: count it among the passes in a row that handed back, or start counting again."""
        self.handbacks = self.handbacks + 1 if self.handed_back else 0

    def send_new(
        self, chunk: list[Transfer], network: SettlementNetwork, flights: Submissions, worker_id: str
    ) -> Delays:
        """Lease a channel, build and sign one envelope for the chunk, store it, and start submitting it."""
        ctx = self.ctx
        settings = ctx.settings
        ids = [t.id for t in chunk]
        now = ctx.clock()
        holder = f"{worker_id}:{uuid.uuid4().hex[:12]}"
        stale_before = now - timedelta(seconds=settings.claim_seconds)
        channel_id = envelopes.lease_channel(network.environment, network.channel_ids, holder, now, stale_before)
        if channel_id is None:
            # Back off: another pass took the channel this one counted; passing again at once
            # would only claim and hand back again. Counted per pass, not per chunk (a pass of ten
            # chunks once waited 2^9 times the base), and never past the next close, when an
            # applied envelope frees a channel: W4's four workers lost whole ledgers waiting (N10).
            COUNTERS["no_free_channel"] += 1
            self.handed_back = True
            delay = min(backoff(settings, self.handbacks + 1), self.view.follow_delay(network, settings.poll_seconds))
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
                blocked(ctx, ids, f"channel account {channel_id} does not exist")
                return dict.fromkeys(ids, settings.retry_max_seconds)
            tip = self.view.tip(network)
            # Bid higher only after envelopes that expired unapplied (a fee reason); an envelope
            # another payee's payment sank is no reason to pay more.
            fee = self.bidder.new_envelope(network, tip.sequence, envelopes.most_expired(ids) + 1)
            signed = build_payments(
                [PaymentOrder(t.destination_account, t.amount_tkn, t.memo) for t in chunk],
                network.asset,
                channel,
                sequence,
                network.distribution,
                network.network_passphrase,
                fee,
                bounds_from(tip, settings.ledger_bound, settings.time_bound_seconds),
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
            attempt = envelopes.store_envelope(ids, worker_id, holder, stored, ctx.clock(), new)
        except Exception:
            envelopes.release_lease(holder)  # only frees it if nothing was stored
            raise
        if attempt is None:
            envelopes.release_lease(holder)
            return dict.fromkeys(ids, settings.poll_seconds)  # lost a claim, or one is open already
        ctx.hook("after_sign")
        if len(chunk) < settings.batch_ops:
            self.partial_at = network.environment
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
        self.view.observe_height(network, read.seen_ledger)
        used = envelopes.highest_used_sequence(channel_id)
        if used is not None and (read.sequence is None or read.sequence < used):
            COUNTERS["stale_sequence_read"] += 1
            return used
        return read.sequence
