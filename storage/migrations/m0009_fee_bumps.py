"""Keep an envelope's fee bump and the fee the ledger charged.

A fee bump wraps the stored envelope unchanged, so the envelope's own hash still finds the payment;
the bump's hash and envelope are kept too, stored before the bump is submitted, so a restarted
worker submits the bump (at its higher fee) rather than the bare envelope, and the operator sees
both hashes. The columns are new and empty for envelopes stored before them.
"""

from __future__ import annotations

import peewee

from storage.migrate import execute

COLUMNS = (
    ("bump_hash", "VARCHAR(64)"),
    ("bump_fee", "BIGINT"),
    ("bump_xdr", "TEXT"),
    ("fee_charged", "BIGINT"),
)


def apply(db: peewee.Database) -> None:
    """Add the nullable columns, one statement each (SQLite adds one column at a time)."""
    for name, kind in COLUMNS:
        execute(f'ALTER TABLE "settlement_attempt" ADD COLUMN "{name}" {kind}')
