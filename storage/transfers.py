"""Queries on transfers."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from decimal import Decimal
from typing import Any

import peewee

from storage.models import Transfer, TransferEvent
from storage.statements import Statement, python_value
from storage.transfer_states import TransferState


def find_by_message_id(organization_id: int, message_id: str) -> Transfer | None:
    """The organization's transfer created from the message with this MsgId."""
    found: Transfer | None = (
        Transfer.select()
        .where((Transfer.organization == organization_id) & (Transfer.message_id == message_id))
        .first()
    )
    return found


@dataclass(frozen=True)
class TransferTimeline:
    """What a status report shows of a transfer, with the times its events give."""

    id: uuid.UUID
    state: str
    created_at: datetime
    updated_at: datetime
    completed_at: datetime | None
    amount_usd: Decimal
    amount_tkn: Decimal | None
    ledger_hash: str | None
    error_code: str | None
    failure_reason: str | None
    last_event_at: datetime | None
    completed_event_at: datetime | None


# The columns a report needs, not the stored request and answer: those are kilobytes per row.
_TIMELINE_FIELDS = tuple(
    Transfer._meta.fields[f.name]
    for f in fields(TransferTimeline)
    if f.name not in ("last_event_at", "completed_event_at")
)


def timeline_query(transfer_id: Any, organization_id: Any, completed: Any) -> peewee.Select:
    """The caller's transfer's report columns, then its last event's time and its completion event's."""
    # One indexed lookup by primary key and owner, with the two event times as subqueries, so a
    # look-up is one query; another organization's transfer is simply not found.
    events = TransferEvent.select(peewee.fn.MAX(TransferEvent.at)).where(TransferEvent.transfer == Transfer.id)
    return Transfer.select(*_TIMELINE_FIELDS, events, events.where(TransferEvent.to_state == completed)).where(
        (Transfer.id == transfer_id) & (Transfer.organization == organization_id)
    )


TIMELINE = Statement(timeline_query, Transfer.id, Transfer.organization, TransferEvent.to_state)


def find_timeline(organization_id: int, transfer_id: uuid.UUID) -> TransferTimeline | None:
    """The caller's transfer with its event times, or None (unknown and foreign look the same)."""
    row = TIMELINE.execute(transfer_id, organization_id, TransferState.COMPLETED.value).fetchone()
    return None if row is None else timeline_from_row(row)


def timeline_from_row(row: Sequence[Any]) -> TransferTimeline:
    """A TransferTimeline from a row of `timeline_query`'s columns."""
    at = TransferEvent.at
    values = {f.name: python_value(f, v) for f, v in zip(_TIMELINE_FIELDS, row, strict=False)}
    return TransferTimeline(
        **values, last_event_at=python_value(at, row[-2]), completed_event_at=python_value(at, row[-1])
    )


def count_transfers() -> int:
    """How many transfers exist."""
    return int(Transfer.select().count())
