"""Queries on recorded pacs.028 requests."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import peewee

from storage.database import database, is_postgres
from storage.models import Organization, StatusQuery
from storage.statements import field_params, insert_row
from storage.transfers import TransferTimeline, find_timeline, timeline_from_row, timeline_params, timeline_sql

# A row of the answer table a caller passes in: state, TxSts, and whether the reason is the error code.
StateAnswerRow = tuple[str, str, bool]


def answer_of(
    per_state: Sequence[StateAnswerRow], not_found: tuple[str, str], timeline: TransferTimeline | None
) -> tuple[str | None, str | None]:
    """The TxSts and reason code the table gives this outcome; no TxSts for a state without a row.

    The Postgres statement of `find_timeline_and_record` reads the same rows the same way.
    """
    if timeline is None:
        return not_found
    for state, status, reason_is_error_code in per_state:
        if state == timeline.state:
            return status, timeline.error_code if reason_is_error_code else None
    return None, None


def insert_status_query(**fields: Any) -> None:
    """Record one pacs.028 request."""
    insert_row(StatusQuery, fields)


# The record's own columns; its TxSts and reason code follow from what the look-up finds.
_RECORD_FIELDS = tuple(
    f
    for f in StatusQuery._meta.sorted_fields
    if not isinstance(f, peewee.AutoField) and f.name not in ("status", "reason_code")
)


@functools.cache
def _find_and_record_sql(param: str, states: int) -> str:
    columns = ", ".join(f'"{f.column_name}"' for f in (*_RECORD_FIELDS, StatusQuery.status, StatusQuery.reason_code))
    values = ", ".join(param for _ in _RECORD_FIELDS)
    # The casts give the answer table's parameters their types, which a prepared statement needs.
    answers = ", ".join(f"({param}::text, {param}::text, {param}::boolean)" for _ in range(states))
    found = 'EXISTS (SELECT 1 FROM "found")'
    # A data-modifying WITH runs to completion even though the outer SELECT does not read it.
    # Identifiers come from the models, never from input; values are bound parameters.
    return (
        f'WITH "found" AS ({timeline_sql(param)}), '  # noqa: S608
        '"answer" AS (SELECT a."status", CASE WHEN a."reason_is_error_code" THEN f."error_code" END AS "reason" '
        f'FROM "found" f JOIN (VALUES {answers}) AS a("state", "status", "reason_is_error_code") '
        'ON a."state" = f."state"), '
        f'"recorded" AS (INSERT INTO "{StatusQuery._meta.table_name}" ({columns}) VALUES ({values}, '
        f'CASE WHEN {found} THEN (SELECT "status" FROM "answer") ELSE {param} END, '
        f'CASE WHEN {found} THEN (SELECT "reason" FROM "answer") ELSE {param} END)) '
        'SELECT * FROM "found"'
    )


def find_timeline_and_record(
    organization_id: int,
    transfer_id: uuid.UUID,
    record: Mapping[str, Any],
    per_state: Sequence[StateAnswerRow],
    not_found: tuple[str, str],
) -> TransferTimeline | None:
    """The caller's transfer, or None, with the query recorded under the answer that outcome gets.

    `record` holds the StatusQuery fields but `status` and `reason_code`, which the answer table
    gives: `per_state` for a found transfer (see `answer_of`), `not_found` (TxSts, reason) for none.
    A field not given takes its default.
    On Postgres this is one statement, so one round trip instead of two; elsewhere the look-up
    and then the INSERT. Raises peewee.IntegrityError, having recorded nothing, when the transfer's
    state has no answer.
    """
    if not is_postgres():
        timeline = find_timeline(organization_id, transfer_id)
        status, reason = answer_of(per_state, not_found, timeline)
        insert_row(StatusQuery, {**record, "status": status, "reason_code": reason})
        return timeline
    params = [
        *timeline_params(organization_id, transfer_id),
        *(value for row in per_state for value in row),
        *field_params(_RECORD_FIELDS, record),
        *not_found,
    ]
    row = database.execute_sql(_find_and_record_sql(database.obj.param, len(per_state)), params).fetchone()
    return None if row is None else timeline_from_row(row)


def list_status_queries(
    organization: Organization,
    transfer_id: str | None = None,
    since: datetime | None = None,
    limit: int | None = None,
) -> list[StatusQuery]:
    """An organization's recorded queries, oldest first, optionally for one transfer, since a time, or
    only the `limit` most recent."""
    query = StatusQuery.select().where(StatusQuery.organization == organization)
    if transfer_id is not None:
        query = query.where(
            (StatusQuery.queried_transfer_id == transfer_id) | (StatusQuery.alternative_id == transfer_id)
        )
    if since is not None:
        query = query.where(StatusQuery.queried_at >= since)
    if limit is None:
        return list(query.order_by(StatusQuery.queried_at, StatusQuery.id))
    newest = list(query.order_by(StatusQuery.queried_at.desc(), StatusQuery.id.desc()).limit(limit))
    return newest[::-1]


def prune_status_queries(before: datetime, batch: int = 10_000) -> int:
    """Delete the queries recorded before `before` (naive UTC); return how many. Nothing else is touched.

    Each statement deletes at most `batch` of one organization's oldest rows, found through the
    (organization, queried_at) index, so no statement holds its locks for long on a large table.
    """
    deleted = 0
    for organization in Organization.select(Organization.id):
        while True:
            oldest = (
                StatusQuery.select(StatusQuery.id)
                .where((StatusQuery.organization == organization.id) & (StatusQuery.queried_at < before))
                .limit(batch)
            )
            count: int = StatusQuery.delete().where(StatusQuery.id.in_(oldest)).execute()
            deleted += count
            if count < batch:
                break
    return deleted
