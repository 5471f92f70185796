"""A submitted envelope as stellar-core sees it: a transaction, or a fee bump around one (CAP-15)."""

from __future__ import annotations

from dataclasses import dataclass

from stellar_sdk import FeeBumpTransactionEnvelope, TransactionEnvelope


class MalformedEnvelope(ValueError):
    """The submitted ``tx`` is not a transaction envelope this ledger can decode."""


@dataclass(frozen=True)
class Frame:
    """One envelope: ``inner`` is the transaction whose sequence number and operations apply.

    For a fee bump, ``hash`` is the fee bump's own hash and ``inner_hash`` the wrapped
    transaction's, which stays what it was before the bump.
    """

    hash: str
    envelope_xdr: str
    inner: TransactionEnvelope
    fee_bump: FeeBumpTransactionEnvelope | None = None

    @property
    def inner_hash(self) -> str | None:
        """The wrapped transaction's hash, for a fee bump only."""
        return self.inner.hash_hex() if self.fee_bump is not None else None

    @property
    def signed_hash(self) -> bytes:
        """The hash the inner transaction's signatures sign: its own hash, without serializing it again."""
        return bytes.fromhex(self.inner_hash if self.inner_hash is not None else self.hash)

    @property
    def source_id(self) -> str:
        """The sequence-number source."""
        return str(self.inner.transaction.source.account_id)

    @property
    def fee_source_id(self) -> str:
        """The account that pays the fee: the fee bump's fee source, else the transaction source."""
        if self.fee_bump is not None:
            return str(self.fee_bump.transaction.fee_source.account_id)
        return self.source_id

    @property
    def op_count(self) -> int:
        """Operations applied."""
        return len(self.inner.transaction.operations)

    @property
    def fee_ops(self) -> int:
        """Operations the fee is counted on; a fee bump counts as one more (stellar-core's getNumOperations)."""
        return self.op_count + (1 if self.fee_bump is not None else 0)

    @property
    def bid(self) -> int:
        """The most this envelope pays, in stroops."""
        if self.fee_bump is not None:
            return int(self.fee_bump.transaction.fee)
        return int(self.inner.transaction.fee)

    @property
    def sequence(self) -> int:
        """The inner transaction's sequence number."""
        return int(self.inner.transaction.sequence)


def parse_frame(envelope_xdr: str, passphrase: str) -> Frame:
    """Decode a base64 envelope; the passphrase only affects the hashes signatures are checked on."""
    try:
        if FeeBumpTransactionEnvelope.is_fee_bump_transaction_envelope(envelope_xdr):
            bump = FeeBumpTransactionEnvelope.from_xdr(envelope_xdr, passphrase)
            return Frame(bump.hash_hex(), envelope_xdr, bump.transaction.inner_transaction_envelope, bump)
        envelope = TransactionEnvelope.from_xdr(envelope_xdr, passphrase)
    except Exception as exc:
        raise MalformedEnvelope(str(exc)) from exc
    return Frame(envelope.hash_hex(), envelope_xdr, envelope)


def rate_compare(bid: int, ops: int, other_bid: int, other_ops: int) -> int:
    """-1, 0 or 1 as ``bid/ops`` is below, equal to or above ``other_bid/other_ops`` (feeRate3WayCompare)."""
    left, right = bid * max(other_ops, 1), other_bid * max(ops, 1)
    return (left > right) - (left < right)


def better_fee(reference_bid: int, reference_ops: int, ops: int) -> int:
    """The smallest bid for ``ops`` operations that beats ``reference_bid`` for ``reference_ops`` (computeBetterFee)."""
    return reference_bid * ops // max(reference_ops, 1) + 1
