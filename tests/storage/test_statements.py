"""The hot-path statements: a row and its child are written together or not at all."""

from __future__ import annotations

import peewee
import pytest

from storage.database import database
from storage.models import Transfer, TransferEvent
from storage.statements import insert_row_with_child
from tests.support.transfers import AT, transfer_fields

EVENT = {"from_state": None, "to_state": "Created", "at": AT, "reason": "test"}


def test_both_rows_are_written(organization_id: int) -> None:
    parent = transfer_fields(organization_id, "MSG-1")
    with database.connection_context():
        insert_row_with_child(Transfer, parent, TransferEvent, TransferEvent.transfer, EVENT)
        (event,) = TransferEvent.select()
    assert event.transfer.id == parent["id"]
    assert event.attempt == 0  # a field left out takes its default


def test_a_failing_child_leaves_no_parent_behind(organization_id: int) -> None:
    with database.connection_context():
        with pytest.raises(peewee.IntegrityError):
            insert_row_with_child(
                Transfer,
                transfer_fields(organization_id, "MSG-1"),
                TransferEvent,
                TransferEvent.transfer,
                {**EVENT, "to_state": None},
            )
        assert Transfer.select().count() == 0
        assert TransferEvent.select().count() == 0
