"""Looking transfers up for an operator: a filtered list, and one transfer with its history."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from storage.events import events_for
from storage.models import Organization, SettlementAttempt, SettlementPayment, Transfer, TransferEvent

# What a listing shows: never the stored request or answer, which are kilobytes per row.
_LISTED = (
    Transfer.id,
    Transfer.organization,
    Transfer.environment,
    Transfer.state,
    Transfer.created_at,
    Transfer.updated_at,
    Transfer.amount_usd,
    Transfer.message_id,
    Transfer.error_code,
)


@dataclass(frozen=True)
class TransferHistory:
    """A transfer, its state changes, and each envelope that carried its payment."""

    transfer: Transfer
    events: list[TransferEvent]
    payments: list[SettlementPayment]  # each with its `attempt` loaded, oldest first


def list_transfers(
    organization: Organization | None, state: str | None, since: datetime | None, limit: int
) -> list[Transfer]:
    """Transfers, newest first, optionally of one organization, in one state, created at or after `since`.

    Each comes with its organization's name (`transfer.organization.name`, no further query).
    """
    query = Transfer.select(*_LISTED, Organization.name).join(Organization)
    if organization is not None:
        query = query.where(Transfer.organization == organization)
    if state is not None:
        query = query.where(Transfer.state == state)
    if since is not None:
        query = query.where(Transfer.created_at >= since)
    return list(query.order_by(Transfer.created_at.desc(), Transfer.id.desc()).limit(limit))


def transfer_history(transfer_id: uuid.UUID) -> TransferHistory | None:
    """The transfer with its events and envelope attempts, or None."""
    transfer = Transfer.get_or_none(Transfer.id == transfer_id)
    if transfer is None:
        return None
    payments = list(
        SettlementPayment.select(SettlementPayment, SettlementAttempt)
        .join(SettlementAttempt)
        .where(SettlementPayment.transfer == transfer_id)
        .order_by(SettlementPayment.number)
    )
    return TransferHistory(transfer, events_for(transfer_id), payments)
