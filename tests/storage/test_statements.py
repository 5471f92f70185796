"""The hot-path statements against peewee itself: the same SQL and parameters, on the bound store."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Any

import peewee
import pytest

from storage import holds
from storage.api_keys import ACTIVE_KEY
from storage.database import database
from storage.models import JournalEntry, StatusQuery, Transfer, TransferEvent
from storage.statements import Statement, insert_statement, values_of, written_fields
from storage.status_queries import _RECORD_FIELDS, _find_and_record
from storage.transfers import TIMELINE
from tests.support.databases import postgres_url
from tests.support.transfers import AT, transfer_fields

TRANSFER_ID = uuid.UUID("019a0000-0000-7000-8000-0000000000aa")
EVENT = {"transfer": TRANSFER_ID, "from_state": None, "to_state": "Created", "at": AT, "reason": "accepted"}
STATUS_QUERY = {"message_type": "pacs.028", "raw_request": b"<x/>", "organization": 3, "queried_at": AT}
ENTRY = {"account": 4, "kind": "hold", "side": "debit", "counter_account": "settlement", "amount": Decimal("2.50")}


def _insert(model: type[peewee.Model], values: dict[str, Any]) -> tuple[Statement, tuple[Any, ...]]:
    return insert_statement(model), tuple(values_of(written_fields(model), values))


def _cases() -> list[tuple[Statement, tuple[Any, ...]]]:
    transfer = transfer_fields(3, "MSG-1", id=TRANSFER_ID)
    hold = (Decimal("12.34"), AT, 3, "ACC-1", 5)
    event = {k: v for k, v in EVENT.items() if k != "transfer"}
    return [
        _insert(Transfer, transfer),
        _insert(TransferEvent, EVENT),
        _insert(StatusQuery, STATUS_QUERY),
        _insert(JournalEntry, {**ENTRY, "transfer": TRANSFER_ID, "at": AT, "slice": 5}),
        (holds.HOLD, hold),
        (
            holds.HOLD_WITH_TRANSFER,
            (
                *hold,
                *values_of(holds._TRANSFER_FIELDS, transfer),
                *values_of(holds._EVENT_FIELDS, event),
            ),
        ),
        (TIMELINE, (TRANSFER_ID, 3, "Completed")),
        (
            _find_and_record((("Created", "ACSP", False), ("Failed", "RJCT", True))),
            (TRANSFER_ID, 3, "Completed", *values_of(_RECORD_FIELDS, STATUS_QUERY), "RJCT", "AC01"),
        ),
        (ACTIVE_KEY, ("key-id",)),
    ]


def _plain(params: list[Any]) -> list[Any]:
    """Parameters comparable by value: psycopg wraps bytes in a `Binary` that compares by identity."""
    return [getattr(p, "obj", p) for p in params]


@pytest.mark.usefixtures("app")
def test_each_statement_renders_as_peewee_renders_the_same_query() -> None:
    for statement, values in _cases():
        sql, params = statement.build(*values).sql()
        assert (statement.sql, _plain(statement.params(*values))) == (sql, _plain(params))


@pytest.mark.usefixtures("app")
def test_a_statement_that_does_not_bind_an_argument_is_refused() -> None:
    statement = Statement(lambda transfer_id: Transfer.select().where(Transfer.id == TRANSFER_ID), Transfer.id)
    with pytest.raises(ValueError, match="not parameters"):
        _ = statement.sql


@pytest.mark.usefixtures("app")
def test_an_argument_used_twice_is_bound_twice() -> None:
    statement = Statement(
        lambda at: Transfer.select(Transfer.id).where((Transfer.created_at == at) | (Transfer.updated_at == at)),
        Transfer.created_at,
    )
    moment = datetime(2026, 1, 2, 3, 4, 5)
    assert (
        statement.params(moment)
        == Transfer.select(Transfer.id)
        .where((Transfer.created_at == moment) | (Transfer.updated_at == moment))
        .sql()[1]
    )


@pytest.mark.skipif(postgres_url() is None, reason="server-side prepared statements are Postgres only")
def test_the_driver_prepares_a_statement_that_runs_often_on_a_connection() -> None:
    sql = "SELECT %s::int + %s::int"
    with database.connection_context():
        runs = database.connection().prepare_threshold + 1
        assert [database.execute_sql(sql, [i, 1]).fetchone()[0] for i in range(runs)] == list(range(1, runs + 1))
        cursor = database.execute_sql("SELECT statement FROM pg_prepared_statements")
        assert "SELECT $1::int + $2::int" in {statement for (statement,) in cursor.fetchall()}
