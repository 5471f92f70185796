"""The console's view of money: each source account's balance, held and available, and the day's AM04 refusals.

Read from the store in one connection when the operator looks. A refusal is counted on its account
by intake (storage/refusals.py); the day is the UTC day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from storage.account_overview import AccountMoney, account_money, count_accounts
from storage.database import database
from storage.refusals import OrganizationRefusals, am04_by_organization

ACCOUNTS_LISTED = 50


@dataclass(frozen=True)
class MoneyOverview:
    """Accounts (the most refused first, at most ACCOUNTS_LISTED) and the day's AM04 refusals per organization."""

    day: date
    accounts: list[AccountMoney]
    account_count: int
    am04_by_organization: list[OrganizationRefusals]

    @property
    def am04_today(self) -> int:
        """Every AM04 refusal of the day."""
        return sum(organization.am04 for organization in self.am04_by_organization)


def read_money(now: datetime, listed: int = ACCOUNTS_LISTED) -> MoneyOverview:
    """The accounts and the refusals of `now`'s UTC day (`now` naive UTC)."""
    day = now.date()
    with database.connection_context():
        return MoneyOverview(day, account_money(day, listed), count_accounts(), am04_by_organization(day))
