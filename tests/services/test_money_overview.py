"""The console's money: each account's balance, held and available, and the day's AM04 refusals."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from services.money_overview import read_money
from storage.refusals import OrganizationRefusals
from tests.support.console import seed_accounts
from tests.support.operations import NOW


def test_each_account_shows_its_money_and_the_most_refused_come_first(organization_id: int) -> None:
    seed_accounts(organization_id, NOW)
    money = read_money(NOW)
    rows = [(a.organization, a.number, a.balance, a.held, a.available, a.am04_today) for a in money.accounts]
    assert rows == [
        ("Storage Bank", "ACC-DRY", Decimal("20.00"), Decimal("0.00"), Decimal("20.00"), 3),
        ("Other Bank", "ACC-OTHER", Decimal("5.00"), Decimal("0.00"), Decimal("5.00"), 1),
        ("Storage Bank", "ACC-RICH", Decimal("1000.00"), Decimal("200.00"), Decimal("800.00"), 0),
    ]
    assert money.account_count == 3 and money.am04_today == 4
    by_organization = [OrganizationRefusals("Storage Bank", 3), OrganizationRefusals("Other Bank", 1)]
    assert money.am04_by_organization == by_organization


def test_the_list_is_bounded_and_a_new_day_has_no_refusals_yet(organization_id: int) -> None:
    seed_accounts(organization_id, NOW)
    assert [a.number for a in read_money(NOW, listed=1).accounts] == ["ACC-DRY"]
    assert read_money(NOW, listed=1).account_count == 3
    tomorrow = read_money(NOW + timedelta(days=1))
    assert tomorrow.am04_today == 0 and tomorrow.am04_by_organization == []
    assert [a.am04_today for a in tomorrow.accounts] == [0, 0, 0]
    assert [a.number for a in tomorrow.accounts] == ["ACC-OTHER", "ACC-DRY", "ACC-RICH"]  # by organization, number


def test_no_accounts(organization_id: int) -> None:
    money = read_money(NOW)
    assert money.accounts == [] and money.account_count == 0 and money.am04_today == 0
