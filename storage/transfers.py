"""Queries on transfers."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, fields
from datetime import datetime
from decimal import Decimal
from typing import Any

from storage.database import database
from storage.models import Transfer, TransferEvent
from storage.statements import db_value, insert_row_with_child, python_value
from storage.transfer_states import TransferState, check_transition


def create_transfer(fields: Mapping[str, Any], reason: str) -> None:
    """Insert a transfer with the event of its first state, both or neither.

    Raises peewee.IntegrityError, having written nothing, when (organization, message_id) exists,
    and IllegalTransition when the first state is not one a transfer may start in.
    """
    check_transition(None, fields["state"])
    event = {"from_state": None, "to_state": fields["state"], "at": fields["created_at"], "reason": reason}
    insert_row_with_child(Transfer, fields, TransferEvent, TransferEvent.transfer, event)


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


@functools.cache
def timeline_sql(param: str) -> str:
    """The SELECT of one timeline; its parameters are `timeline_params`, its row `timeline_from_row`'s."""
    # One indexed lookup by primary key and owner, with the two event times as subqueries, so a
    # status request costs one round trip; another organization's transfer is simply not found.
    # Identifiers come from the models, never from input; values are bound parameters.
    columns = ", ".join(f't."{f.column_name}"' for f in _TIMELINE_FIELDS)
    return (
        f"SELECT {columns}, "  # noqa: S608
        '(SELECT max(e."at") FROM "transfer_event" e WHERE e."transfer_id" = t."id"), '
        '(SELECT max(e."at") FROM "transfer_event" e WHERE e."transfer_id" = t."id" '
        f'AND e."to_state" = {param}) '
        f'FROM "transfer" t WHERE t."id" = {param} AND t."organization_id" = {param}'
    )


def timeline_params(organization_id: int, transfer_id: uuid.UUID) -> list[Any]:
    """The values `timeline_sql` binds, in its order."""
    return [TransferState.COMPLETED.value, db_value(Transfer.id, transfer_id), organization_id]


def timeline_from_row(row: tuple[Any, ...]) -> TransferTimeline:
    """A row of `timeline_sql`, as a timeline."""
    at = TransferEvent.at
    values = {f.name: python_value(f, v) for f, v in zip(_TIMELINE_FIELDS, row, strict=False)}
    return TransferTimeline(
        **values, last_event_at=python_value(at, row[-2]), completed_event_at=python_value(at, row[-1])
    )


def find_timeline(organization_id: int, transfer_id: uuid.UUID) -> TransferTimeline | None:
    """The caller's transfer with its event times, or None (unknown and foreign look the same)."""
    row = database.execute_sql(
        timeline_sql(database.obj.param), timeline_params(organization_id, transfer_id)
    ).fetchone()
    return None if row is None else timeline_from_row(row)


def count_transfers() -> int:
    """How many transfers exist."""
    return int(Transfer.select().count())
