"""A pacs.028 look-up and its record are one outcome: the record holds what was found, or nothing is written."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import Any

import peewee
import pytest

from storage.database import database
from storage.models import StatusQuery
from storage.organizations import insert_organization
from storage.status_queries import AnswerRow, find_timeline_and_record, insert_status_query, prune_status_queries
from storage.transfers import TransferTimeline
from tests.support.transfers import AT, new_transfer

# Unlike the spec's table, so a record can only hold these values by following it.
PER_STATE = (
    ("Created", "AAAA", False),
    ("Processing", "BBBB", False),
    ("Completed", "CCCC", True),
    ("Failed", "DDDD", True),
)
NOT_FOUND = ("NONE", "GONE")


class TableAnswers:
    """An answer table as services.transfer_reports.Answers is one, with other values."""

    def __init__(self, per_state: tuple[AnswerRow, ...]) -> None:
        self.per_state = per_state

    def of(self, timeline: TransferTimeline | None) -> tuple[str | None, str | None]:
        if timeline is None:
            return NOT_FOUND
        for state, status, reason_is_error_code in self.per_state:
            if state == timeline.state:
                return status, timeline.error_code if reason_is_error_code else None
        return None, None

    def rows(self) -> tuple[AnswerRow, ...]:
        return self.per_state


def answer_from(per_state: tuple[AnswerRow, ...]) -> TableAnswers:
    return TableAnswers(per_state)


ANSWER = answer_from(PER_STATE)


def record(organization_id: int, queried: str) -> dict[str, Any]:
    return {
        "message_type": "pacs.028",
        "message_id": "1795300000ABCDEF0123",
        "queried_transfer_id": queried,
        "alternative_id": None,
        "original_message_id": None,
        "raw_request": b"<Document/>",
        "organization": organization_id,
        "environment": "Sandbox",
        "network": "net",
        "queried_at": AT,
    }


def recorded() -> list[tuple[str | None, str, str | None]]:
    rows = StatusQuery.select().order_by(StatusQuery.id)
    return [(r.queried_transfer_id, r.status, r.reason_code) for r in rows]


@pytest.mark.parametrize(
    ("states", "answer"),
    [
        ((), ("AAAA", None)),
        (("Processing",), ("BBBB", None)),
        (("Processing", "Completed"), ("CCCC", None)),
        (("Processing", "Failed"), ("DDDD", "AM04")),
    ],
)
def test_a_found_transfer_is_recorded_with_its_states_answer(
    organization_id: int, states: tuple[str, ...], answer: tuple[str, str | None]
) -> None:
    transfer_id = new_transfer(organization_id, *states)
    with database.connection_context():
        found = find_timeline_and_record(
            organization_id, transfer_id, record(organization_id, str(transfer_id)), ANSWER
        )
        assert found is not None and found.id == transfer_id and found.state == (states or ("Created",))[-1]
        assert found.last_event_at == (datetime(2026, 11, 22, 12, 0, 5) if states else AT)
        assert recorded() == [(str(transfer_id), *answer)]


def test_unknown_and_foreign_transfers_are_recorded_as_not_found(organization_id: int) -> None:
    with database.connection_context():
        other = int(insert_organization("Other Bank").id)
    foreign = new_transfer(other)
    unknown = uuid.UUID("019a0000-0000-7000-8000-000000000000")
    with database.connection_context():
        for transfer_id in (foreign, unknown):
            assert (
                find_timeline_and_record(
                    organization_id, transfer_id, record(organization_id, str(transfer_id)), ANSWER
                )
                is None
            )
        assert recorded() == [(str(foreign), "NONE", "GONE"), (str(unknown), "NONE", "GONE")]


def test_a_state_without_an_answer_records_nothing(organization_id: int) -> None:
    transfer_id = new_transfer(organization_id)
    given = record(organization_id, str(transfer_id))
    with database.connection_context():
        with pytest.raises(peewee.IntegrityError):
            find_timeline_and_record(organization_id, transfer_id, given, answer_from(PER_STATE[1:]))
        assert recorded() == []


def test_the_record_is_the_one_given(organization_id: int) -> None:
    transfer_id = new_transfer(organization_id)
    given = {
        **record(organization_id, str(transfer_id)),
        "alternative_id": "E2E",
        "original_message_id": "ORIG",
        "raw_request": b"<x>\xe2\x82\xac</x>",
    }
    with database.connection_context():
        find_timeline_and_record(organization_id, transfer_id, given, ANSWER)
        row = StatusQuery.get()
        stored = {name: getattr(row, name) for name in given if name != "organization"}
        assert row.organization.id == organization_id
    stored["raw_request"] = bytes(stored["raw_request"])
    assert stored == {name: value for name, value in given.items() if name != "organization"}


def test_a_field_not_given_takes_its_default(organization_id: int) -> None:
    transfer_id = new_transfer(organization_id)
    given = {k: v for k, v in record(organization_id, str(transfer_id)).items() if k != "original_message_id"}
    with database.connection_context():
        find_timeline_and_record(organization_id, transfer_id, given, ANSWER)
        assert StatusQuery.get().original_message_id is None


def test_prune_deletes_every_old_query_of_every_organization_in_batches(organization_id: int) -> None:
    with database.connection_context():
        other = insert_organization("Other Bank").id
        for owner in (organization_id, other):
            for days in (1, 2, 3, 10):
                insert_status_query(**{**record(owner, "x"), "queried_at": AT - timedelta(days=days)}, status="RJCT")
        assert prune_status_queries(AT - timedelta(days=2, hours=12), batch=2) == 4
        assert sorted((r.organization.id, (AT - r.queried_at).days) for r in StatusQuery.select()) == [
            (organization_id, 1),
            (organization_id, 2),
            (other, 1),
            (other, 2),
        ]
