"""What settlement bids: a percentile of what the ledger recently charged, capped; raised by fee bumps.

When the ledgers are busy (surge pricing, CAP-5) the charged fee hides what others bid: stellar-core
fills a ledger with the highest bids per operation and charges every transaction in it the lowest
bid it took. So a busy ledger's bid also goes one stroop above the rivals' bids at the percentile
(`max_fee`), which costs nothing but the clearing price, and never above our own bids: a percentile
that only our own envelopes made shows no rival to beat (decision N11).

A bid is raised by wrapping the same stored, signed envelope in a fee-bump transaction (CAP-15):
the inner hash and sequence number stay what they were, so the inner payment can still apply
only once and exactly-once is untouched. Nothing is rebuilt for a fee.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from stellar_sdk import Keypair, TransactionBuilder, TransactionEnvelope, xdr

PERCENTILES = ("p10", "p20", "p30", "p40", "p50", "p60", "p70", "p80", "p90", "p95", "p99")


@dataclass(frozen=True)
class FeeBump:
    """A signed fee-bump envelope: its own hash, its total fee in stroops, its XDR."""

    tx_hash: str
    fee: int
    envelope_xdr: str


def bid_per_op(
    fee_stats: Mapping[str, Any],
    percentile: str,
    base_fee: int,
    max_fee: int,
    ours: Collection[int] = (),
    surge_usage: Decimal | None = None,
) -> int:
    """Horizon's ``fee_charged`` at ``percentile``, at least ``base_fee``, at most ``max_fee``.

    From ``surge_usage`` of the recent ledgers' capacity up, at least `rival_bid` too: ``ours`` are
    the rates per operation that our own recent envelopes and fee bumps bid.
    """
    if percentile not in PERCENTILES:
        raise ValueError(f"fee percentile must be one of {', '.join(PERCENTILES)}, not {percentile!r}")
    rate = int(fee_stats["fee_charged"][percentile])
    if surge_usage is not None and Decimal(fee_stats["ledger_capacity_usage"]) >= surge_usage:
        rate = max(rate, rival_bid(fee_stats["max_fee"], percentile, ours))
    return max(base_fee, min(max_fee, rate))


def rival_bid(bids: Mapping[str, str], percentile: str, ours: Collection[int]) -> int:
    """One stroop above the lowest bid from ``percentile`` up that is not one of ours, else our highest there.

    Ours are passed over, not beaten: outbidding our own envelopes would only raise every bid a
    stroop a ledger. Where every bid from the percentile up is ours, the highest of them holds:
    it is what has been getting in.
    """
    held = 0
    for name in PERCENTILES[PERCENTILES.index(percentile) :]:  # ascending, as percentiles are
        held = int(bids[name])
        if held not in ours:
            return held + 1
    return held


def top_rival(bids: Mapping[str, str], ours: Collection[int]) -> int:
    """The highest recent bid per operation that is not one of ours (0 when every one is ours)."""
    values = (int(bids[name]) for name in (*PERCENTILES, "max"))
    return max((value for value in values if value not in ours), default=0)


def fee_hint(result_xdr: str) -> int | None:
    """The total fee a ``tx_insufficient_fee`` answer says would have got in (core's ``feeCharged``)."""
    result = xdr.TransactionResult.from_xdr(result_xdr)
    if result.result.code != xdr.TransactionResultCode.txINSUFFICIENT_FEE:
        return None
    return int(result.fee_charged.int64)


def raised_bid(current_per_op: int, ops: int, hint: int | None, market_per_op: int, max_fee: int) -> int | None:
    """The next bid per operation: above the current one, at least the hint's rate and the market's.

    None when the cap leaves no room to raise: the envelope then waits at its bid.
    """
    hinted = -(-hint // max(ops, 1)) if hint else 0
    wanted = max(current_per_op + 1, hinted, market_per_op)
    bid = min(wanted, max_fee)
    return bid if bid > current_per_op else None


def build_fee_bump(inner_xdr: str, fee_source: Keypair, fee_per_op: int, network_passphrase: str) -> FeeBump:
    """Wrap the stored envelope, unchanged, in a fee bump paid and signed by ``fee_source``.

    stellar-sdk charges ``fee_per_op`` on one operation more than the inner transaction, as CAP-15 counts.
    """
    inner = TransactionEnvelope.from_xdr(inner_xdr, network_passphrase)
    bump = TransactionBuilder.build_fee_bump_transaction(fee_source.public_key, fee_per_op, inner, network_passphrase)
    bump.sign(fee_source)
    return FeeBump(bump.hash_hex(), int(bump.transaction.fee), bump.to_xdr())
