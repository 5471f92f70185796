"""Index each endpoint's pending deliveries in the order they are due, for the deliverer's claim.

Frozen as DDL, which both dialects accept (a partial index).
"""

from __future__ import annotations

from pathlib import Path

import peewee

from storage.migrate import run_sql_file


def apply(db: peewee.Database) -> None:
    """Create `webhook_delivery_endpoint_due`."""
    run_sql_file(db, Path(__file__).with_suffix(".sql"))
