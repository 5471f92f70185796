"""Putting transfers into a state through the storage layer, for status tests."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from storage.database import database
from storage.events import record_event
from storage.models import Transfer


def move(
    transfer_id: str,
    to_state: str,
    at: datetime,
    *,
    ledger_hash: str | None = None,
    amount_tkn: Decimal | None = None,
    error_code: str | None = None,
) -> None:
    """Change a transfer's state and record the event, as settlement does."""
    key = uuid.UUID(transfer_id)
    with database.connection_context(), database.atomic():
        transfer = Transfer.get_by_id(key)
        fields: dict[str, object] = {"state": to_state, "updated_at": at}
        if to_state == "Completed":
            fields.update(completed_at=at, ledger_hash=ledger_hash, amount_tkn=amount_tkn)
        if to_state == "Failed":
            fields.update(error_code=error_code)
        Transfer.update(**fields).where(Transfer.id == key).execute()
        record_event(key, transfer.state, to_state, at, reason="test")
