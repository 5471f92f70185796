"""The batch look-up's rows as text, and its record, on SQLite and Postgres."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest

from storage.batch_status import find_and_record, look_up_query
from storage.database import database
from storage.models import StatusQuery, Transfer
from storage.organizations import insert_organization
from tests.support.databases import postgres_url
from tests.support.transfers import create_transfer, transfer_fields

RECORD = {
    "message_type": "batch-status",
    "raw_request": b"{}",
    "environment": "Sandbox",
    "network": "",
    "queried_at": datetime(2026, 11, 22, 12, 0, 0),
    "status": "200",
}


def make(organization_id: int, message_id: str, **columns: Any) -> str:
    """A transfer with `columns` set as stored, whatever state they give it."""
    values = transfer_fields(organization_id, message_id)
    with database.connection_context():
        create_transfer(values, reason="test")
        if columns:
            Transfer.update(**columns).where(Transfer.id == values["id"]).execute()
    return str(values["id"])


def look_up(organization_id: int, ids: list[str]) -> dict[str, tuple[str | None, ...]]:
    with database.connection_context():
        return find_and_record(organization_id, ids, {**RECORD, "organization": organization_id})


def test_a_row_shows_times_to_the_second_and_amounts_with_their_places(organization_id: int) -> None:
    completed = make(
        organization_id,
        "MSG-1",
        state="Completed",
        created_at=datetime(2026, 1, 2, 3, 4, 5, 999_999),  # dropped, not rounded up
        updated_at=datetime(2026, 12, 31, 23, 59, 59, 1),
        completed_at=datetime(2026, 12, 31, 23, 59, 59),
        amount_usd=Decimal("1234567.05"),
        amount_tkn=Decimal("0.0000001"),  # a Decimal prints 1E-7
        ledger_hash="ab" * 32,
    )
    failed = make(organization_id, "MSG-2", state="Failed", amount_usd=Decimal("0.01"), error_code="AC01")
    found = look_up(organization_id, [completed, failed])
    assert found[completed] == (
        completed,
        "Completed",
        "2026-01-02T03:04:05Z",
        "2026-12-31T23:59:59Z",
        "2026-12-31T23:59:59Z",
        "ab" * 32,
        None,
        "1234567.05",
        "0.0000001",
    )
    assert found[failed] == (
        failed,
        "Failed",
        "2026-11-22T12:00:00Z",
        "2026-11-22T12:00:00Z",
        None,
        None,
        "AC01",
        "0.01",
        None,
    )


def test_a_whole_amount_keeps_its_places(organization_id: int) -> None:
    transfer_id = make(organization_id, "MSG-1", state="Completed", amount_usd=Decimal("10"), amount_tkn=Decimal("5"))
    row = look_up(organization_id, [transfer_id])[transfer_id]
    assert (row[7], row[8]) == ("10.00", "5.0000000")


def test_only_the_organizations_transfers_are_found_and_the_query_is_recorded(organization_id: int) -> None:
    with database.connection_context():
        other_organization_id = int(insert_organization("Other Bank").id)
    own = make(organization_id, "MSG-1")
    foreign = make(other_organization_id, "MSG-1")
    assert set(look_up(organization_id, [own, foreign, str(uuid.uuid4())])) == {own}
    with database.connection_context():
        (record,) = StatusQuery.select()
        assert (record.organization.id, record.message_type, record.status) == (organization_id, "batch-status", "200")
        assert Transfer.select().count() == 2


def test_no_ids_still_records_the_query(organization_id: int) -> None:
    assert look_up(organization_id, []) == {}
    with database.connection_context():
        assert StatusQuery.select().count() == 1


@pytest.mark.skipif(postgres_url() is None, reason="Postgres's planner: Postgres only")
def test_the_ids_are_looked_up_on_the_primary_key_whatever_the_statistics_say(organization_id: int) -> None:
    # Statistics that call the organization rare (a new store before autovacuum, or autovacuum off)
    # made Postgres AND the primary key with the organization's index, which reads all of its rows.
    ids = [make(organization_id, f"MSG-{n}") for n in range(20)]
    with database.connection_context(), database.atomic() as transaction:
        database.execute_sql('ALTER TABLE "transfer" ALTER COLUMN "organization_id" SET (n_distinct = -1)')
        database.execute_sql('ANALYZE "transfer"')  # rolled back with the transaction
        database.execute_sql("SET LOCAL enable_seqscan = off")  # as for a table too large to read whole
        sql, params = look_up_query(ids).sql()
        plan = "\n".join(row[0] for row in database.execute_sql(f"EXPLAIN {sql}", params).fetchall())
        transaction.rollback()
    assert "transfer_pkey" in plan
    assert "transfer_organization_id_message_id" not in plan
