"""From the outbox to deliveries: each undispatched state change or final cancellation decision becomes a
message, and a delivery per endpoint.

A batch of events, its messages, its deliveries and the events' outbox mark are one transaction:
a deliverer that dies before the commit leaves the events in the outbox for the next pass, and one
that dies after has left deliveries that any deliverer sends. Nothing is lost in between.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from uuid6 import uuid7

from services.reports import ReportWriter
from services.resolutions import ResolutionWriter
from services.transfer_reports import transfer_report
from services.webhooks.cancellation_events import cancellation_messages, shared_writer
from services.webhooks.events import KIND_OF_STATE, subscribed
from services.webhooks.settings import WebhookSettings
from storage.cancellation_outbox import (
    has_undispatched_cancellations,
    mark_cancellations_dispatched,
    take_undispatched_cancellations,
)
from storage.database import database
from storage.models import Transfer
from storage.transfer_states import TransferState
from storage.transfers import TransferTimeline
from storage.webhook_deliveries import (
    PENDING,
    OutboxEvent,
    has_undispatched,
    insert_messages,
    mark_dispatched,
    take_undispatched,
    transfers_by_id,
)
from storage.webhook_endpoints import endpoints_of
from storage.webhook_models import WebhookEndpoint


def timeline_at(transfer: Transfer, event: OutboxEvent) -> TransferTimeline:
    """The transfer as a pacs.028 would have seen it just after `event`: its state then, updated then.

    What a later state adds (hash, TKN amount, error code) belongs to that state only, and the
    report shows it only for that state, so the current row gives the rest.
    """
    completed = event.to_state == TransferState.COMPLETED
    return TransferTimeline(
        id=transfer.id,
        state=event.to_state,
        created_at=transfer.created_at,
        updated_at=event.at,
        completed_at=event.at if completed else None,
        amount_usd=transfer.amount_usd,
        amount_tkn=transfer.amount_tkn,
        ledger_hash=transfer.ledger_hash,
        error_code=transfer.error_code,
        failure_reason=transfer.failure_reason,
        last_event_at=event.at,
        completed_event_at=event.at if completed else None,
    )


def new_message_id() -> str:
    """A `webhook-id`: unique, stable across every retry of the message, time-ordered."""
    return f"msg_{uuid7().hex}"


def dispatch_once(
    writer: ReportWriter, settings: WebhookSettings, now: datetime, resolutions: ResolutionWriter | None = None
) -> int:
    """Turn up to `settings.dispatch_batch` state events, and as many cancellation decisions, into messages
    and deliveries; return how many were taken.

    `now` is naive UTC. Only endpoints registered at or before an event get it, and only those
    subscribed to its kind; a disabled endpoint gets it too, and it waits until the endpoint is enabled.
    """
    if not has_undispatched() and not has_undispatched_cancellations():
        return 0
    give_up_at = now + timedelta(seconds=settings.retry_window_seconds)
    with database.atomic():
        events = take_undispatched(settings.dispatch_batch)
        cancellations = take_undispatched_cancellations(settings.dispatch_batch)
        if not events and not cancellations:
            return 0
        transfers = transfers_by_id([event.transfer_id for event in events])
        organizations = [int(t.organization_id) for t in transfers.values()]
        endpoints = endpoints_of([*organizations, *(r.organization_id for r in cancellations)])
        messages: list[dict[str, Any]] = []
        deliveries: list[dict[str, Any]] = []

        def deliver(message: dict[str, Any], targets: list[WebhookEndpoint]) -> None:
            messages.append(message)
            deliveries.extend(
                {
                    "message": message["id"],
                    "endpoint": endpoint.id,
                    "state": PENDING,
                    "attempts": 0,
                    "next_attempt_at": now,
                    "give_up_at": give_up_at,
                    "created_at": now,
                }
                for endpoint in targets
            )

        for event in events:
            transfer = transfers.get(event.transfer_id)
            kind = KIND_OF_STATE.get(event.to_state)
            if transfer is None or kind is None:
                continue
            targets = [
                e
                for e in endpoints
                if e.organization_id == transfer.organization_id
                and e.created_at <= event.at
                and subscribed(e.event_types, kind)
            ]
            if not targets:
                continue
            payload = writer.render(transfer_report(timeline_at(transfer, event)), now.replace(tzinfo=UTC))
            deliver(_message(new_message_id(), event, transfer, kind, payload, now), targets)
        for message, targets in cancellation_messages(
            cancellations, endpoints, resolutions or shared_writer(), now, new_message_id
        ):
            deliver(message, targets)
        insert_messages(messages, deliveries)
        mark_dispatched([event.id for event in events], now)
        mark_cancellations_dispatched([request.id for request in cancellations], now)
    return len(events) + len(cancellations)


def _message(
    message_id: str, event: OutboxEvent, transfer: Transfer, kind: str, payload: bytes, now: datetime
) -> dict[str, Any]:
    transfer_id: uuid.UUID = transfer.id
    return {
        "id": message_id,
        "event": event.id,
        "cancellation": None,
        "organization": transfer.organization_id,
        "transfer": transfer_id,
        "event_type": kind,
        "payload": payload,
        "created_at": now,
    }
