"""What an operator's overview reads: transfers by state over time, settlement pace, the last failures.

Aggregates only, for the console and `status`: each is one query returning a handful of
rows. None has an index of its own (docs/decisions.md U2): they run when a person looks, and the
write path pays nothing for them.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

import peewee

from storage.database import database, is_postgres
from storage.models import Organization, Transfer
from storage.transfer_states import TransferState
from storage.webhook_models import WebhookDelivery, WebhookEndpoint


def transfers_by_state_over_time(since: datetime, bucket_seconds: int) -> dict[tuple[int, str], int]:
    """Transfers accepted since `since` (naive UTC), by bucket of `bucket_seconds` and their state now.

    Keys are (bucket number counted from `since` to the second, state); buckets with no transfer
    are absent.
    """
    # The bucket is whole seconds since `since`, divided by the bucket's length; only the
    # expression of seconds differs between the two stores. Counted from `since` to the second,
    # so that Postgres's exact seconds and SQLite's whole ones put a transfer in the same bucket.
    start = since.replace(microsecond=0)
    moment = peewee.Value(start, converter=Transfer.created_at.db_value)
    bucket: peewee.ColumnBase
    if is_postgres():
        seconds = peewee.fn.date_part("epoch", Transfer.created_at - moment)
        bucket = peewee.fn.FLOOR(seconds / bucket_seconds).cast("integer")
    else:
        epoch = peewee.fn.strftime("%s", Transfer.created_at).cast("INTEGER")
        bucket = (epoch - peewee.fn.strftime("%s", moment).cast("INTEGER")) / bucket_seconds
    created = (
        Transfer.select(bucket.alias("bucket"), Transfer.state.alias("state"))
        .where(Transfer.created_at >= since)
        .alias("created")
    )
    counted = (
        peewee.Select([created], [created.c.bucket, created.c.state, peewee.fn.COUNT(created.c.state)])
        .group_by(created.c.bucket, created.c.state)
        .bind(database)
    )
    rows: Any = counted.tuples()
    return {(int(bucket), str(state)): int(total) for bucket, state, total in rows}


def completed_between(since: datetime, until: datetime) -> int:
    """How many transfers completed in [since, until]."""
    query = Transfer.select().where(
        (Transfer.state == TransferState.COMPLETED.value)
        & (Transfer.completed_at >= since)
        & (Transfer.completed_at <= until)
    )
    return int(query.count())


@dataclass(frozen=True)
class Failure:
    """A Failed transfer as the operator sees it: when, whose, and why in words."""

    transfer_id: uuid.UUID
    organization: str
    failed_at: datetime
    error_code: str | None
    reason: str | None


def last_failures(limit: int) -> list[Failure]:
    """The most recently failed transfers, newest first."""
    query = (
        Transfer.select(
            Transfer.id, Transfer.updated_at, Transfer.error_code, Transfer.failure_reason, Organization.name
        )
        .join(Organization)
        .where(Transfer.state == TransferState.FAILED.value)
        .order_by(Transfer.updated_at.desc(), Transfer.id)
        .limit(limit)
    )
    return [Failure(row.id, row.organization.name, row.updated_at, row.error_code, row.failure_reason) for row in query]


def count_open() -> int:
    """Transfers still Created or Processing."""
    open_states = (TransferState.CREATED.value, TransferState.PROCESSING.value)
    return int(Transfer.select(peewee.fn.COUNT(Transfer.id)).where(Transfer.state.in_(open_states)).scalar() or 0)


@dataclass(frozen=True)
class EndpointHealth:
    """A webhook endpoint as the operator sees it: whose, where, whether it works, what waits for it."""

    endpoint_id: int
    organization: str
    url: str
    disabled_reason: str | None
    failing_since: datetime | None
    pending: int
    failed: int


def webhook_health(limit: int) -> list[EndpointHealth]:
    """Up to `limit` webhook endpoints, oldest first, each with its pending and failed deliveries."""
    counted = (
        WebhookDelivery.select(WebhookDelivery.endpoint, WebhookDelivery.state, peewee.fn.COUNT(WebhookDelivery.id))
        .where(WebhookDelivery.state.in_(["pending", "failed"]))
        .group_by(WebhookDelivery.endpoint, WebhookDelivery.state)
        .tuples()
    )
    rows = cast(list[tuple[Any, Any, Any]], list(counted))
    counts = {(int(endpoint), str(state)): int(total) for endpoint, state, total in rows}
    endpoints = (
        WebhookEndpoint.select(
            WebhookEndpoint.id,
            WebhookEndpoint.url,
            WebhookEndpoint.disabled_reason,
            WebhookEndpoint.disabled_at,
            WebhookEndpoint.failing_since,
            Organization.name,
        )
        .join(Organization)
        .order_by(WebhookEndpoint.id)
        .limit(limit)
    )
    return [
        EndpointHealth(
            row.id,
            row.organization.name,
            row.url,
            (row.disabled_reason or "disabled") if row.disabled_at is not None else None,
            row.failing_since,
            counts.get((row.id, "pending"), 0),
            counts.get((row.id, "failed"), 0),
        )
        for row in endpoints
    ]
