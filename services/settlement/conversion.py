"""USD -> TKN at the configured rate, in Decimal, at Stellar's 7-decimal precision."""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal

STROOP = Decimal("0.0000001")


def usd_to_tkn(amount_usd: Decimal, rate: Decimal) -> Decimal:
    """Convert, rounding toward zero to whole stroops, so the payee never gets more than the rate gives."""
    if not isinstance(amount_usd, Decimal) or not isinstance(rate, Decimal):
        raise TypeError("amounts and rates are Decimal, never float")
    return (amount_usd * rate).quantize(STROOP, rounding=ROUND_DOWN)
