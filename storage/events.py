"""Queries on transfer events: every state change is one row."""

from __future__ import annotations

import uuid
from datetime import datetime

from storage.models import TransferEvent
from storage.statements import insert_row
from storage.transfer_states import check_transition


def record_event(
    transfer_id: uuid.UUID,
    from_state: str | None,
    to_state: str,
    at: datetime,
    reason: str | None = None,
    attempt: int = 0,
) -> None:
    """Append one state change (`at` is naive UTC); raises IllegalTransition, writing nothing, if not allowed."""
    check_transition(from_state, to_state)
    insert_row(
        TransferEvent,
        {
            "transfer": transfer_id,
            "from_state": from_state,
            "to_state": to_state,
            "at": at,
            "reason": reason,
            "attempt": attempt,
        },
    )


def events_for(transfer_id: uuid.UUID) -> list[TransferEvent]:
    """A transfer's events, oldest first."""
    return list(TransferEvent.select().where(TransferEvent.transfer == transfer_id).order_by(TransferEvent.id))
