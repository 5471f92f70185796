"""A ledger client that, at every submission, checks the envelope is already stored: inner hash, and fee bump's hash."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from stellar_sdk import FeeBumpTransactionEnvelope, TransactionEnvelope

from services.settlement.ledger_api import (
    LedgerClient,
    LedgerTip,
    LedgerTransactions,
    Lookup,
    SequenceRead,
    SubmitReply,
)
from services.settlement.worker import Settler
from storage.database import database
from storage.models import SettlementAttempt


@dataclass(frozen=True)
class Submitted:
    """One submission as the ledger received it, and what the store held at that moment."""

    tx_hash: str  # the inner transaction's
    bump_hash: str | None  # the fee bump's, when the submission was one
    stored: bool  # an open envelope row held these hashes and this very XDR


@dataclass
class StoredBeforeSent:
    """Delegates to `inner`; records, for each submission, whether its hashes were committed first."""

    inner: LedgerClient
    passphrase: str
    submitted: list[Submitted] = field(default_factory=list)

    def latest_ledger(self) -> LedgerTip:
        return self.inner.latest_ledger()

    def account_sequence(self, account_id: str) -> SequenceRead:
        return self.inner.account_sequence(account_id)

    def find_transaction(self, tx_hash: str) -> Lookup:
        return self.inner.find_transaction(tx_hash)

    def ledger_transactions(self, first: int, last: int) -> LedgerTransactions:
        return self.inner.ledger_transactions(first, last)

    def fee_stats(self) -> dict[str, Any]:
        return self.inner.fee_stats()

    def asset_balance(self, account_id: str, asset_code: str, issuer: str) -> Decimal | None:
        return self.inner.asset_balance(account_id, asset_code, issuer)

    def receiving_problems(self, account_ids: Sequence[str], asset_code: str, issuer: str) -> dict[str, str | None]:
        return self.inner.receiving_problems(account_ids, asset_code, issuer)

    def submit_async(self, envelope_xdr: str) -> SubmitReply:
        self.submitted.append(self._as_stored(envelope_xdr))
        return self.inner.submit_async(envelope_xdr)

    def _as_stored(self, envelope_xdr: str) -> Submitted:
        bump_hash: str | None = None
        if FeeBumpTransactionEnvelope.is_fee_bump_transaction_envelope(envelope_xdr):
            bump = FeeBumpTransactionEnvelope.from_xdr(envelope_xdr, self.passphrase)
            bump_hash = bump.hash_hex()
            tx_hash = bump.transaction.inner_transaction_envelope.hash_hex()
        else:
            tx_hash = TransactionEnvelope.from_xdr(envelope_xdr, self.passphrase).hash_hex()
        with database.connection_context():  # the submitting thread's own connection: sees only what is committed
            row = SettlementAttempt.get_or_none(SettlementAttempt.tx_hash == tx_hash)
        if row is None or row.outcome is not None:
            return Submitted(tx_hash, bump_hash, stored=False)
        if bump_hash is None:
            stored = row.envelope_xdr == envelope_xdr
        else:
            stored = row.bump_hash == bump_hash and row.bump_xdr == envelope_xdr
        return Submitted(tx_hash, bump_hash, stored)


def check_submissions(settler: Settler) -> list[Submitted]:
    """Make every submission of the worker check the store first; the list fills as it submits."""
    submitted: list[Submitted] = []
    for environment, network in settler.networks.items():
        client = StoredBeforeSent(network.client, network.network_passphrase, submitted)
        settler.networks[environment] = replace(network, client=client)
    return submitted
