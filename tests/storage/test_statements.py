"""The hot-path statements: a row and its child are written together or not at all."""

from __future__ import annotations

import peewee
import pytest

from storage.database import database
from storage.models import Transfer, TransferEvent
from storage.statements import execute, insert_row_with_child
from tests.support.databases import postgres_url
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


def _prepared_on_server() -> set[str]:
    cursor = database.execute_sql("SELECT name FROM pg_prepared_statements WHERE name LIKE 'hot\\_%%'")
    return {name for (name,) in cursor.fetchall()}


@pytest.mark.skipif(postgres_url() is None, reason="server-side prepared statements are Postgres only")
def test_a_hot_statement_is_prepared_once_per_connection_and_then_only_executed() -> None:
    sql = "SELECT %s::int + %s::int"
    with database.connection_context():
        database.connection().prepared.clear()  # this pooled connection may have run the statement
        database.execute_sql("DEALLOCATE ALL")
        assert [execute(sql, [i, 1]).fetchone()[0] for i in range(3)] == [1, 2, 3]
        (name,) = _prepared_on_server()
        assert database.connection().prepared == {name}


@pytest.mark.skipif(postgres_url() is None, reason="server-side prepared statements are Postgres only")
def test_a_new_connection_prepares_again() -> None:
    sql = "SELECT %s::text"
    with database.connection_context():
        assert execute(sql, ["first"]).fetchone()[0] == "first"
    database.obj.close_all()  # the next connection is a new server session, with nothing prepared
    with database.connection_context():
        assert _prepared_on_server() == set()
        assert execute(sql, ["second"]).fetchone()[0] == "second"


def test_a_statement_with_values_runs_on_either_database(organization_id: int) -> None:
    with database.connection_context():
        param = database.obj.param
        (count,) = execute(f'SELECT count(*) FROM "organization" WHERE "id" = {param}', [organization_id]).fetchone()
    assert count == 1
