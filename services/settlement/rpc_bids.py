"""Fee statistics on Stellar RPC in the shape the bidder reads, and the rivals' bids read from transactions.

getFeeStats reports only fees charged; the bids the worker must outbid come from the envelopes
of the ledgers' transactions (`RpcLedgerClient.fee_stats`, decision Z9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from stellar_sdk import MuxedAccount, StrKey, xdr

from services.settlement.fees import PERCENTILES

# Below this fee per operation no ledger charges; above it, a ledger was surge-priced (CAP-5).
NETWORK_BASE_FEE = 100


def horizon_fee_stats(inclusion_fee: dict[str, Any], bids: Sequence[int] = ()) -> dict[str, Any]:
    """getFeeStats' `inclusionFee` (fee charged per operation, by percentile) in Horizon's `/fee_stats` shape.

    RPC reports fees charged only, not what was bid, nor capacity use. `bids` are the bids per
    operation of the other people's transactions in the ledgers the scans read lately: `max_fee` is their
    distribution, and a ledger is taken as full when any recent one charged above the network's
    base fee, which only a surge-priced ledger does, or included a bid above it (decision Z9).
    With no bids known, `max_fee` repeats the fees charged.
    """
    charged = {name: str(inclusion_fee[name]) for name in (*PERCENTILES, "min", "max", "mode")}
    busy = int(inclusion_fee["max"]) > NETWORK_BASE_FEE or any(bid > NETWORK_BASE_FEE for bid in bids)
    return {
        "fee_charged": charged,
        "max_fee": bid_distribution(bids) if bids else dict(charged),
        "ledger_capacity_usage": "1.0" if busy else "0.0",
        "last_ledger_base_fee": str(NETWORK_BASE_FEE),
    }


def bid_distribution(bids: Sequence[int]) -> dict[str, str]:
    """Bids per operation as stellar-rpc distributes fees: nearest-rank percentiles, the mode (ties: the smallest)."""
    ordered = sorted(bids)
    counts = Counter(ordered)
    found = {"max": str(ordered[-1]), "min": str(ordered[0]), "mode": str(max(counts, key=lambda b: (counts[b], -b)))}
    for name in PERCENTILES:
        found[name] = str(ordered[-(-int(name[1:]) * len(ordered) // 100) - 1])
    return found


def bid_per_operation(envelope: xdr.TransactionEnvelope) -> int:
    """A transaction's fee bid over its operations; a fee bump's outer fee over one operation more (CAP-15)."""
    if envelope.fee_bump is not None:
        bump = envelope.fee_bump.tx
        inner = bump.inner_tx.v1
        assert inner is not None
        return int(bump.fee.int64) // (len(inner.tx.operations) + 1)
    if envelope.v1 is not None:
        return int(envelope.v1.tx.fee.uint32) // max(len(envelope.v1.tx.operations), 1)
    assert envelope.v0 is not None
    return int(envelope.v0.tx.fee.uint32) // max(len(envelope.v0.tx.operations), 1)


def envelope_accounts(envelope: xdr.TransactionEnvelope) -> set[str]:
    """The accounts a transaction is from: its source and, for a fee bump, the inner source and the fee source."""
    if envelope.fee_bump is not None:
        bump = envelope.fee_bump.tx
        inner = bump.inner_tx.v1
        assert inner is not None
        return {_account_id(bump.fee_source), _account_id(inner.tx.source_account)}
    if envelope.v1 is not None:
        return {_account_id(envelope.v1.tx.source_account)}
    assert envelope.v0 is not None
    return {StrKey.encode_ed25519_public_key(envelope.v0.tx.source_account_ed25519.uint256)}


def _account_id(account: xdr.MuxedAccount) -> str:
    """The G... account behind a (possibly muxed) account."""
    return str(MuxedAccount.from_xdr_object(account).account_id)
