"""What each kind of journal entry does to a source account's balance and held amount."""

from __future__ import annotations

from decimal import Decimal


def movement(kind: str, side: str, amount: Decimal) -> tuple[Decimal, Decimal]:
    """(change to balance, change to held) of one entry; available changes by their difference."""
    zero = Decimal("0.00")
    if kind == "hold":
        return zero, amount
    if kind == "void":
        return zero, -amount
    if kind == "post":
        return -amount, -amount
    return (amount if side == "credit" else -amount), zero
