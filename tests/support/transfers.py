"""Transfers made and moved through the storage layer, for storage and status tests."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from storage import settlement as store
from storage.database import database
from storage.events import record_event
from storage.models import Transfer
from storage.transfer_states import TransferState, transition

AT = datetime(2026, 11, 22, 12, 0, 0)


def transfer_fields(organization_id: int, message_id: str, **changes: Any) -> dict[str, Any]:
    """Every column of a valid Created transfer, for `create_transfer`."""
    values: dict[str, Any] = {
        "id": uuid.uuid4(),
        "organization": organization_id,
        "environment": "Sandbox",
        "network": "net",
        "state": "Created",
        "created_at": AT,
        "updated_at": AT,
        "amount_usd": Decimal("125.50"),
        "source_account": "ACC-1",
        "destination_account": "G" + "A" * 55,
        "message_id": message_id,
        "request_sha256": "0" * 64,
        "raw_request": b"<Document/>",
        "acceptance_report": b"<Document/>",
    }
    return {**values, **changes}


def create_transfer(values: dict[str, Any], reason: str) -> None:
    """Insert a transfer without a hold, with the event of its first state, both or neither.

    Intake always places a hold (storage.holds); tests of what follows need the transfer only.
    Raises IllegalTransition, having written nothing, when the first state is not one a transfer
    may start in.
    """
    with database.atomic():
        Transfer.insert(values).execute()
        record_event(values["id"], None, values["state"], values["created_at"], reason=reason)


def move(
    transfer_id: str,
    to_state: TransferState | str,
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
        fields: dict[str, object] = {"state": transition(transfer.state, TransferState(to_state)), "updated_at": at}
        if to_state == "Completed":
            fields.update(completed_at=at, ledger_hash=ledger_hash, amount_tkn=amount_tkn)
        if to_state == "Failed":
            fields.update(error_code=error_code)
        Transfer.update(**fields).where(Transfer.id == key).execute()
        record_event(key, transfer.state, to_state, at, reason="test")


def new_transfer(organization_id: int, *states: str) -> uuid.UUID:
    """A Created transfer moved through `states`, with the events settlement would write."""
    values = transfer_fields(organization_id, f"MSG-{uuid.uuid4().hex[:8]}")
    with database.connection_context():
        create_transfer(values, reason="accepted")
    for state in states:
        move(
            str(values["id"]),
            state,
            datetime(2026, 11, 22, 12, 0, 5),
            ledger_hash="a" * 64,
            amount_tkn=Decimal(1),
            error_code="AM04",
        )
    return uuid.UUID(str(values["id"]))


def processing_transfers(organization_id: int, count: int, now: datetime, worker: str = "w") -> list[uuid.UUID]:
    """`count` new transfers claimed by `worker` until a minute after `now` and moved to Processing."""
    ids = [new_transfer(organization_id) for _ in range(count)]
    with database.connection_context():
        claimed = store.claim_due_transfers(worker, now, now + timedelta(seconds=60), count)
        store.start_processing_many(dict.fromkeys(claimed, Decimal(1)), now)
    assert sorted(claimed) == sorted(ids)
    return ids
