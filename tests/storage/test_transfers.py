"""A transfer's timeline: its columns with the times its events give."""

from __future__ import annotations

from decimal import Decimal

from storage.database import database
from storage.models import TransferEvent
from storage.transfers import find_timeline
from tests.support.transfers import AT, create_transfer, transfer_fields


def test_a_new_transfer_gets_its_created_event(organization_id: int) -> None:
    values = transfer_fields(organization_id, "MSG-1")
    with database.connection_context():
        create_transfer(values, reason="accepted pacs.008")
        timeline = find_timeline(organization_id, values["id"])
        events = list(TransferEvent.select().where(TransferEvent.transfer == values["id"]))
    assert timeline is not None and timeline.amount_usd == Decimal("125.50")
    assert timeline.last_event_at == AT
    assert [(e.from_state, e.to_state, e.at, e.reason) for e in events] == [(None, "Created", AT, "accepted pacs.008")]
