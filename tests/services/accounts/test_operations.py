"""Funding a source account: one reference is one wire, funded once, to one account, for one amount."""

from __future__ import annotations

from decimal import Decimal

import pytest

from services.accounts.operations import AccountError, adjust_account, fund_account, open_account
from storage import accounts as store
from storage.database import database
from storage.models import JournalEntry, utc_now


def _balance(organization_id: int, number: str) -> Decimal:
    account = store.find_account(organization_id, number)
    assert account is not None
    return Decimal(account.balance)


@pytest.fixture()
def accounts(organization_id: int) -> int:
    with database.connection_context():
        open_account(organization_id, "ACC-1", utc_now())
        open_account(organization_id, "ACC-2", utc_now())
    return organization_id


def test_the_same_funding_again_changes_nothing_and_says_so(accounts: int) -> None:
    with database.connection_context():
        assert fund_account(accounts, "ACC-1", Decimal("5000000.00"), "R", utc_now()) is True
        assert fund_account(accounts, "ACC-1", Decimal("5000000"), "R", utc_now()) is False
        assert _balance(accounts, "ACC-1") == Decimal("5000000.00")


@pytest.mark.parametrize(
    ("number", "amount", "told"),
    [
        ("ACC-1", "7.00", "already funded 5000000.00 USD to account 'ACC-1'"),
        ("ACC-2", "5000000.00", "already funded 5000000.00 USD to account 'ACC-1'"),
    ],
)
def test_a_funding_reference_reused_for_another_amount_or_account_is_refused(
    accounts: int, number: str, amount: str, told: str
) -> None:
    with database.connection_context():
        fund_account(accounts, "ACC-1", Decimal("5000000.00"), "R", utc_now())
        entries = JournalEntry.select().count()

        with pytest.raises(AccountError, match=told):
            fund_account(accounts, number, Decimal(amount), "R", utc_now())

        assert JournalEntry.select().count() == entries
        assert _balance(accounts, "ACC-1") == Decimal("5000000.00")
        assert _balance(accounts, "ACC-2") == 0


def test_a_funding_reference_an_adjustment_used_is_refused(accounts: int) -> None:
    with database.connection_context():
        adjust_account(accounts, "ACC-1", "credit", Decimal("1.00"), "R", "fee refunded", utc_now())

        with pytest.raises(AccountError, match="used for another movement"):
            fund_account(accounts, "ACC-1", Decimal("1.00"), "R", utc_now())

        assert _balance(accounts, "ACC-1") == Decimal("1.00")
