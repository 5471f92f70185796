"""Pure business rules of a pacs.008."""

from __future__ import annotations

from decimal import Decimal

from stellar_sdk import Keypair, StrKey

from services import credit_transfer_rules
from services.credit_transfer_rules import check_amount, check_creditor_key, check_memo, is_valid_public_key
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


def _public_key_texts() -> list[str]:
    valid = [Keypair.random().public_key for _ in range(20)]
    seed = Keypair.random().secret
    muxed = "MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAAAAAC"
    flipped = [key[:-1] + ("A" if key[-1] != "A" else "B") for key in valid]
    return [*valid, *flipped, PAYEE, PAYEE.lower(), seed, muxed, PAYEE[:-1], PAYEE + "A", "", "G" * 56, " " + PAYEE[1:]]


def test_the_remembered_key_check_answers_as_stellar_sdk_does() -> None:
    for _ in range(2):  # the second pass is answered from the cache
        for text in _public_key_texts():
            assert is_valid_public_key(text) == StrKey.is_valid_ed25519_public_key(text), text


def test_only_texts_of_a_public_keys_length_are_remembered() -> None:
    credit_transfer_rules._remembered_public_key_check.cache_clear()
    is_valid_public_key("G" * 10_000)
    is_valid_public_key(PAYEE + "A")
    assert credit_transfer_rules._remembered_public_key_check.cache_info().currsize == 0
    is_valid_public_key(PAYEE)
    assert credit_transfer_rules._remembered_public_key_check.cache_info().currsize == 1
