"""Queries on recorded pacs.028 requests."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Mapping
from datetime import datetime
from typing import Any, Protocol

import peewee

from storage.database import is_postgres
from storage.models import Organization, StatusQuery, Transfer, TransferEvent
from storage.statements import Statement, insert_row, values_of, written_fields
from storage.transfer_states import TransferState
from storage.transfers import TransferTimeline, find_timeline, timeline_from_row, timeline_query

# A row of an answer table: a state, its TxSts, and whether its reason code is the transfer's error code.
AnswerRow = tuple[str, str, bool]


class Answers(Protocol):
    """What a look-up's outcome is recorded with (services.transfer_reports.ANSWERS is the rule)."""

    def of(self, timeline: TransferTimeline | None) -> tuple[str | None, str | None]:
        """The TxSts and reason code for this outcome; no TxSts for a state without an answer."""

    def rows(self) -> tuple[AnswerRow, ...]:
        """The rule as a table, one row per state that has an answer."""


def insert_status_query(**fields: Any) -> None:
    """Record one pacs.028 request."""
    insert_row(StatusQuery, fields)


_RECORD_FIELDS = tuple(f for f in written_fields(StatusQuery) if f.name not in ("status", "reason_code"))


@functools.cache
def _find_and_record(rows: tuple[AnswerRow, ...]) -> Statement:
    """The look-up and the record's INSERT as one Postgres statement, the INSERT a data-modifying WITH.

    The record's TxSts and reason come from `rows`, rendered into the statement, so the same table
    decides on both stores (tests/storage/test_both_stores.py compares them).
    """

    def build(transfer_id: Any, organization_id: Any, completed: Any, *values: Any) -> peewee.Query:
        *record, not_found_status, not_found_reason = values
        found = timeline_query(transfer_id, organization_id, completed).cte("found")
        state = found.c.state
        status = peewee.Case(state, [(s, status) for s, status, _ in rows])
        reason = peewee.Case(state, [(s, found.c.error_code) for s, _, is_error_code in rows if is_error_code])
        exists = peewee.fn.EXISTS(found.select(peewee.SQL("1")))
        written = dict(zip(_RECORD_FIELDS, record, strict=True))
        written[StatusQuery.status] = peewee.Case(None, [(exists, found.select(status))], not_found_status)
        written[StatusQuery.reason_code] = peewee.Case(None, [(exists, found.select(reason))], not_found_reason)
        # A data-modifying WITH runs to its end though the outer SELECT does not read it.
        recorded = peewee.CTE("recorded", StatusQuery.insert(written).returning(StatusQuery.id))
        return found.select_from(peewee.SQL("*")).with_cte(found, recorded)

    return Statement(
        build,
        Transfer.id,
        Transfer.organization,
        TransferEvent.to_state,
        *_RECORD_FIELDS,
        StatusQuery.status,
        StatusQuery.reason_code,
    )


def find_timeline_and_record(
    organization_id: int, transfer_id: uuid.UUID, record: Mapping[str, Any], answers: Answers
) -> TransferTimeline | None:
    """The caller's transfer, or None, with the query recorded under the answer that outcome gets.

    `record` holds the StatusQuery fields but `status` and `reason_code`, which `answers` gives for
    what the look-up found; a field not given takes its default. No explicit transaction: the INSERT
    is the only write, so nothing can be half written, and the record is what was answered even if the
    transfer moves on a moment later. On Postgres the look-up and the INSERT are one statement (one
    round trip, a tenth of a pacs.028's CPU); SQLite, in process, runs them one after the other.
    Raises peewee.IntegrityError, having recorded nothing, when the outcome has no TxSts.
    """
    if is_postgres():
        not_found = answers.of(None)
        row = (
            _find_and_record(answers.rows())
            .execute(
                transfer_id,
                organization_id,
                TransferState.COMPLETED.value,
                *values_of(_RECORD_FIELDS, record),
                *not_found,
            )
            .fetchone()
        )
        return None if row is None else timeline_from_row(row)
    timeline = find_timeline(organization_id, transfer_id)
    status, reason = answers.of(timeline)
    insert_row(StatusQuery, {**record, "status": status, "reason_code": reason})
    return timeline


def list_status_queries(
    organization: Organization,
    transfer_id: str | None = None,
    since: datetime | None = None,
    limit: int | None = None,
) -> list[StatusQuery]:
    """An organization's recorded queries, newest first, optionally for one transfer, since a time, or
    only the `limit` most recent."""
    query = StatusQuery.select().where(StatusQuery.organization == organization)
    if transfer_id is not None:
        query = query.where(
            (StatusQuery.queried_transfer_id == transfer_id) | (StatusQuery.alternative_id == transfer_id)
        )
    if since is not None:
        query = query.where(StatusQuery.queried_at >= since)
    newest = query.order_by(StatusQuery.queried_at.desc(), StatusQuery.id.desc())
    return list(newest if limit is None else newest.limit(limit))


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
