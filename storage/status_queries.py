"""Queries on recorded pacs.028 requests."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from storage.models import Organization, StatusQuery
from storage.statements import insert_row


def insert_status_query(**fields: Any) -> None:
    """Record one pacs.028 request."""
    insert_row(StatusQuery, fields)


def list_status_queries(
    organization: Organization, transfer_id: str | None = None, since: datetime | None = None
) -> list[StatusQuery]:
    """An organization's recorded queries, oldest first, optionally for one transfer or since a time."""
    query = StatusQuery.select().where(StatusQuery.organization == organization)
    if transfer_id is not None:
        query = query.where(
            (StatusQuery.queried_transfer_id == transfer_id) | (StatusQuery.alternative_id == transfer_id)
        )
    if since is not None:
        query = query.where(StatusQuery.queried_at >= since)
    return list(query.order_by(StatusQuery.queried_at, StatusQuery.id))
