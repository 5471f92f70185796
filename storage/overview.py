"""What an operator's overview reads: transfers by state over time, settlement pace, the last failures.

Aggregates only, for the console and `settle status`: each is one query returning a handful of
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


def _bucket_sql(param: str) -> str:
    # The bucket is whole seconds since `since`, divided by the bucket's length; only the
    # expression differs between the two stores. Identifiers are fixed; values are bound.
    if is_postgres():
        seconds = f'EXTRACT(EPOCH FROM ("created_at" - {param}))'
        bucket = f"FLOOR({seconds} / {param})::integer"
    else:
        bucket = (
            f"(CAST(strftime('%s', \"created_at\") AS INTEGER) - CAST(strftime('%s', {param}) AS INTEGER)) / {param}"
        )
    return (
        f'SELECT {bucket} AS bucket, "state", COUNT(*) FROM "transfer" '  # noqa: S608
        f'WHERE "created_at" >= {param} GROUP BY 1, 2'
    )


def transfers_by_state_over_time(since: datetime, bucket_seconds: int) -> dict[tuple[int, str], int]:
    """Transfers accepted since `since` (naive UTC), by bucket of `bucket_seconds` and their state now.

    Keys are (bucket number counted from `since`, state); buckets with no transfer are absent.
    """
    # SQLite gets the text peewee itself stores; the driver's own datetime adapter is deprecated.
    moment: object = since if is_postgres() else since.isoformat(sep=" ")
    rows = database.execute_sql(_bucket_sql(database.obj.param), [moment, bucket_seconds, moment]).fetchall()
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
