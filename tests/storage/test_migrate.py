"""Migrations build exactly the schema the models describe, and run once."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import peewee
import pytest
from flask import Flask

from storage import statements
from storage.accounts import find_account
from storage.cancellations import CancellationRequest
from storage.database import database
from storage.migrate import migration_names, sql_statements, upgrade
from storage.models import (
    ALL_MODELS,
    BALANCE_SLICES,
    BalanceSlice,
    JournalEntry,
    Organization,
    SettlementAttempt,
    SettlementPayment,
    Transfer,
    TransferEvent,
)
from storage.rate_limits import OrganizationRateLimit, RateSchedule
from storage.refusals import AccountRefusals
from storage.transfer_states import TransferState
from storage.webhook_models import WEBHOOK_MODELS, WebhookMessage
from tests.support.accounts import failed_checks
from tests.support.databases import postgres_url, unmigrated_store
from tests.support.transfers import AT, new_transfer

EVERY_MODEL: tuple[type[peewee.Model], ...] = (
    *ALL_MODELS,
    *WEBHOOK_MODELS,
    AccountRefusals,
    RateSchedule,
    OrganizationRateLimit,
    CancellationRequest,
)


def test_migrations_create_every_model_column(app: Flask) -> None:
    with database.connection_context():
        for model in EVERY_MODEL:
            table = model._meta.table_name
            columns = {c.name for c in database.get_columns(table)}
            assert columns == {f.column_name for f in model._meta.sorted_fields}, table


def indexes_found_and_declared(model: type[peewee.Model]) -> tuple[set[tuple[str, bool]], set[tuple[str, bool]]]:
    """The (name, unique) of the table's indexes in the store, and of those its model declares."""
    found = {
        (i.name, i.unique)
        for i in database.get_indexes(model._meta.table_name)
        if not i.name.endswith("_pkey") and not i.name.startswith("sqlite_autoindex_")
    }
    return found, {(i._name, i._unique) for i in model._meta.fields_to_index()}


def test_migrations_create_exactly_the_model_indexes(app: Flask) -> None:
    # Extra indexes count too: each one is a write on every insert (m0002 dropped two).
    with database.connection_context():
        for model in EVERY_MODEL:
            found, declared = indexes_found_and_declared(model)
            assert found == declared, model._meta.table_name


def test_upgrade_is_idempotent(app: Flask) -> None:
    assert upgrade() == []
    assert migration_names()[0] == "m0001_initial"


def test_sql_statements_keep_function_bodies_whole() -> None:
    script = "-- note\nCREATE TABLE a (x INT);\nCREATE FUNCTION f() AS $$\nBEGIN\n  x;\nEND;\n$$ LANGUAGE plpgsql;\n"
    assert sql_statements(script) == [
        "CREATE TABLE a (x INT)",
        "CREATE FUNCTION f() AS $$\nBEGIN\n  x;\nEND;\n$$ LANGUAGE plpgsql",
    ]


# Values a state column must refuse: a misspelling, another case, and the empty string.
BAD_STATES = ("Cancelled", "completed", "")


def test_the_migrated_checks_take_every_state_of_the_enum(organization_id: int) -> None:
    # The migrations spell the values out (S3); a state added to the enum without a migration fails here.
    transfer_id = new_transfer(organization_id)
    with database.connection_context():
        for state in TransferState:
            Transfer.update(state=state.value).where(Transfer.id == transfer_id).execute()
            event = {"transfer": transfer_id, "from_state": state.value, "to_state": state.value, "at": AT}
            TransferEvent.insert({**event, "attempt": 0}).execute()
        assert {e.from_state for e in TransferEvent.select()} == {None, *TransferState}


@pytest.mark.parametrize("bad", BAD_STATES)
def test_the_store_refuses_a_transfer_state_outside_the_enum(organization_id: int, bad: str) -> None:
    transfer_id = new_transfer(organization_id)
    with database.connection_context():
        with pytest.raises(peewee.IntegrityError), database.atomic():
            Transfer.update(state=bad).where(Transfer.id == transfer_id).execute()
        assert Transfer.get_by_id(transfer_id).state == "Created"


