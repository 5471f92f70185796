"""Batched settlement: an envelope pays many transfers (`settlement_payment`), channels lease to envelopes.

m0003 builds its tables from the live models, so on a fresh database they already have their
batched shape and this only adds `settlement_payment`. On a database migrated before, it moves
each existing envelope's transfer into a one-operation `settlement_payment` row and hands each
channel lease to the open envelope that uses it, so envelopes in flight during the upgrade are
still followed, never rebuilt.
"""

from __future__ import annotations

import peewee
from playhouse.migrate import SchemaMigrator, migrate

from storage.models import ChannelLease, SettlementAttempt, SettlementPayment

_MOVE_PAYMENTS = """
INSERT INTO settlement_payment
    (transfer_id, attempt_id, number, op_index, outcome, result_code, created_at, resolved_at)
SELECT transfer_id, id, number, 0, outcome, result_code, created_at, resolved_at FROM settlement_attempt
"""
_MOVE_LEASES = """
UPDATE channel_lease SET holder = 'm0004',
    attempt_id = (SELECT a.id FROM settlement_attempt a
                  WHERE a.transfer_id = channel_lease.transfer_id AND a.outcome IS NULL)
WHERE transfer_id IS NOT NULL
"""


def _columns(db: peewee.Database, table: str) -> set[str]:
    return {column.name for column in db.get_columns(table)}


def apply(db: peewee.Database) -> None:
    """Add the batch columns and table; carry envelopes and leases of an older schema over."""
    attempts, leases = SettlementAttempt._meta.table_name, ChannelLease._meta.table_name
    attempt_columns, lease_columns = _columns(db, attempts), _columns(db, leases)
    migrator = SchemaMigrator.from_database(db)  # type: ignore[no-untyped-call]
    added = []
    if "op_count" not in attempt_columns:
        added.append(migrator.add_column(attempts, "op_count", SettlementAttempt.op_count))
    if "holder" not in lease_columns:
        added.append(migrator.add_column(leases, "holder", ChannelLease.holder))
    if "attempt_id" not in lease_columns:
        added.append(migrator.add_column(leases, "attempt_id", ChannelLease.attempt))
    if added:
        migrate(*added)  # type: ignore[no-untyped-call]
    db.create_tables([SettlementPayment])
    # SQLite cannot drop a column that a constraint or index uses in place; rebuild those tables.
    legacy = {"legacy": True} if isinstance(db, peewee.SqliteDatabase) else {}
    if "transfer_id" in lease_columns:
        db.execute_sql(_MOVE_LEASES)  # type: ignore[no-untyped-call]
        migrate(migrator.drop_column(leases, "transfer_id", **legacy))  # type: ignore[no-untyped-call]
    if "transfer_id" in attempt_columns:
        db.execute_sql(_MOVE_PAYMENTS)  # type: ignore[no-untyped-call]
        drops = [migrator.drop_column(attempts, name, **legacy) for name in ("transfer_id", "number")]
        migrate(*drops)  # type: ignore[no-untyped-call]
