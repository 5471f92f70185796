"""The TKN a Completed transfer's ledger transaction paid it, read from the ledger by hash, for `reconcile`."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from stellar_sdk.operation import Payment

from services.accounts.reconcile import BeyondHistory, CannotCheck, PaidLookup
from services.settlement.envelopes import applied_envelope
from services.settlement.ledger_api import LedgerUnavailable
from services.settlement.ledger_errors import unanswered
from services.settlement.settings import SettlementNetwork, networks_from_config
from storage.models import SettlementAttempt, SettlementPayment, Transfer


def _op_index(transfer_id: uuid.UUID, tx_hash: str) -> int | None:
    row = (
        SettlementPayment.select(SettlementPayment.op_index)
        .join(SettlementAttempt)
        .where((SettlementPayment.transfer == transfer_id) & (SettlementAttempt.tx_hash == tx_hash))
        .first()
    )
    return None if row is None else int(row.op_index)


def _applied_in(tx_hash: str) -> int:
    """The ledger our records say the envelope was applied in (0 when they do not say)."""
    query = SettlementAttempt.select(SettlementAttempt.ledger_sequence)
    row = query.where(SettlementAttempt.tx_hash == tx_hash).first()
    return int(row.ledger_sequence or 0) if row is not None else 0


def paid_by(networks: Mapping[str, SettlementNetwork], problems: Mapping[str, str] | None = None) -> PaidLookup:
    """A lookup that asks each environment's ledger, one request per transaction hash.

    A ledger that does not answer, or an environment not configured here (`problems` says why),
    raises CannotCheck: only an answering ledger can say a payment is not there.
    """

    @functools.lru_cache(maxsize=256)
    def payments(environment: str, tx_hash: str) -> tuple[tuple[str, str, Decimal], ...] | None:
        network = networks.get(environment)
        if network is None:
            why = (problems or {}).get(environment, "not configured")
            raise CannotCheck(f"the {environment} ledger is not configured here ({why})")
        try:
            lookup = network.client.find_transaction(tx_hash)
        except LedgerUnavailable as error:
            raise CannotCheck(unanswered(environment, network.client, error)) from None
        found = lookup.found
        if found is None and lookup.history_start > _applied_in(tx_hash):
            raise BeyondHistory(f"ledger {lookup.history_start} is the oldest the {environment} ledger API keeps")
        if found is None or not found.successful or not found.envelope_xdr:
            return None
        # A fee-bumped payment is found by its inner hash, but the ledger holds the bump's envelope.
        ops = applied_envelope(found.envelope_xdr, network.network_passphrase).transaction.operations
        return tuple(
            (op.destination.account_id, op.asset.code, Decimal(op.amount))
            if isinstance(op, Payment)
            else ("", "", Decimal(0))
            for op in ops
        )

    def paid(transfer_id: uuid.UUID, tx_hash: str, environment: str) -> Decimal | None:
        ops = payments(environment, tx_hash)
        index = _op_index(transfer_id, tx_hash)
        if ops is None or index is None or index >= len(ops):
            return None
        destination, code, amount = ops[index]
        transfer = Transfer.get_by_id(transfer_id)
        if destination != transfer.destination_account or code != networks[environment].asset.code:
            return None
        return amount

    return paid


def paid_lookup_from_config(config: Mapping[str, Any]) -> PaidLookup:
    """`paid_by` over the networks the configuration names (an unconfigured one cannot be checked)."""
    networks, problems = networks_from_config(config)
    return paid_by(networks, problems)
