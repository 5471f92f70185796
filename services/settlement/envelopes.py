"""Building bounded, signed payment envelopes, and deciding when a bound has passed."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from stellar_sdk import Account, Asset, FeeBumpTransactionEnvelope, Keypair, TransactionBuilder, TransactionEnvelope
from stellar_sdk.operation import Payment

from services.settlement.ledger_api import LedgerTip

MAX_OPS = 100  # operations per Stellar transaction


@dataclass(frozen=True)
class Bounds:
    """The envelope is valid only in ledgers from `min_ledger`, below `max_ledger`, closing at or before `max_time`.

    `min_ledger` is the latest ledger when the envelope was built, which every later ledger passes:
    it costs nothing, and it says from which ledger on a lookup's history must reach (expiry.py).
    """

    max_ledger: int
    max_time: int
    min_ledger: int = 0


@dataclass(frozen=True)
class SignedEnvelope:
    """A signed transaction, ready to be stored and then submitted."""

    envelope_xdr: str
    tx_hash: str
    sequence: int
    fee: int
    bounds: Bounds


@dataclass(frozen=True)
class PaymentOrder:
    """What one transfer pays."""

    destination: str
    amount_tkn: Decimal
    memo: str | None


def bounds_from(tip: LedgerTip, ledger_bound: int, time_bound_seconds: int) -> Bounds:
    """Bounds counted from the ledger's own latest ledger and clock, not ours."""
    return Bounds(
        max_ledger=tip.sequence + ledger_bound, max_time=tip.closed_at + time_bound_seconds, min_ledger=tip.sequence
    )


def build_payments(
    orders: list[PaymentOrder],
    asset: Asset,
    channel: Keypair,
    channel_sequence: int,
    distribution: Keypair,
    network_passphrase: str,
    fee_per_op: int,
    bounds: Bounds,
) -> SignedEnvelope:
    """One envelope paying every order, operation i for orders[i].

    The channel is the transaction source (sequence, fee); the distribution account is each
    payment's source. A transaction has one memo, so every order must carry the same memo.
    """
    if not 1 <= len(orders) <= MAX_OPS:
        raise ValueError(f"an envelope carries 1 to {MAX_OPS} payments, not {len(orders)}")
    memos = {order.memo or None for order in orders}
    if len(memos) != 1:
        raise ValueError("payments with different memos cannot share an envelope")
    builder = TransactionBuilder(Account(channel.public_key, channel_sequence), network_passphrase, base_fee=fee_per_op)
    for order in orders:
        builder.append_operation(Payment(order.destination, asset, order.amount_tkn, source=distribution.public_key))
    (memo,) = memos
    if memo:
        builder.add_text_memo(memo)
    builder.add_time_bounds(0, bounds.max_time)
    builder.set_ledger_bounds(bounds.min_ledger, bounds.max_ledger)
    envelope = builder.build()
    # Hashed once: the SDK's `sign` and `hash_hex` each serialize the transaction again, which for
    # 100 payments was most of the time a backlog took to build after a funding outage (issue 33).
    tx_hash = envelope.hash()
    envelope.signatures.extend(signer.sign_decorated(tx_hash) for signer in (channel, distribution))
    return SignedEnvelope(
        envelope_xdr=envelope.to_xdr(),
        tx_hash=tx_hash.hex(),
        sequence=envelope.transaction.sequence,
        fee=envelope.transaction.fee,
        bounds=bounds,
    )


def bound_passed(bounds: Bounds, tip: LedgerTip, margin_ledgers: int) -> bool:
    """True once no ledger can include the envelope any more, plus a margin for Horizon lag.

    A ledger numbered `max_ledger` or later, or closing after `max_time`, rejects the envelope;
    both are judged on the ledger's own numbers, so our clock plays no part.
    """
    ledger_passed = tip.sequence >= bounds.max_ledger - 1 + margin_ledgers
    time_passed = tip.closed_at > bounds.max_time
    return ledger_passed or time_passed


def last_possible_ledger(bounds: Bounds, tip: LedgerTip) -> int:
    """The last ledger that could include an envelope with these bounds, given that `tip` has closed.

    Ledgers from `max_ledger` on refuse it; so does every ledger from `tip` on once `tip` closed
    after `max_time`, because close times never go backwards.
    """
    last = bounds.max_ledger - 1
    if tip.closed_at > bounds.max_time:
        last = min(last, tip.sequence - 1)
    return last


def first_possible_ledger(envelope_xdr: str, passphrase: str) -> int:
    """The first ledger that could include the stored envelope: its `min_ledger`, else ledger 1 (no lower bound)."""
    preconditions = applied_envelope(envelope_xdr, passphrase).transaction.preconditions
    bounds = preconditions.ledger_bounds if preconditions is not None else None
    return max(1, bounds.min_ledger if bounds is not None else 0)


def fee_for(attempt_number: int, base_fee: int, max_fee: int) -> int:
    """Per-operation fee: doubled for each rebuild, capped at the configured maximum."""
    return int(min(max_fee, base_fee * (2 ** max(attempt_number - 1, 0))))


def applied_envelope(envelope_xdr: str, passphrase: str) -> TransactionEnvelope:
    """The envelope whose operations an applied transaction carried: a fee bump's inner one, or itself.

    A worker that bumps a queued envelope's fee gets it applied inside the bump's envelope, so a
    ledger's record of applied transactions holds both kinds.
    """
    if FeeBumpTransactionEnvelope.is_fee_bump_transaction_envelope(envelope_xdr):
        bump = FeeBumpTransactionEnvelope.from_xdr(envelope_xdr, passphrase)
        return bump.transaction.inner_transaction_envelope
    return TransactionEnvelope.from_xdr(envelope_xdr, passphrase)
