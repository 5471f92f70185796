"""Per-organization request rates: one slot schedule per (organization, endpoint), and operator overrides.

The schedule is the generic cell rate algorithm (GCRA): a row keeps the time the next request is
due (`due_at`, microseconds since the epoch). A request is let through when it comes no earlier
than `due_at` minus the burst tolerance, and moves `due_at` one interval on. One atomic upsert per
request does both, on SQLite and Postgres alike, so every API process shares the schedule. The
upsert is built by peewee from the model and rendered once per dialect (`take_slot_sql`).
"""

from __future__ import annotations

from typing import Any, cast

import peewee

from storage.models import BaseModel, Organization
from storage.statements import Statement


class RateSchedule(BaseModel):
    """When an organization's next request to an endpoint is due (m0015)."""

    organization = peewee.ForeignKeyField(Organization, on_delete="CASCADE", index=False)
    endpoint = peewee.CharField(max_length=16)
    due_at = peewee.BigIntegerField()  # microseconds since the epoch: exact integer arithmetic in both dialects

    class Meta:
        table_name = "rate_schedule"
        primary_key = peewee.CompositeKey("organization", "endpoint")


class OrganizationRateLimit(BaseModel):
    """An operator's rate for one organization and endpoint, in place of the configured default (m0015)."""

    organization = peewee.ForeignKeyField(Organization, on_delete="CASCADE", index=False)
    endpoint = peewee.CharField(max_length=16)
    per_second = peewee.DoubleField()  # 0: no limit for this organization

    class Meta:
        table_name = "organization_rate_limit"
        primary_key = peewee.CompositeKey("organization", "endpoint")


def _take_slot_query(
    organization_id: Any, endpoint: Any, due: Any, now: Any, interval: Any, limit: Any
) -> peewee.Insert:
    """The upsert `take_slot` runs: a row back means the request is let through.

    `due` is `now + interval`, where a first or a late request puts the schedule; `limit` is
    `now + tolerance`, the latest schedule a request may still be let through on.
    """
    moved = peewee.Case(None, [(RateSchedule.due_at > now, RateSchedule.due_at + interval)], due)
    return (
        RateSchedule.insert(organization=organization_id, endpoint=endpoint, due_at=due)
        .on_conflict(
            conflict_target=[RateSchedule.organization, RateSchedule.endpoint],
            update={RateSchedule.due_at: moved},
            where=RateSchedule.due_at <= limit,
        )
        .returning(RateSchedule.due_at)
    )


TAKE_SLOT = Statement(_take_slot_query, None, None, None, None, None, None)


def take_slot_values(organization_id: int, endpoint: str, now: int, interval: int, tolerance: int) -> tuple[Any, ...]:
    """TAKE_SLOT's arguments for a request at `now`."""
    return (organization_id, endpoint, now + interval, now, interval, now + tolerance)


def take_slot(organization_id: int, endpoint: str, now: int, interval: int, tolerance: int) -> bool:
    """Let one request through at `now` if the schedule allows it, in one statement; all times in microseconds.

    `interval` is the time one request uses up (a second over the rate); `tolerance` is how far ahead
    of the schedule a request may come (the burst). A refused request changes nothing.
    """
    values = take_slot_values(organization_id, endpoint, now, interval, tolerance)
    return TAKE_SLOT.execute(*values).fetchone() is not None


def next_due(organization_id: int, endpoint: str) -> int | None:
    """When the organization's next request to `endpoint` is due, in microseconds; None with no schedule yet."""
    row = (
        RateSchedule.select(RateSchedule.due_at)
        .where((RateSchedule.organization == organization_id) & (RateSchedule.endpoint == endpoint))
        .tuples()
        .first()
    )
    return None if row is None else int(row[0])


def organization_rates(organization_id: int) -> dict[str, float]:
    """The organization's overrides: endpoint to requests per second."""
    query = (
        OrganizationRateLimit.select(OrganizationRateLimit.endpoint, OrganizationRateLimit.per_second)
        .where(OrganizationRateLimit.organization == organization_id)
        .tuples()
    )
    rows = cast(list[tuple[Any, Any]], list(query))
    return {str(endpoint): float(per_second) for endpoint, per_second in rows}


def set_organization_rate(organization_id: int, endpoint: str, per_second: float | None) -> None:
    """Set the organization's rate for `endpoint`, or with None go back to the configured default."""
    where = (OrganizationRateLimit.organization == organization_id) & (OrganizationRateLimit.endpoint == endpoint)
    if per_second is None:
        OrganizationRateLimit.delete().where(where).execute()
        return
    (
        OrganizationRateLimit.insert(organization=organization_id, endpoint=endpoint, per_second=per_second)
        .on_conflict(
            conflict_target=[OrganizationRateLimit.organization, OrganizationRateLimit.endpoint],
            update={OrganizationRateLimit.per_second: per_second},
        )
        .execute()
    )
