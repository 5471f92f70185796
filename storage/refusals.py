"""The day's AM04 refusals of each source account, counted where intake refuses a hold.

One row per account, not one per refusal: a flood of refused messages on an account rewrites its
row and never grows the store (docs/decisions.md, h8: console). The row holds the count of the day
it names; the first refusal of a new day starts the count again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any, cast

import peewee

from storage.models import BaseModel, Organization, SourceAccount


class AccountRefusals(BaseModel):
    """How many pacs.008 an account refused with AM04 on `day` (m0014)."""

    account = peewee.ForeignKeyField(SourceAccount, primary_key=True, on_delete="CASCADE")
    day = peewee.DateField()
    am04 = peewee.IntegerField()
    account_id: int

    class Meta:
        table_name = "account_refusals"


def count_am04(organization_id: int, number: str, day: date) -> None:
    """Count one AM04 refusal of the organization's account `number` on `day`, in one statement.

    An account the organization does not have (it cannot be refused with AM04) counts nothing.
    """
    account = SourceAccount.select(SourceAccount.id, peewee.Value(day), peewee.Value(1)).where(
        (SourceAccount.organization == organization_id) & (SourceAccount.number == number)
    )
    same_day = AccountRefusals.day == peewee.EXCLUDED.day
    (
        AccountRefusals.insert_from(account, [AccountRefusals.account, AccountRefusals.day, AccountRefusals.am04])
        .on_conflict(
            conflict_target=[AccountRefusals.account],
            update={
                AccountRefusals.am04: peewee.Case(None, [(same_day, AccountRefusals.am04 + 1)], 1),
                AccountRefusals.day: peewee.EXCLUDED.day,
            },
        )
        .execute()
    )


@dataclass(frozen=True)
class OrganizationRefusals:
    """An organization's AM04 refusals on one day, summed over its accounts."""

    organization: str
    am04: int


def am04_by_organization(day: date) -> list[OrganizationRefusals]:
    """Per organization with any, its AM04 refusals on `day`, most first."""
    total = peewee.fn.SUM(AccountRefusals.am04)
    query = (
        Organization.select(Organization.name, total.alias("am04"))
        .join(SourceAccount, on=SourceAccount.organization == Organization.id)
        .join(AccountRefusals, on=AccountRefusals.account == SourceAccount.id)
        .where(AccountRefusals.day == day)
        .group_by(Organization.id, Organization.name)
        .order_by(total.desc(), Organization.name)
        .tuples()
    )
    rows = cast(list[tuple[Any, Any]], list(query))
    return [OrganizationRefusals(str(name), int(am04)) for name, am04 in rows]
