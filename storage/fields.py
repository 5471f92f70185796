"""Exact money columns: a Decimal in Python, an integer count of minor units in the database.

SQLite gives DECIMAL columns NUMERIC affinity and stores 125.50 as a binary float; an integer
of cents (or stroops) is exact on SQLite and Postgres alike.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import peewee


class MinorUnitsField(peewee.BigIntegerField):
    """A Decimal with a fixed number of places, stored as an integer of 10**-places units."""

    def __init__(self, places: int, **kwargs: Any) -> None:
        self.places = places
        super().__init__(**kwargs)

    def db_value(self, value: Any) -> Any:
        """Decimal → integer minor units; refuses values that would need rounding."""
        if value is None:
            return None
        scaled = Decimal(value).scaleb(self.places)
        if scaled != scaled.to_integral_value():
            raise ValueError(f"{value} has more than {self.places} decimal places")
        return int(scaled)

    def python_value(self, value: Any) -> Any:
        """Integer minor units → Decimal with exactly `places` places."""
        if value is None:
            return None
        return Decimal(int(value)).scaleb(-self.places)
