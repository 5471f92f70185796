"""The hot-path statements: a row and its child are written together or not at all."""

from __future__ import annotations

from decimal import Decimal

import peewee
import pytest

from storage.database import database
from storage.models import Transfer, TransferEvent
from storage.statements import field_params, insert_row_with_child
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


@pytest.mark.skipif(postgres_url() is None, reason="server-side prepared statements are Postgres only")
def test_the_driver_prepares_a_statement_that_runs_often_on_a_connection() -> None:
    sql = "SELECT %s::int + %s::int"
    with database.connection_context():
        runs = database.connection().prepare_threshold + 1
        assert [database.execute_sql(sql, [i, 1]).fetchone()[0] for i in range(runs)] == list(range(1, runs + 1))
        cursor = database.execute_sql("SELECT statement FROM pg_prepared_statements")
        assert "SELECT $1::int + $2::int" in {statement for (statement,) in cursor.fetchall()}


def test_a_statement_with_values_runs_on_either_database(organization_id: int) -> None:
    with database.connection_context():
        param = database.obj.param
        (count,) = database.execute_sql(
            f'SELECT count(*) FROM "organization" WHERE "id" = {param}', [organization_id]
        ).fetchone()
    assert count == 1


def test_binding_values_hashes_no_field(monkeypatch: pytest.MonkeyPatch) -> None:
    fields = tuple(f for f in Transfer._meta.sorted_fields if not isinstance(f, peewee.AutoField))
    values = {"state": "Created"}
    field_params(fields, values)  # the first call builds the writers
    hashed: list[peewee.Field] = []
    original = peewee.Field.__hash__

    def counting_hash(field: peewee.Field) -> int:
        hashed.append(field)
        return original(field)

    monkeypatch.setattr(peewee.Field, "__hash__", counting_hash)
    field_params(fields, values)
    assert hashed == []


def test_writers_follow_a_new_tuple_of_fields() -> None:
    first = (Transfer.state,)
    assert field_params(first, {"state": "Created"}) == ["Created"]
    second = (Transfer.state, Transfer.amount_usd)
    assert field_params(second, {"state": "Failed", "amount_usd": Decimal("1.50")}) == ["Failed", 150]