@pytest.mark.parametrize("column", ["from_state", "to_state"])
@pytest.mark.parametrize("bad", BAD_STATES)
def test_the_store_refuses_an_event_state_outside_the_enum(organization_id: int, column: str, bad: str) -> None:
    transfer_id = new_transfer(organization_id)
    event = {"transfer": transfer_id, "from_state": "Created", "to_state": "Processing", "at": AT, "attempt": 0}
    with database.connection_context():
        with pytest.raises(peewee.IntegrityError), database.atomic():
            TransferEvent.insert({**event, column: bad}).execute()
        TransferEvent.insert(event).execute()  # the same row with good states is taken
        assert [e.to_state for e in TransferEvent.select().order_by(TransferEvent.id)] == ["Created", "Processing"]


def table_rows(table: str) -> list[tuple[object, ...]]:
    return sorted(database.execute_sql(f'SELECT * FROM "{table}"').fetchall(), key=repr)


@contextlib.contextmanager
def models_without(*later: peewee.Field) -> Iterator[None]:
    """The models without these columns, which later migrations add, for writing rows to an older store."""
    for field in later:
        field.model._meta.remove_field(field.name)
    caches = (statements.insert_statement, statements.written_fields)
    for cache in caches:
        cache.cache_clear()
    try:
        yield
    finally:
        for field in later:
            field.model._meta.add_field(field.name, field)
        for cache in caches:
            cache.cache_clear()


def transfers_as_of_m0004() -> contextlib.AbstractContextManager[None]:
    """The Transfer model without the columns later migrations add, for writing rows to an older store."""
    return models_without(
        Transfer._meta.fields["failure_reason"],  # m0005
        TransferEvent._meta.fields["dispatched_at"],  # m0008
        Transfer._meta.fields["request_archive"],  # m0016
    )


def old_organization(name: str) -> int:
    """An organization written as a store from before m0010 (no funding policy) holds it."""
    param = database.obj.param
    database.execute_sql(f'INSERT INTO "organization" ("name", "created_at") VALUES ({param}, {param})', [name, AT])
    return int(database.execute_sql('SELECT max("id") FROM "organization"').fetchone()[0])


def test_m0004_keeps_every_row_index_and_child_of_a_populated_store(app: Flask, tmp_path: Path) -> None:
    with unmigrated_store(tmp_path):
        assert upgrade(until="m0003_notify_from_intake")[-1] == "m0003_notify_from_intake"
        with database.connection_context():
            organization_id = old_organization("Old Bank")
        with transfers_as_of_m0004():
            settled = new_transfer(organization_id, "Processing", "Completed")
            new_transfer(organization_id, "Failed")
            new_transfer(organization_id)
        with database.connection_context():
            attempt = SettlementAttempt.create(
                channel_account="G" + "C" * 55, sequence=7, fee=100, max_ledger=9, max_time=0,
                tx_hash="a" * 64, envelope_xdr="AAAA", created_at=AT, outcome="applied",
            )  # fmt: skip
            SettlementPayment.create(transfer=settled, attempt=attempt, number=1, op_index=0, created_at=AT)
            tables = ("transfer", "transfer_event", "settlement_payment", "settlement_attempt")
            before = {table: table_rows(table) for table in tables}

        assert upgrade(until="m0004_transfer_state_checks") == ["m0004_transfer_state_checks"]

        with database.connection_context():
            assert {table: table_rows(table) for table in tables} == before
            assert len(before["transfer_event"]) == 6 and len(before["settlement_payment"]) == 1
            if postgres_url() is None:
                assert database.execute_sql("PRAGMA foreign_key_check").fetchall() == []
                assert database.execute_sql("PRAGMA foreign_keys").fetchone() == (1,)
            for model in (Transfer, TransferEvent):
                found, declared = indexes_found_and_declared(model)
                assert found == declared - {("transfer_event_undispatched", False)}, model._meta.table_name  # m0008
            # The rebuilt tables still cascade to their children, and refuse a bad state.
            with pytest.raises(peewee.IntegrityError), database.atomic():
                Transfer.update(state="Cancelled").where(Transfer.id == settled).execute()
            Transfer.delete().where(Transfer.id == settled).execute()
            assert SettlementPayment.select().count() == 0
            assert TransferEvent.select().where(TransferEvent.transfer == settled).count() == 0


