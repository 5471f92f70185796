"""Pure business rules of a pacs.008."""

from __future__ import annotations

from decimal import Decimal

from services.credit_transfer_rules import check_amount, check_creditor_key, check_memo
from services.rejections import ReasonCode
from tests.support.messages import PAYEE


def test_amount_precision_ignores_trailing_zeros() -> None:
    assert check_amount(Decimal("10.500"), "USD") == []
    assert [v.code for v in check_amount(Decimal("10.505"), "USD")] == [ReasonCode.AM09]


def test_currency_is_checked_before_amount() -> None:
    assert [v.code for v in check_amount(Decimal("-1"), "EUR")] == [ReasonCode.CUST]


def test_valid_public_key_passes() -> None:
    assert check_creditor_key(PAYEE) == []


def test_memo_limit_counts_bytes() -> None:
    assert check_memo("€" * 9) == []  # 27 bytes
    assert [v.code for v in check_memo("€" * 10)] == [ReasonCode.FF01]  # 30 bytes
