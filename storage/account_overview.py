"""Source accounts as the operator's console sees them: balance, held, available and the day's AM04 refusals.

Aggregates only, read when a person looks (docs/decisions.md U2): no index of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, cast

import peewee

from storage.models import BalanceSlice, Organization, SourceAccount
from storage.refusals import AccountRefusals


@dataclass(frozen=True)
class AccountMoney:
    """One source account's money now and its AM04 refusals of the day."""

    organization: str
    number: str
    status: str
    balance: Decimal
    held: Decimal
    available: Decimal
    am04_today: int


def account_money(day: date, limit: int) -> list[AccountMoney]:
    """Up to `limit` accounts: those refused most on `day` first, then by organization and number."""
    refused = peewee.fn.COALESCE(AccountRefusals.am04, 0)
    held, available = peewee.fn.SUM(BalanceSlice.held), peewee.fn.SUM(BalanceSlice.available)
    query = (
        SourceAccount.select(
            Organization.name, SourceAccount.number, SourceAccount.status, held, available, refused.alias("am04")
        )
        .join(Organization, on=SourceAccount.organization == Organization.id)
        .switch(SourceAccount)
        .join(BalanceSlice, on=BalanceSlice.account == SourceAccount.id)
        .switch(SourceAccount)
        .join(
            AccountRefusals,
            peewee.JOIN.LEFT_OUTER,
            on=(AccountRefusals.account == SourceAccount.id) & (AccountRefusals.day == day),
        )
        .group_by(SourceAccount.id, Organization.name, SourceAccount.number, SourceAccount.status, AccountRefusals.am04)
        .order_by(refused.desc(), Organization.name, SourceAccount.number)
        .limit(limit)
        .tuples()
    )
    rows = cast(list[tuple[Any, ...]], list(query))
    found = []
    for name, number, status, held_units, available_units, am04 in rows:
        held_usd = BalanceSlice.held.python_value(held_units)
        free_usd = BalanceSlice.available.python_value(available_units)
        found.append(
            AccountMoney(str(name), str(number), str(status), held_usd + free_usd, held_usd, free_usd, int(am04))
        )
    return found


def count_accounts() -> int:
    """How many source accounts there are."""
    return int(SourceAccount.select(peewee.fn.COUNT(SourceAccount.id)).scalar() or 0)
