"""Drop two indexes that a composite index already covers.

`transfer(organization_id)` is the leading column of the unique `(organization_id, message_id)`,
and `transfer_event(transfer_id)` of `(transfer_id, id)`. Each cost an index write per new
transfer and served no query the composite does not (docs/performance.md).
"""

from __future__ import annotations

import peewee

from storage.migrate import execute


def apply(db: peewee.Database) -> None:
    """Drop the single-column indexes; the same statements on SQLite and Postgres."""
    for index in ("transfer_organization_id", "transfer_event_transfer_id"):
        execute(f'DROP INDEX IF EXISTS "{index}"')
