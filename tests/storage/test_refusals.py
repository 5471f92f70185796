"""The day's AM04 refusals: one row per account, counted in place, started again on a new day."""

from __future__ import annotations

from datetime import date

from storage.database import database
from storage.organizations import insert_organization
from storage.refusals import AccountRefusals, OrganizationRefusals, am04_by_organization, count_am04
from tests.support.accounts import prefund

MONDAY, TUESDAY = date(2026, 11, 23), date(2026, 11, 24)


def test_refusals_are_counted_per_account_and_day_in_one_row_each(organization_id: int) -> None:
    with database.connection_context():
        other = int(insert_organization("Other Bank").id)
    prefund("Storage Bank", "ACC-1")
    prefund("Storage Bank", "ACC-2")
    prefund("Other Bank", "ACC-1")
    with database.connection_context():
        for _ in range(3):
            count_am04(organization_id, "ACC-1", MONDAY)
        count_am04(organization_id, "ACC-2", MONDAY)
        count_am04(organization_id, "ACC-9", MONDAY)  # not an account: nothing to count
        assert am04_by_organization(MONDAY) == [OrganizationRefusals("Storage Bank", 4)]
        count_am04(organization_id, "ACC-1", TUESDAY)
        for _ in range(5):
            count_am04(other, "ACC-1", TUESDAY)
        assert am04_by_organization(TUESDAY) == [
            OrganizationRefusals("Other Bank", 5),
            OrganizationRefusals("Storage Bank", 1),
        ]
        assert am04_by_organization(MONDAY) == [OrganizationRefusals("Storage Bank", 1)]  # ACC-2's Monday row
        assert AccountRefusals.select().count() == 3
