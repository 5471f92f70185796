"""Only the changes in the transition table are written; every other one is refused before any write."""

from __future__ import annotations

import itertools
import uuid
from datetime import datetime

import pytest

from storage import settlement as store
from storage.database import database
from storage.events import events_for, record_event
from storage.models import Transfer
from storage.transfer_states import (
    OPEN_STATES,
    TRANSITIONS,
    IllegalTransition,
    TransferState,
    check_transition,
    transition,
)
from tests.support.transfers import create_transfer, move, new_transfer, transfer_fields

LATER = datetime(2026, 11, 22, 12, 1, 0)
ALLOWED = {
    (None, TransferState.CREATED),
    (TransferState.CREATED, TransferState.PROCESSING),
    (TransferState.CREATED, TransferState.FAILED),
    (TransferState.PROCESSING, TransferState.COMPLETED),
    (TransferState.PROCESSING, TransferState.FAILED),
}


def test_the_stored_values_are_the_names_pacs028_reports() -> None:
    assert [state.value for state in TransferState] == ["Created", "Processing", "Completed", "Failed"]
    assert OPEN_STATES == (TransferState.CREATED, TransferState.PROCESSING)


@pytest.mark.parametrize(("from_state", "to_state"), list(itertools.product([None, *TransferState], TransferState)))
def test_exactly_the_changes_of_the_state_machine_are_allowed(
    from_state: TransferState | None, to_state: TransferState
) -> None:
    assert ((from_state, to_state) in ALLOWED) == (to_state in TRANSITIONS[from_state])
    if (from_state, to_state) in ALLOWED:
        check_transition(from_state, to_state)
        assert transition(from_state, to_state) == to_state.value
    else:
        with pytest.raises(IllegalTransition, match=f"to {to_state.value}"):
            transition(from_state, to_state)


@pytest.mark.parametrize(("from_state", "to_state"), [("Cancelled", "Failed"), ("Created", "Cancelled")])
def test_a_state_outside_the_enum_is_refused(from_state: str, to_state: str) -> None:
    with pytest.raises(IllegalTransition):
        check_transition(from_state, to_state)


def test_a_transfer_cannot_be_created_in_a_later_state(organization_id: int) -> None:
    with database.connection_context():
        with pytest.raises(IllegalTransition):
            create_transfer(transfer_fields(organization_id, "MSG-1", state="Completed"), reason="accepted")
        assert Transfer.select().count() == 0


def test_a_completed_transfer_never_moves_again(organization_id: int) -> None:
    transfer_id = new_transfer(organization_id, "Processing", "Completed")
    for state in TransferState:
        with pytest.raises(IllegalTransition):
            move(str(transfer_id), state, LATER)
    with database.connection_context():
        with pytest.raises(IllegalTransition):
            record_event(transfer_id, "Completed", "Processing", LATER)
        with pytest.raises(IllegalTransition):
            store.record_events([(transfer_id, "Completed", "Failed", "late", 1)], LATER)
        assert Transfer.get_by_id(transfer_id).state == "Completed"
        assert [e.to_state for e in events_for(transfer_id)] == ["Created", "Processing", "Completed"]


def test_settlement_writes_follow_the_table(organization_id: int) -> None:
    created = new_transfer(organization_id)
    with database.connection_context():
        # Created -> Completed skips Processing: refused even though nothing else stands in the way.
        with pytest.raises(IllegalTransition):
            store.record_events([(created, "Created", "Completed", "skip", 1)], LATER)
        assert store.fail_transfer(created, "AM09", "rounds to zero", 0, LATER)
        assert not store.fail_transfer(created, "AM09", "again", 0, LATER)
        assert [(e.from_state, e.to_state) for e in events_for(created)] == [(None, "Created"), ("Created", "Failed")]


def test_an_unknown_transfer_is_not_moved(organization_id: int) -> None:
    with database.connection_context():
        assert not store.fail_transfer(uuid.uuid4(), "AM09", "gone", 0, LATER)
