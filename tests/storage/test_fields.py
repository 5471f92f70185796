"""Money columns round-trip exactly on every database."""

from __future__ import annotations

from decimal import Decimal

import pytest
from flask import Flask

from storage.database import database
from storage.fields import MinorUnitsField
from storage.models import Transfer


def test_round_trip_keeps_every_digit(app: Flask) -> None:
    field = Transfer.amount_tkn
    for value in (Decimal("0.0000001"), Decimal("9999999999.1234567"), Decimal("125.5")):
        assert field.python_value(field.db_value(value)) == value
    assert str(Transfer.amount_usd.python_value(Transfer.amount_usd.db_value(Decimal("125.5")))) == "125.50"
    with database.connection_context():
        columns = {c.name: c.data_type.upper() for c in database.get_columns("transfer")}
    assert "INT" in columns["amount_usd"]


def test_values_needing_rounding_are_refused() -> None:
    with pytest.raises(ValueError, match="more than 2 decimal places"):
        MinorUnitsField(places=2).db_value(Decimal("1.005"))
