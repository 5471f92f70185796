"""A hold is placed with its transfer, and posted or voided exactly once, decided by constraints."""

from __future__ import annotations

import threading
import uuid
from decimal import Decimal

import peewee
import pytest

from services.accounts import operations
from storage import accounts, holds
from storage import settlement as store
from storage.database import database
from storage.models import BALANCE_SLICES, BalanceSlice, JournalEntry, utc_now
from tests.support.databases import postgres_url
from tests.support.transfers import AT, transfer_fields


def held_transfer(
    organization_id: int, number: str = "ACC-1", amount: str = "25.00", slice_number: int = 5
) -> uuid.UUID:
    fields = transfer_fields(
        organization_id, f"MSG-{uuid.uuid4().hex[:8]}", amount_usd=Decimal(amount), source_account=number
    )
    with database.connection_context():
        account = accounts.find_account(organization_id, number)
        assert account is not None
        assert accounts.gather(account.id, slice_number, Decimal(amount), AT)
        assert holds.create_transfer_with_hold(
            fields, "accepted", organization_id, number, slice_number, Decimal(amount)
        )
    return uuid.UUID(str(fields["id"]))


def row(organization_id: int, number: str = "ACC-1") -> tuple[Decimal, Decimal, Decimal]:
    with database.connection_context():
        a = accounts.find_account(organization_id, number)
        assert a is not None
        return a.balance, a.held, a.available


def slices(organization_id: int, number: str = "ACC-1") -> dict[int, tuple[Decimal, Decimal]]:
    """(held, available) by slice."""
    with database.connection_context():
        a = accounts.find_account(organization_id, number)
        assert a is not None
        query = BalanceSlice.select().where(BalanceSlice.account == a.id)
        return {s.slice: (s.held, s.available) for s in query}


def funded(organization_id: int, amount: str = "100.00", policy: str = "prefunded") -> None:
    with database.connection_context():
        operations.set_funding_policy(organization_id, policy, utc_now())
        operations.open_account(organization_id, "ACC-1", utc_now())
        operations.fund_account(organization_id, "ACC-1", Decimal(amount), "wire 1", utc_now())


def test_no_hold_means_no_transfer(organization_id: int) -> None:
    funded(organization_id, "10.00")
    fields = transfer_fields(organization_id, "MSG-1", amount_usd=Decimal("10.01"))
    with database.connection_context():
        account = accounts.find_account(organization_id, "ACC-1")
        assert account is not None and accounts.gather(account.id, 0, Decimal("10.00"), AT)
        assert not holds.create_transfer_with_hold(fields, "accepted", organization_id, "ACC-1", 0, Decimal("10.01"))
        assert not holds.create_transfer_with_hold(fields, "accepted", organization_id, "ACC-2", 0, Decimal("1.00"))
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
        one = BalanceSlice.slice == 0
        with pytest.raises(peewee.IntegrityError), database.atomic():
            BalanceSlice.update(
                held=BalanceSlice.held + Decimal("0.64"), available=BalanceSlice.available - Decimal("0.64")
            ).where(one).execute()
        with pytest.raises(peewee.IntegrityError), database.atomic():
            BalanceSlice.update(held=BalanceSlice.held - Decimal("0.01")).where(one).execute()  # held below zero
    assert row(organization_id) == (Decimal("10.00"), Decimal("0.00"), Decimal("10.00"))


def test_a_funding_is_shared_over_every_slice(organization_id: int) -> None:
    # So that holds on a hot account find money on whichever slice they draw, without gathering.
    funded(organization_id, "10.00")
    shares = slices(organization_id)
    assert len(shares) == BALANCE_SLICES
    assert sorted({available for _, available in shares.values()}) == [Decimal("0.62"), Decimal("0.63")]
    assert sum(available for _, available in shares.values()) == Decimal("10.00")


