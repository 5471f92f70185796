"""Settlement: claim and retry columns on transfers, the attempt and channel lease tables."""

from __future__ import annotations

import peewee
from playhouse.migrate import SchemaMigrator, migrate

from storage.models import ChannelLease, SettlementAttempt, Transfer

_NEW_TRANSFER_COLUMNS = (
    "ledger_sequence",
    "claimed_by",
    "claimed_until",
    "next_attempt_at",
    "attempt_count",
    "blocked_since",
    "last_error",
)

# Wakes LISTENing workers as soon as a transfer is committed, so pickup needs no tight polling.
_NOTIFY_FUNCTION = """
CREATE OR REPLACE FUNCTION notify_transfer_created() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('transfer_created', NEW.id::text);
    RETURN NEW;
END;
$$ LANGUAGE plpgsql
"""
_NOTIFY_TRIGGER = """
CREATE TRIGGER transfer_created_notify AFTER INSERT ON transfer
FOR EACH ROW EXECUTE FUNCTION notify_transfer_created()
"""


def apply(db: peewee.Database) -> None:
    """Add the settlement columns (m0001 builds `transfer` from the live model, so skip existing ones)."""
    existing = {column.name for column in db.get_columns(Transfer._meta.table_name)}
    fields = Transfer._meta.fields
    migrator = SchemaMigrator.from_database(db)  # type: ignore[no-untyped-call]
    operations = [
        migrator.add_column(Transfer._meta.table_name, name, fields[name])
        for name in _NEW_TRANSFER_COLUMNS
        if name not in existing
    ]
    if operations:
        migrate(*operations)  # type: ignore[no-untyped-call]
    db.create_tables([SettlementAttempt, ChannelLease])
    if isinstance(db, peewee.PostgresqlDatabase):
        for statement in (
            _NOTIFY_FUNCTION,
            "DROP TRIGGER IF EXISTS transfer_created_notify ON transfer",
            _NOTIFY_TRIGGER,
        ):
            db.execute_sql(statement)  # type: ignore[no-untyped-call]
