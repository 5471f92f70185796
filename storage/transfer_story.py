"""One transfer's story for the operator's console: found by TransferId, MsgId or EndToEndId.

Its states (transfer events), the envelopes that carried its payment, and the webhook deliveries
of its events and of its cancellation requests' final answers. Only the columns the console shows
are read: never the stored request, answer, envelope XDR, webhook payload or secret.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from storage.cancellations import CancellationRequest
from storage.events import events_for
from storage.models import Organization, SettlementAttempt, SettlementPayment, Transfer, TransferEvent
from storage.webhook_models import WebhookDelivery, WebhookEndpoint, WebhookMessage

# A MsgId or an EndToEndId has at most 35 characters, a TransferId's dashed text 36: a term is one or the other.
_TRANSFER_ID_LENGTH = 36
_SHOWN = (
    Transfer.id,
    Transfer.environment,
    Transfer.network,
    Transfer.state,
    Transfer.created_at,
    Transfer.updated_at,
    Transfer.completed_at,
    Transfer.amount_usd,
    Transfer.amount_tkn,
    Transfer.source_account,
    Transfer.destination_account,
    Transfer.message_id,
    Transfer.instruction_id,
    Transfer.end_to_end_id,
    Transfer.ledger_hash,
    Transfer.ledger_sequence,
    Transfer.error_code,
    Transfer.failure_reason,
    Transfer.last_error,
    Transfer.attempt_count,
    Transfer.blocked_since,
    Organization.name,
)


def find_transfers(term: str, limit: int) -> list[Transfer]:
    """Transfers whose TransferId, MsgId or EndToEndId is `term`, newest first, each with its organization's name.

    A MsgId is unique per organization only and an EndToEndId not at all, so there may be several.
    """
    term = term.strip()
    condition = (Transfer.message_id == term) | (Transfer.end_to_end_id == term)
    if len(term) == _TRANSFER_ID_LENGTH:
        try:
            condition = Transfer.id == uuid.UUID(term)
        except ValueError:
            return []  # 36 characters: too long for a MsgId or an EndToEndId
    query = Transfer.select(*_SHOWN).join(Organization).where(condition)
    return list(query.order_by(Transfer.created_at.desc(), Transfer.id.desc()).limit(limit))


@dataclass(frozen=True)
class Envelope:
    """One envelope that carried the transfer's payment, and what became of it."""

    number: int  # the transfer's first envelope is 1
    tx_hash: str
    bump_hash: str | None
    channel_account: str
    submissions: int
    created_at: datetime
    outcome: str | None  # the payment's: applied | failed | expired | requeued; None while open
    result_code: str | None
    ledger_sequence: int | None


@dataclass(frozen=True)
class Delivery:
    """One webhook delivery of one of the transfer's events."""

    event_type: str
    url: str
    state: str
    attempts: int
    created_at: datetime
    delivered_at: datetime | None
    last_status: int | None
    last_error: str | None


@dataclass(frozen=True)
class TransferStory:
    """A transfer with its states, envelopes and webhook deliveries, oldest first."""

    transfer: Transfer
    events: list[TransferEvent]
    envelopes: list[Envelope]
    deliveries: list[Delivery]


def _envelopes(transfer_id: uuid.UUID) -> list[Envelope]:
    query = (
        SettlementPayment.select(
            SettlementPayment.number,
            SettlementAttempt.tx_hash,
            SettlementAttempt.bump_hash,
            SettlementAttempt.channel_account,
            SettlementAttempt.submissions,
            SettlementAttempt.created_at,
            SettlementPayment.outcome,
            SettlementPayment.result_code,
            SettlementAttempt.ledger_sequence,
        )
        .join(SettlementAttempt)
        .where(SettlementPayment.transfer == transfer_id)
        .order_by(SettlementPayment.number)
        .tuples()
    )
    return [Envelope(*row) for row in cast(list[tuple[Any, ...]], list(query))]


def _deliveries(transfer_id: uuid.UUID) -> list[Delivery]:
    # Through the events and the cancellation requests, whose indexes by transfer find them;
    # webhook_message.transfer has none.
    through = (
        (TransferEvent, WebhookMessage.event == TransferEvent.id, TransferEvent.transfer),
        (CancellationRequest, WebhookMessage.cancellation == CancellationRequest.id, CancellationRequest.transfer),
    )
    rows: list[tuple[Any, ...]] = []
    for model, on, transfer in through:
        query = (
            WebhookDelivery.select(
                WebhookDelivery.id,
                WebhookMessage.event_type,
                WebhookEndpoint.url,
                WebhookDelivery.state,
                WebhookDelivery.attempts,
                WebhookDelivery.created_at,
                WebhookDelivery.delivered_at,
                WebhookDelivery.last_status,
                WebhookDelivery.last_error,
            )
            .join(WebhookMessage)
            .join(model, on=on)
            .switch(WebhookDelivery)
            .join(WebhookEndpoint)
            .where(transfer == transfer_id)
            .tuples()
        )
        rows.extend(cast(list[tuple[Any, ...]], list(query)))
    return [Delivery(*row[1:]) for row in sorted(rows, key=lambda row: row[0])]


def transfer_story(transfer_id: uuid.UUID) -> TransferStory | None:
    """The transfer's story, or None if there is no such transfer."""
    found = Transfer.select(*_SHOWN).join(Organization).where(Transfer.id == transfer_id).first()
    if found is None:
        return None
    return TransferStory(found, events_for(transfer_id), _envelopes(transfer_id), _deliveries(transfer_id))
