"""Queries of webhook delivery: the outbox (undispatched events), deliveries to claim, attempts, retention.

Like settlement's, every write that decides something is conditional and reports whether it won,
so several deliverers on Postgres (SKIP LOCKED) never both act on one row.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import peewee

from storage.database import database, is_postgres, locked
from storage.models import ApiKey, Transfer, TransferEvent
from storage.webhook_models import WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookMessage

PENDING = "pending"
DELIVERED = "delivered"
FAILED = "failed"


@dataclass(frozen=True)
class OutboxEvent:
    """A state change not yet made into deliveries."""

    id: int
    transfer_id: uuid.UUID
    to_state: str
    at: datetime


def has_undispatched() -> bool:
    """Whether any event waits in the outbox: a read, so an idle deliverer takes no write lock (SQLite)."""
    return bool(TransferEvent.select().where(TransferEvent.dispatched_at.is_null()).exists())


def take_undispatched(limit: int) -> list[OutboxEvent]:
    """The oldest undispatched events, locked for this transaction on Postgres (others skip them).

    Call inside the transaction that dispatches them and marks them (`mark_dispatched`).
    """
    query = (
        TransferEvent.select(TransferEvent.id, TransferEvent.transfer, TransferEvent.to_state, TransferEvent.at)
        .where(TransferEvent.dispatched_at.is_null())
        .order_by(TransferEvent.id)
        .limit(limit)
    )
    return [OutboxEvent(row.id, row.transfer_id, row.to_state, row.at) for row in locked(query, skip_locked=True)]


def transfers_by_id(transfer_ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Transfer]:
    """The transfers of these events, without their stored request and answer."""
    if not transfer_ids:
        return {}
    fields = [f for f in Transfer._meta.sorted_fields if f.name not in ("raw_request", "acceptance_report")]
    rows = Transfer.select(*fields).where(Transfer.id.in_(list(set(transfer_ids))))
    return {row.id: row for row in rows}


def insert_messages(messages: Sequence[Mapping[str, Any]], deliveries: Sequence[Mapping[str, Any]]) -> None:
    """Write the messages and their deliveries (each delivery's `message` is a message's `id`)."""
    if messages:
        WebhookMessage.insert_many(list(messages)).execute()
    if deliveries:
        WebhookDelivery.insert_many(list(deliveries)).execute()


def mark_dispatched(event_ids: Sequence[int], now: datetime) -> None:
    """The events are in deliveries now (or had no endpoint): out of the outbox."""
    if event_ids:
        TransferEvent.update(dispatched_at=now).where(TransferEvent.id.in_(list(event_ids))).execute()


@dataclass(frozen=True)
class ClaimedDelivery:
    """One delivery this worker holds, with all a send needs."""

    id: int
    message_id: str
    event_type: str
    transfer_id: uuid.UUID
    payload: bytes
    attempts: int
    give_up_at: datetime
    endpoint_id: int
    organization_id: int
    url: str
    secret: str
    previous_secret: str | None
    previous_secret_until: datetime | None
    failing: bool  # the endpoint has failed since its last success
    production: bool  # its organization holds an active Production key (docs/decisions.md E4)
    claimed_by: str  # the deliverer incarnation that holds the claim, under which the attempt is recorded


def _due(now: datetime) -> Any:
    return (
        (WebhookDelivery.state == PENDING)
        & (WebhookDelivery.next_attempt_at <= now)
        & (WebhookDelivery.claimed_until.is_null() | (WebhookDelivery.claimed_until < now))
        & WebhookEndpoint.disabled_at.is_null()
    )


def fair_share(now: datetime, per_endpoint: int) -> Any:
    """A query of the IDs of the `per_endpoint` soonest due deliveries of each enabled endpoint.

    On Postgres each endpoint's are read from the head of its own index range (a LATERAL top-k on
    `webhook_delivery_endpoint_due`), so a claim reads what it may take, not the backlog: ranking
    every due delivery cost 6.9 ms per claim with 5,000 waiting for one receiver, and a claim is
    made for about every delivery sent. SQLite, which has no LATERAL, ranks them.
    """
    if is_postgres():
        soonest = (
            WebhookDelivery.select(WebhookDelivery.id)
            .where(
                (WebhookDelivery.endpoint == WebhookEndpoint.id)
                & (WebhookDelivery.state == PENDING)
                & (WebhookDelivery.next_attempt_at <= now)
                & (WebhookDelivery.claimed_until.is_null() | (WebhookDelivery.claimed_until < now))
            )
            .order_by(WebhookDelivery.next_attempt_at, WebhookDelivery.id)
            .limit(per_endpoint)
            .lateral()
            .alias("soonest")
        )
        return (
            WebhookEndpoint.select(soonest.c.id)
            .join(soonest, peewee.JOIN.CROSS)
            .where(WebhookEndpoint.disabled_at.is_null())
        )
    rank = peewee.fn.ROW_NUMBER().over(
        partition_by=[WebhookDelivery.endpoint], order_by=[WebhookDelivery.next_attempt_at, WebhookDelivery.id]
    )
    ranked = (
        WebhookDelivery.select(WebhookDelivery.id.alias("delivery_id"), rank.alias("rank"))
        .join(WebhookEndpoint, on=(WebhookEndpoint.id == WebhookDelivery.endpoint))
        .where(_due(now))
    )
    return ranked.select_from(ranked.c.delivery_id).where(ranked.c.rank <= per_endpoint)


def claim_due(
    worker_id: str, now: datetime, claim_until: datetime, limit: int, per_endpoint: int, busy: Mapping[int, int]
) -> list[ClaimedDelivery]:
    """Claim up to `limit` due deliveries of enabled endpoints, soonest due first, at most `per_endpoint` each.

    `busy` counts the deliveries this worker already has in flight per endpoint. The cap is what
    keeps one slow or dead receiver from taking every sender while other organizations' events wait.
    """
    fair = fair_share(now, per_endpoint)
    idle = (
        not WebhookDelivery.select()
        .join(WebhookEndpoint, on=(WebhookEndpoint.id == WebhookDelivery.endpoint))
        .where(_due(now))
        .exists()
    )
    if idle:  # a read first, so an idle deliverer takes no write lock (SQLite)
        return []
    with database.atomic():
        query = (
            WebhookDelivery.select(WebhookDelivery.id, WebhookDelivery.endpoint)
            .where(WebhookDelivery.id.in_(fair))
            .order_by(WebhookDelivery.next_attempt_at, WebhookDelivery.id)
            .limit(limit)
        )
        query = locked(query, skip_locked=True)
        taken = dict(busy)
        chosen: list[int] = []
        for row in query:
            if taken.get(row.endpoint_id, 0) < per_endpoint:
                taken[row.endpoint_id] = taken.get(row.endpoint_id, 0) + 1
                chosen.append(row.id)
        if not chosen:
            return []
        WebhookDelivery.update(claimed_by=worker_id, claimed_until=claim_until).where(
            WebhookDelivery.id.in_(chosen)
            & (WebhookDelivery.state == PENDING)
            & (WebhookDelivery.claimed_until.is_null() | (WebhookDelivery.claimed_until < now))
        ).execute()
        rows = (
            WebhookDelivery.select(WebhookDelivery, WebhookMessage, WebhookEndpoint)
            .join(WebhookMessage, on=(WebhookMessage.id == WebhookDelivery.message))
            .switch(WebhookDelivery)
            .join(WebhookEndpoint, on=(WebhookEndpoint.id == WebhookDelivery.endpoint))
            .where(
                WebhookDelivery.id.in_(chosen)
                & (WebhookDelivery.claimed_by == worker_id)
                & (WebhookDelivery.claimed_until == claim_until)
            )
            .order_by(WebhookDelivery.next_attempt_at, WebhookDelivery.id)
        )
        claimed = list(rows)
        production = production_organizations({row.endpoint.organization_id for row in claimed})
        return [_claimed(row, row.endpoint.organization_id in production) for row in claimed]


def production_organizations(organization_ids: set[int]) -> set[int]:
    """Those of the organizations that hold an active Production key."""
    if not organization_ids:
        return set()
    rows = ApiKey.select(ApiKey.organization).where(
        ApiKey.organization.in_(sorted(organization_ids))
        & (ApiKey.environment == "Production")
        & ApiKey.revoked_at.is_null()
    )
    return {int(row.organization_id) for row in rows}


def _claimed(row: WebhookDelivery, production: bool) -> ClaimedDelivery:
    message: WebhookMessage = row.message
    endpoint: WebhookEndpoint = row.endpoint
    return ClaimedDelivery(
        id=row.id,
        message_id=message.id,
        event_type=message.event_type,
        transfer_id=message.transfer_id,
        payload=bytes(message.payload),
        attempts=row.attempts,
        give_up_at=row.give_up_at,
        endpoint_id=endpoint.id,
        organization_id=endpoint.organization_id,
        url=endpoint.url,
        secret=endpoint.secret,
        previous_secret=endpoint.previous_secret,
        previous_secret_until=endpoint.previous_secret_until,
        failing=endpoint.failing_since is not None,
        production=production,
        claimed_by=str(row.claimed_by),
    )


def record_attempt(
    delivery_id: int,
    worker_id: str,
    at: datetime,
    status_code: int | None,
    latency_ms: int,
    error: str | None,
    state: str,
    next_attempt_at: datetime,
) -> bool:
    """Store one attempt and the delivery's new state; the claim is let go. Returns whether the claim was still ours.

    The attempt is kept either way: it happened. A delivery already delivered stays delivered.
    """
    WebhookAttempt.insert(
        delivery=delivery_id,
        at=at,
        status_code=status_code,
        latency_ms=latency_ms,
        error=(error or None) and error[:200],
    ).execute()
    changes: dict[peewee.Field, object] = {
        WebhookDelivery.state: state,
        WebhookDelivery.attempts: WebhookDelivery.attempts + 1,
        WebhookDelivery.next_attempt_at: next_attempt_at,
        WebhookDelivery.last_status: status_code,
        WebhookDelivery.last_error: (error or None) and error[:200],
        WebhookDelivery.claimed_by: None,
        WebhookDelivery.claimed_until: None,
    }
    if state == DELIVERED:
        changes[WebhookDelivery.delivered_at] = at
    won = (
        WebhookDelivery.update(changes)
        .where(
            (WebhookDelivery.id == delivery_id)
            & (WebhookDelivery.claimed_by == worker_id)
            & (WebhookDelivery.state == PENDING)
        )
        .execute()
    )
    return bool(won)


def release_claims(delivery_ids: Sequence[int], worker_id: str) -> None:
    """Give back deliveries this worker claimed but will not send (it is stopping)."""
    if delivery_ids:
        WebhookDelivery.update(claimed_by=None, claimed_until=None).where(
            WebhookDelivery.id.in_(list(delivery_ids)) & (WebhookDelivery.claimed_by == worker_id)
        ).execute()


@dataclass(frozen=True)
class DeliveryView:
    """One delivery as the operator sees it."""

    id: int
    message_id: str
    event_type: str
    transfer_id: uuid.UUID
    endpoint_id: int
    state: str
    attempts: int
    last_status: int | None
    last_error: str | None
    created_at: datetime
    delivered_at: datetime | None
    next_attempt_at: datetime


def list_deliveries(organization_id: int, failed_only: bool, limit: int) -> list[DeliveryView]:
    """The organization's latest deliveries, newest first; `failed_only`: not delivered and failed at least once."""
    query = (
        WebhookDelivery.select(WebhookDelivery, WebhookMessage.id, WebhookMessage.event_type, WebhookMessage.transfer)
        .join(WebhookMessage, on=(WebhookMessage.id == WebhookDelivery.message))
        .switch(WebhookDelivery)
        .join(WebhookEndpoint, on=(WebhookEndpoint.id == WebhookDelivery.endpoint))
        .where(WebhookEndpoint.organization == organization_id)
    )
    if failed_only:
        query = query.where(
            (WebhookDelivery.state == FAILED) | ((WebhookDelivery.state == PENDING) & (WebhookDelivery.attempts > 0))
        )
    rows = query.order_by(WebhookDelivery.id.desc()).limit(limit)
    return [
        DeliveryView(
            id=row.id,
            message_id=row.message_id,
            event_type=row.message.event_type,
            transfer_id=row.message.transfer_id,
            endpoint_id=row.endpoint_id,
            state=row.state,
            attempts=row.attempts,
            last_status=row.last_status,
            last_error=row.last_error,
            created_at=row.created_at,
            delivered_at=row.delivered_at,
            next_attempt_at=row.next_attempt_at,
        )
        for row in rows
    ]


