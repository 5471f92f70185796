"""Count each source account's AM04 refusals of the day in one row per account (`account_refusals`).

Frozen as DDL, which both dialects accept.
"""

from __future__ import annotations

from pathlib import Path

import peewee

from storage.migrate import run_sql_file


def apply(db: peewee.Database) -> None:
    """Create `account_refusals`."""
    run_sql_file(db, Path(__file__).with_suffix(".sql"))