def test_a_slice_that_cannot_cover_refuses_the_hold_until_money_is_gathered_into_it(organization_id: int) -> None:
    funded(organization_id, "10.00")
    fields = transfer_fields(organization_id, "MSG-1", amount_usd=Decimal("9.00"))
    with database.connection_context():
        assert not holds.create_transfer_with_hold(fields, "accepted", organization_id, "ACC-1", 3, Decimal("9.00"))
        account = accounts.find_account(organization_id, "ACC-1")
        assert account is not None
        assert not accounts.gather(account.id, 3, Decimal("10.01"), AT)  # the whole account cannot cover it
        assert accounts.gather(account.id, 3, Decimal("9.00"), AT)
        assert holds.create_transfer_with_hold(fields, "accepted", organization_id, "ACC-1", 3, Decimal("9.00"))
    shares = slices(organization_id)
    assert shares[3][0] == Decimal("9.00")
    assert all(available >= 0 for _, available in shares.values())
    assert row(organization_id) == (Decimal("10.00"), Decimal("9.00"), Decimal("1.00"))


def test_a_post_and_a_void_move_the_slice_their_hold_was_placed_on(organization_id: int) -> None:
    funded(organization_id)
    posted, voided = held_transfer(organization_id, slice_number=7), held_transfer(organization_id, slice_number=9)
    with database.connection_context():
        assert holds.post_holds([posted], AT) == 1
        assert holds.void_hold(voided, AT)
    shares = slices(organization_id)
    assert shares[7][0] == shares[9][0] == Decimal("0.00")
    assert row(organization_id) == (Decimal("75.00"), Decimal("0.00"), Decimal("75.00"))


def test_completing_and_failing_a_transfer_resolve_its_hold_in_the_same_write(organization_id: int) -> None:
    funded(organization_id)
    done, failed = held_transfer(organization_id), held_transfer(organization_id)
    with database.connection_context():
        store.start_processing_many({done: Decimal("25"), failed: Decimal("25")}, AT)
        assert store.complete_transfers([(done, 1)], "f" * 64, 7, AT) == 1
        assert store.fail_transfer(failed, "AC01", "the payee has no trustline", 1, AT)
        assert not store.fail_transfer(failed, "AC01", "again", 1, AT)
    assert row(organization_id) == (Decimal("75.00"), Decimal("0.00"), Decimal("75.00"))


def hold_in_thread(organization_id: int, slice_number: int) -> BaseException | bool:
    """Place a 1.00 hold on a slice from another connection that waits at most 1 s for a row lock."""
    outcome: list[BaseException | bool] = []

    def work() -> None:
        fields = transfer_fields(organization_id, f"MSG-{uuid.uuid4().hex[:8]}", amount_usd=Decimal("1.00"))
        try:
            with database.connection_context(), database.atomic():
                database.execute_sql("SET LOCAL lock_timeout = '1s'")
                outcome.append(
                    holds.create_transfer_with_hold(
                        fields, "accepted", organization_id, "ACC-1", slice_number, Decimal("1.00")
                    )
                )
        except peewee.DatabaseError as error:
            outcome.append(error)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    return outcome[0]


@pytest.mark.skipif(postgres_url() is None, reason="row locks between connections: Postgres only")
def test_a_hold_waits_only_for_holds_on_its_own_slice(organization_id: int) -> None:
    # The point of slices (A12): one account's holds no longer queue on one row lock.
    funded(organization_id, "100.00", policy="open")
    fields = transfer_fields(organization_id, "MSG-OPEN", amount_usd=Decimal("1.00"))
    with database.connection_context(), database.atomic():
        assert holds.create_transfer_with_hold(fields, "accepted", organization_id, "ACC-1", 1, Decimal("1.00"))
        # This transaction holds slice 1's row lock until it ends.
        assert hold_in_thread(organization_id, 2) is True
        assert isinstance(hold_in_thread(organization_id, 1), peewee.OperationalError)  # lock_timeout
    assert row(organization_id) == (Decimal("100.00"), Decimal("2.00"), Decimal("98.00"))
