"""Other people's traffic as the transactions it is: signed payment envelopes from accounts of their own.

On the real network the transactions that outbid ours are listed with ours, by Horizon's
`/ledgers/{seq}/transactions` and RPC's `getTransactions`, so a reader sees their bids. The
sandbox does not model those accounts' state (no entries, no balances): it only writes the
transactions a ledger applied for them. Building each envelope with the SDK would take ~20 ms
for 100 operations, so each source keeps one transaction body and only its sequence number
changes from ledger to ledger.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any, TypeVar

import peewee
from stellar_sdk import Asset, Keypair, Network, xdr
from stellar_sdk.operation import Payment

from ledger.models import GENESIS_LEDGER, TransactionRecord
from ledger.results import OpResult, TxResult

PAYMENT_AMOUNT = "1"

T = TypeVar("T")
JSONDict = dict[str, Any]


@dataclass(frozen=True)
class BackgroundTransaction:
    """One background transaction as applied: its hash, source, sequence number and envelope."""

    hash: str
    source: str
    sequence: int
    ops: int
    bid: int
    envelope_xdr: str


class BackgroundAccounts:
    """The background's source accounts: the n-th transaction of a ledger comes from the n-th account.

    Their keys are derived from the passphrase, so a restarted server signs for the same accounts
    and carries on their sequence numbers (read once from the history, then counted here).
    """

    def __init__(self, passphrase: str) -> None:
        self.passphrase = passphrase
        self._network_id = Network(passphrase).network_id()
        self._keypairs: list[Keypair] = []
        self._sequences: dict[str, int] = {}
        self._bodies: dict[tuple[int, int, int], xdr.Transaction] = {}

    def keypair(self, index: int) -> Keypair:
        """The index-th background account."""
        while len(self._keypairs) <= index:
            seed = hashlib.sha256(f"{self.passphrase}:background:{len(self._keypairs)}".encode()).digest()
            self._keypairs.append(Keypair.from_raw_ed25519_seed(seed))
        return self._keypairs[index]

    def transaction(self, index: int, ops: int, bid: int) -> BackgroundTransaction:
        """The index-th account's next transaction: `ops` payments bidding `bid` in all, signed."""
        keypair = self.keypair(index)
        source = keypair.public_key
        sequence = self._next_sequence(source)
        body = self._body(index, ops, bid)
        body.seq_num = xdr.SequenceNumber(xdr.Int64(sequence))
        payload = xdr.TransactionSignaturePayload(
            network_id=xdr.Hash(self._network_id),
            tagged_transaction=xdr.TransactionSignaturePayloadTaggedTransaction(
                type=xdr.EnvelopeType.ENVELOPE_TYPE_TX, tx=body
            ),
        )
        tx_hash = hashlib.sha256(payload.to_xdr_bytes()).digest()
        signature = xdr.DecoratedSignature(
            hint=xdr.SignatureHint(keypair.signature_hint()), signature=xdr.Signature(keypair.sign(tx_hash))
        )
        envelope = xdr.TransactionEnvelope(
            xdr.EnvelopeType.ENVELOPE_TYPE_TX, v1=xdr.TransactionV1Envelope(body, [signature])
        )
        return BackgroundTransaction(tx_hash.hex(), source, sequence, ops, bid, envelope.to_xdr())

    def _next_sequence(self, source: str) -> int:
        last = self._sequences.get(source)
        if last is None:
            used = (
                TransactionRecord.select(peewee.fn.MAX(TransactionRecord.source_account_sequence))
                .where(TransactionRecord.source_account == source)
                .scalar()
            )
            # Created in the genesis ledger, as if funded before the sandbox's history starts.
            last = int(used) if used is not None else GENESIS_LEDGER << 32
        self._sequences[source] = last + 1
        return last + 1

    def _body(self, index: int, ops: int, bid: int) -> xdr.Transaction:
        """The transaction body, built once per account, size and bid: each pays the next account."""
        key = (index, ops, bid)
        if key not in self._bodies:
            payment = Payment(self.keypair(index + 1).public_key, Asset.native(), PAYMENT_AMOUNT)
            operation = payment.to_xdr_object()
            self._bodies[key] = xdr.Transaction(
                source_account=self.keypair(index).xdr_muxed_account(),
                fee=xdr.Uint32(bid),
                seq_num=xdr.SequenceNumber(xdr.Int64(0)),
                cond=xdr.Preconditions(xdr.PreconditionType.PRECOND_NONE),
                memo=xdr.Memo(xdr.MemoType.MEMO_NONE),
                operations=[operation] * ops,
                ext=xdr.TransactionExt(0),
            )
        return self._bodies[key]


@lru_cache(maxsize=64)
def _success(ops: int, fee_charged: int) -> tuple[str, str]:
    """A successful result of `ops` payments charged `fee_charged`: its XDR and Horizon's result codes."""
    result = TxResult("tx_success", fee_charged, [OpResult(xdr.OperationType.PAYMENT)] * ops)
    return result.to_xdr(), json.dumps(result.result_codes())


def record_row(tx: BackgroundTransaction, ledger: int, created_at: datetime, order: int, fee_charged: int) -> JSONDict:
    """The `TransactionRecord` columns of a background transaction applied, successfully, in `ledger`."""
    result_xdr, result_codes = _success(tx.ops, fee_charged)
    return {
        "hash": tx.hash,
        "ledger": ledger,
        "application_order": order,
        "created_at": created_at,
        "source_account": tx.source,
        "source_account_sequence": tx.sequence,
        "fee_account": tx.source,
        "fee_charged": fee_charged,
        "max_fee": tx.bid,
        "operation_count": tx.ops,
        "successful": True,
        "envelope_xdr": tx.envelope_xdr,
        "result_xdr": result_xdr,
        "result_codes": result_codes,
        "inner_hash": None,
    }


def interleaved(ours: list[T], background: list[BackgroundTransaction]) -> list[T | BackgroundTransaction]:
    """Ours in their order, each background transaction slotted among them by its hash.

    stellar-core applies a ledger's set shuffled by hash; ours keep their order here so that a
    ledger without background traffic applies as before, and the slots, drawn from the hashes,
    are as arbitrary and as repeatable as core's shuffle.
    """
    slots: dict[int, list[BackgroundTransaction]] = {}
    for tx in sorted(background, key=lambda tx: tx.hash):
        slots.setdefault(int(tx.hash[:8], 16) % (len(ours) + 1), []).append(tx)
    merged: list[T | BackgroundTransaction] = []
    for position, item in enumerate(ours):
        merged.extend(slots.get(position, []))
        merged.append(item)
    merged.extend(slots.get(len(ours), []))
    return merged