def test_m0010_builds_open_accounts_and_their_journal_from_existing_transfers(app: Flask, tmp_path: Path) -> None:
    with unmigrated_store(tmp_path):
        assert upgrade(until="m0009_fee_bumps")[-1] == "m0009_fee_bumps"
        with database.connection_context():
            organization_id = old_organization("Old Bank")
        with models_without(Transfer._meta.fields["request_archive"]):  # m0016
            new_transfer(organization_id)  # Created: held
            new_transfer(organization_id, "Processing")  # held
            new_transfer(organization_id, "Processing", "Completed")  # posted
            new_transfer(organization_id, "Failed")  # voided

        assert upgrade(until="m0010_source_accounts") == ["m0010_source_accounts"]

        with database.connection_context():
            assert Organization.get_by_id(organization_id).funding_policy == "open"
            row = database.execute_sql(
                'SELECT "number", "status", "debits_must_not_exceed_credits", "balance", "held", "available" '
                'FROM "source_account"'
            ).fetchone()
            assert (row[0], row[1], bool(row[2])) == ("ACC-1", "open", False)
            assert tuple(row[3:]) == (-12550, 25100, -37650)  # cents
            kinds = sorted(entry[0] for entry in database.execute_sql('SELECT "kind" FROM "journal_entry"'))
            assert kinds == ["hold", "hold", "hold", "hold", "post", "void"]

        assert upgrade(until="m0012_balance_slices")[-1] == "m0012_balance_slices"

        with database.connection_context():
            shares = {s.slice: (s.held, s.available) for s in BalanceSlice.select()}
            assert len(shares) == BALANCE_SLICES
            assert shares.pop(0) == (Decimal("251.00"), Decimal("-376.50"))
            assert set(shares.values()) == {(Decimal("0.00"), Decimal("0.00"))}
            holds = JournalEntry.select().where(JournalEntry.kind == "hold")
            assert {entry.slice for entry in holds} == {0}
            account = find_account(organization_id, "ACC-1")
            assert account is not None
            assert (account.balance, account.held, account.available) == (
                Decimal("-125.50"),
                Decimal("251.00"),
                Decimal("-376.50"),
            )
        upgrade()
        assert failed_checks() == []


def test_m0018_keeps_the_messages_and_puts_only_the_pending_cancellations_in_the_outbox(
    app: Flask, tmp_path: Path
) -> None:
    with unmigrated_store(tmp_path):
        assert upgrade(until="m0017_cancellations")[-1] == "m0017_cancellations"
        with database.connection_context():
            organization_id = old_organization("Old Bank")
        transfer_id = new_transfer(organization_id)
        with (
            database.connection_context(),
            models_without(
                CancellationRequest._meta.fields["dispatched_at"], WebhookMessage._meta.fields["cancellation"]
            ),
        ):
            event = TransferEvent.get(TransferEvent.transfer == transfer_id)
            WebhookMessage.create(
                id="msg_old", event=event.id, organization=organization_id, transfer=transfer_id,
                event_type="transfer.created", payload=b"<Document/>", created_at=AT,
            )  # fmt: skip
            for assignment_id, state in (("CXL-DONE", "refused"), ("CXL-WAIT", "pending")):
                CancellationRequest.create(
                    organization=organization_id, assignment_id=assignment_id, request_sha256="0" * 64,
                    raw_request=b"", reason_code="DUPL", transfer=transfer_id, state=state, answer=b"<a/>",
                    received_at=AT, decided_at=AT if state == "refused" else None,
                )  # fmt: skip
            before = table_rows("webhook_message")

        assert upgrade(until="m0018_cancellation_events") == ["m0018_cancellation_events"]

        with database.connection_context():
            assert [row[:-1] for row in table_rows("webhook_message")] == before  # cancellation_id added last
            outbox = {r.assignment_id: r.dispatched_at for r in CancellationRequest.select()}
            assert outbox == {"CXL-DONE": AT, "CXL-WAIT": None}
            for model in (WebhookMessage, CancellationRequest):
                found, declared = indexes_found_and_declared(model)
                assert found == declared, model._meta.table_name
            waiting = CancellationRequest.get(CancellationRequest.assignment_id == "CXL-WAIT")
            message = {
                "organization": organization_id, "transfer": transfer_id, "event_type": "transfer.cancellation",
                "payload": b"<Document/>", "created_at": AT, "event": None, "cancellation": waiting.id,
            }  # fmt: skip
            WebhookMessage.create(id="msg_new", **message)
            with pytest.raises(peewee.IntegrityError), database.atomic():
                WebhookMessage.create(id="msg_twice", **message)  # one message per cancellation request
            if postgres_url() is None:
                assert database.execute_sql("PRAGMA foreign_key_check").fetchall() == []
            # The rebuilt table still cascades from its parents.
            CancellationRequest.delete().where(CancellationRequest.id == waiting.id).execute()
            assert [m.id for m in WebhookMessage.select()] == ["msg_old"]
