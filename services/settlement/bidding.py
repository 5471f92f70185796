"""What a worker bids: the market's rate for a new envelope, and fee bumps for a stuck one.

A new envelope bids the `SETTLEMENT_FEE_PERCENTILE` of what the ledger charged in its last
ledgers (`fee_stats`, read at most once a ledger), on busy ledgers at least one stroop above the
rivals' bids at that percentile (fees.py, decision N11), never below the fee its attempt number
earns and never above `SETTLEMENT_MAX_FEE`. An envelope refused for its fee (`tx_insufficient_fee`) or
queued past RESUBMIT_AFTER_LEDGERS without being applied is raised by a fee bump around the same
stored envelope (fees.py): nothing is rebuilt, so exactly-once is untouched.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from services.settlement.envelopes import fee_for
from services.settlement.fees import bid_per_op, build_fee_bump, raised_bid, rival_bid, top_rival
from services.settlement.ledger_api import LedgerUnavailable
from services.settlement.recording import COUNTERS, Flight
from services.settlement.settings import SettlementNetwork, SettlementSettings
from storage import envelopes
from telemetry.metrics import FEE_BUMPS

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Market:
    """What one read of `fee_stats` said: the rate to bid, the rivals' bids to beat, the highest that was not ours."""

    ledger: int  # the tip it was read at
    rate: int  # per operation
    top_rival: int | None  # None: not known (the ledger could not say)
    rival: int = 0  # one stroop above the rivals' bid at the percentile (`rival_bid`); 0: not known


class Bidder:
    """One worker's bids; remembers the market per environment for the ledger it was read at."""

    def __init__(self, settings: SettlementSettings) -> None:
        self.settings = settings
        self._market: dict[str, Market] = {}

    def market(self, network: SettlementNetwork, ledger: int) -> int:
        """The configured percentile of recent fees per operation (and of rivals' bids when busy), within the cap."""
        return self._read(network, ledger).rate

    def _read(self, network: SettlementNetwork, ledger: int) -> Market:
        """Read once per ledger; a ledger that cannot say (LedgerUnavailable) leaves the last rate, or the base fee."""
        known = self._market.get(network.environment)
        if known is not None and known.ledger >= ledger:
            return known
        settings = self.settings
        try:
            stats = network.client.fee_stats()
            ours = envelopes.recent_bids(network.channel_ids)
            rate = bid_per_op(
                stats, settings.fee_percentile, settings.base_fee, settings.max_fee, ours, settings.surge_usage
            )
            bids = stats["max_fee"]
            found = Market(ledger, rate, top_rival(bids, ours), rival_bid(bids, settings.fee_percentile, ours))
        except LedgerUnavailable:
            found = Market(ledger, known.rate if known is not None else settings.base_fee, None)
        self._market[network.environment] = found
        return found

    def new_envelope(self, network: SettlementNetwork, ledger: int, attempt_number: int) -> int:
        """The fee per operation of a new envelope: the market's, or more for a rebuilt one, capped."""
        settings = self.settings
        doubled = fee_for(attempt_number, settings.base_fee, settings.max_fee)
        return min(settings.max_fee, max(doubled, self.market(network, ledger)))

    def bump(self, flight: Flight, ledger: int, hint: int | None, stuck: bool = False) -> bool:
        """Store a fee bump above the envelope's current bid (and the hint's); False when the cap allows none.

        `stuck`: queued, yet ledgers closed without it. Such an envelope is raised only while some
        rival bid above it in the recent ledgers: when none did, what holds it back is our own
        envelopes ahead of it, and a raise would only reorder them, at stellar-core's tenfold
        replace-by-fee (decision N13). While one did, the raise goes at once to one stroop above
        the rivals' bid at the percentile (`rival_bid`), busy ledgers or not: one stroop a bump
        would take a ledger per stroop. The bump is stored before it is submitted, like the
        envelope itself; the flight's envelope then carries it, so the caller submits the bump.
        """
        attempt, network = flight.attempt, flight.network
        ops = attempt.op_count
        bump_fee: int | None = attempt.bump_fee
        bumped = bump_fee is not None
        current = bump_fee // (ops + 1) if bump_fee is not None else int(attempt.fee) // ops
        market = self._read(network, ledger)
        wanted = market.rate
        if stuck:
            if market.top_rival is not None and market.top_rival <= current:
                return False
            wanted = max(wanted, market.rival)
        # The hint is the total fee for the transaction that was refused: the bump counts one operation more.
        bid = raised_bid(current, ops + 1 if bumped else ops, hint, wanted, self.settings.max_fee)
        channel = next((c for c in network.channels if c.public_key == attempt.channel_account), None)
        if bid is None or channel is None:
            return False
        bump = build_fee_bump(attempt.envelope_xdr, channel, bid, network.network_passphrase)
        if not envelopes.store_fee_bump(attempt.id, bump.tx_hash, bump.fee, bump.envelope_xdr):
            return False
        attempt.bump_hash, attempt.bump_fee, attempt.bump_xdr = bump.tx_hash, bump.fee, bump.envelope_xdr
        COUNTERS["fee_bumps"] += 1
        FEE_BUMPS.labels(network.environment).inc()
        log.info(
            "fee bump %s around envelope %s: %d stroops per operation (was %d)",
            bump.tx_hash,
            attempt.tx_hash,
            bid,
            current,
            extra={"tx_hash": attempt.tx_hash, "bump_hash": bump.tx_hash},
        )
        return True
