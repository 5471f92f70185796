"""A hold is placed with its transfer, and posted or voided exactly once, decided by constraints."""

from __future__ import annotations

import uuid
from decimal import Decimal

import peewee
import pytest

from services.accounts import operations
from storage import holds
from storage import settlement as store
from storage.database import database
from storage.models import JournalEntry, SourceAccount, utc_now
from tests.support.transfers import AT, transfer_fields


def held_transfer(organization_id: int, number: str = "ACC-1", amount: str = "25.00") -> uuid.UUID:
    fields = transfer_fields(
        organization_id, f"MSG-{uuid.uuid4().hex[:8]}", amount_usd=Decimal(amount), source_account=number
    )
    with database.connection_context():
        assert holds.create_transfer_with_hold(fields, "accepted", organization_id, number, Decimal(amount))
    return uuid.UUID(str(fields["id"]))


def row(organization_id: int, number: str = "ACC-1") -> tuple[Decimal, Decimal, Decimal]:
    with database.connection_context():
        a = SourceAccount.get((SourceAccount.organization == organization_id) & (SourceAccount.number == number))
        return a.balance, a.held, a.available


def funded(organization_id: int, amount: str = "100.00", policy: str = "prefunded") -> None:
    with database.connection_context():
        operations.set_funding_policy(organization_id, policy, utc_now())
        operations.open_account(organization_id, "ACC-1", utc_now())
        operations.fund_account(organization_id, "ACC-1", Decimal(amount), "wire 1", utc_now())


def test_no_hold_means_no_transfer(organization_id: int) -> None:
    funded(organization_id, "10.00")
    fields = transfer_fields(organization_id, "MSG-1", amount_usd=Decimal("10.01"))
    with database.connection_context():
        assert not holds.create_transfer_with_hold(fields, "accepted", organization_id, "ACC-1", Decimal("10.01"))
        assert not holds.create_transfer_with_hold(fields, "accepted", organization_id, "ACC-2", Decimal("1.00"))
        assert JournalEntry.select().where(JournalEntry.kind == "hold").count() == 0
    assert row(organization_id) == (Decimal("10.00"), Decimal("0.00"), Decimal("10.00"))


def test_post_moves_the_hold_off_balance_once(organization_id: int) -> None:
    funded(organization_id)
    transfer = held_transfer(organization_id)
    with database.connection_context():
        assert holds.post_holds([transfer], AT) == 1
        assert holds.post_holds([transfer], AT) == 0  # a second worker's post changes nothing
        assert not holds.void_hold(transfer, AT)  # nor may a posted hold be voided
    assert row(organization_id) == (Decimal("75.00"), Decimal("0.00"), Decimal("75.00"))


def test_void_gives_the_amount_back_once(organization_id: int) -> None:
    funded(organization_id)
    transfer = held_transfer(organization_id)
    with database.connection_context():
        assert holds.void_hold(transfer, AT)
        assert not holds.void_hold(transfer, AT)
        assert holds.post_holds([transfer], AT) == 0
    assert row(organization_id) == (Decimal("100.00"), Decimal("0.00"), Decimal("100.00"))


@pytest.mark.parametrize("kind", ["post", "void"])
def test_the_store_refuses_a_second_resolution_of_a_hold(organization_id: int, kind: str) -> None:
    # The partial unique index decides, not the code: a raw second entry is refused.
    funded(organization_id)
    transfer = held_transfer(organization_id)
    with database.connection_context():
        holds.post_holds([transfer], AT)
        hold = JournalEntry.get((JournalEntry.transfer == transfer) & (JournalEntry.kind == "hold"))
        with pytest.raises(peewee.IntegrityError), database.atomic():
            JournalEntry.insert(
                account=hold.account_id, kind=kind, side="debit", counter_account="settlement",
                amount=hold.amount, transfer=transfer, pending=hold.id, at=AT,
            ).execute()  # fmt: skip
        with pytest.raises(peewee.IntegrityError), database.atomic():
            JournalEntry.insert(
                account=hold.account_id, kind="hold", side="debit", counter_account="settlement",
                amount=hold.amount, transfer=transfer, at=AT,
            ).execute()  # fmt: skip


def test_the_store_refuses_an_overdraft_of_an_account_that_must_not_overdraw(organization_id: int) -> None:
    funded(organization_id, "10.00")
    with database.connection_context():
        with pytest.raises(peewee.IntegrityError), database.atomic():
            SourceAccount.update(
                held=SourceAccount.held + Decimal("10.01"), available=SourceAccount.available - Decimal("10.01")
            ).execute()
        with pytest.raises(peewee.IntegrityError), database.atomic():
            SourceAccount.update(held=SourceAccount.held + 1).execute()  # available no longer balance - held


def test_completing_and_failing_a_transfer_resolve_its_hold_in_the_same_write(organization_id: int) -> None:
    funded(organization_id)
    done, failed = held_transfer(organization_id), held_transfer(organization_id)
    with database.connection_context():
        store.start_processing_many({done: Decimal("25"), failed: Decimal("25")}, AT)
        assert store.complete_transfers([(done, 1)], "f" * 64, 7, AT) == 1
        assert store.fail_transfer(failed, "AC01", "the payee has no trustline", 1, AT)
        assert not store.fail_transfer(failed, "AC01", "again", 1, AT)
    assert row(organization_id) == (Decimal("75.00"), Decimal("0.00"), Decimal("75.00"))
