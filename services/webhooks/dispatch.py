"""From the outbox to deliveries: each undispatched state change becomes a message, and a delivery per endpoint.

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
from services.transfer_reports import transfer_report
from services.webhooks.events import KIND_OF_STATE, subscribed
from services.webhooks.settings import WebhookSettings
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


def dispatch_once(writer: ReportWriter, settings: WebhookSettings, now: datetime) -> int:
    """Turn up to `settings.dispatch_batch` outbox events into messages and deliveries; return how many events.

    `now` is naive UTC. Only endpoints registered at or before an event get it, and only those
    subscribed to its kind; a disabled endpoint gets it too, and it waits until the endpoint is enabled.
    """
    if not has_undispatched():
        return 0
    give_up_at = now + timedelta(seconds=settings.retry_window_seconds)
    with database.atomic():
        events = take_undispatched(settings.dispatch_batch)
        if not events:
            return 0
        transfers = transfers_by_id([event.transfer_id for event in events])
        endpoints = endpoints_of(int(t.organization_id) for t in transfers.values())
        messages: list[dict[str, Any]] = []
        deliveries: list[dict[str, Any]] = []
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
            message_id = new_message_id()
            payload = writer.render(transfer_report(timeline_at(transfer, event)), now.replace(tzinfo=UTC))
            messages.append(_message(message_id, event, transfer, kind, payload, now))
            deliveries.extend(
                {
                    "message": message_id,
                    "endpoint": endpoint.id,
                    "state": PENDING,
                    "attempts": 0,
                    "next_attempt_at": now,
                    "give_up_at": give_up_at,
                    "created_at": now,
                }
                for endpoint in targets
            )
        insert_messages(messages, deliveries)
        mark_dispatched([event.id for event in events], now)
    return len(events)


def _message(
    message_id: str, event: OutboxEvent, transfer: Transfer, kind: str, payload: bytes, now: datetime
) -> dict[str, Any]:
    transfer_id: uuid.UUID = transfer.id
    return {
        "id": message_id,
        "event": event.id,
        "organization": transfer.organization_id,
        "transfer": transfer_id,
        "event_type": kind,
        "payload": payload,
        "created_at": now,
    }
