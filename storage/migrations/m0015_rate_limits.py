"""Per-organization request rates: each (organization, endpoint)'s schedule, and operators' overrides.

Frozen as DDL, which both dialects accept (BIGINT and DOUBLE PRECISION are INTEGER and REAL on SQLite).
"""

from __future__ import annotations

from pathlib import Path

import peewee

from storage.migrate import run_sql_file


def apply(db: peewee.Database) -> None:
    """Create `rate_schedule` and `organization_rate_limit`."""
    run_sql_file(db, Path(__file__).with_suffix(".sql"))