def attempts_of(delivery_id: int) -> list[WebhookAttempt]:
    """A delivery's attempts, oldest first."""
    return list(WebhookAttempt.select().where(WebhookAttempt.delivery == delivery_id).order_by(WebhookAttempt.id))


def get_message(message_id: str) -> WebhookMessage | None:
    """The message with this `webhook-id`, or None."""
    found: WebhookMessage | None = WebhookMessage.get_or_none(WebhookMessage.id == message_id)
    return found


def deliveries_of(message_id: str) -> list[WebhookDelivery]:
    """The message's deliveries, one per endpoint."""
    return list(WebhookDelivery.select().where(WebhookDelivery.message == message_id).order_by(WebhookDelivery.id))


def requeue(message_id: str, now: datetime, give_up_at: datetime) -> int:
    """Send the message again to each of its endpoints, due now, with a fresh retry window; returns how many."""
    return int(
        WebhookDelivery.update(
            state=PENDING, next_attempt_at=now, give_up_at=give_up_at, claimed_by=None, claimed_until=None
        )
        .where(WebhookDelivery.message == message_id)
        .execute()
    )


def prune_messages(before: datetime, batch: int = 1000) -> int:
    """Delete messages created before `before`, with their deliveries and attempts; returns how many messages."""
    deleted = 0
    while True:
        with database.atomic():
            oldest = [
                row.id
                for row in WebhookMessage.select(WebhookMessage.id)
                .where(WebhookMessage.created_at < before)
                .limit(batch)
            ]
            if not oldest:
                return deleted
            delivery_ids = WebhookDelivery.select(WebhookDelivery.id).where(WebhookDelivery.message.in_(oldest))
            WebhookAttempt.delete().where(WebhookAttempt.delivery.in_(delivery_ids)).execute()
            WebhookDelivery.delete().where(WebhookDelivery.message.in_(oldest)).execute()
            WebhookMessage.delete().where(WebhookMessage.id.in_(oldest)).execute()
        deleted += len(oldest)
