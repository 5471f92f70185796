"""A transfer and its first event are written together or not at all, on SQLite and Postgres."""

from __future__ import annotations

from decimal import Decimal

import peewee
import pytest

from storage.database import database
from storage.models import Transfer, TransferEvent
from storage.transfers import create_transfer, find_timeline
from tests.support.transfers import AT, transfer_fields


def test_a_new_transfer_gets_its_created_event(organization_id: int) -> None:
    values = transfer_fields(organization_id, "MSG-1")
    with database.connection_context():
        create_transfer(values, reason="accepted pacs.008")
        timeline = find_timeline(organization_id, values["id"])
        events = list(TransferEvent.select().where(TransferEvent.transfer == values["id"]))
    assert timeline is not None and timeline.amount_usd == Decimal("125.50")
    assert timeline.last_event_at == AT
    assert [(e.from_state, e.to_state, e.at, e.reason) for e in events] == [(None, "Created", AT, "accepted pacs.008")]


def test_a_taken_message_id_writes_neither_row(organization_id: int) -> None:
    with database.connection_context():
        create_transfer(transfer_fields(organization_id, "MSG-1"), reason="first")
        with pytest.raises(peewee.IntegrityError):
            create_transfer(transfer_fields(organization_id, "MSG-1"), reason="second")
        assert Transfer.select().count() == 1
        assert TransferEvent.select().count() == 1
