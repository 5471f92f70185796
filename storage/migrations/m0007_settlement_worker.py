"""Register live settlement workers, so a dead one's claims are taken back at once (decision L1)."""

from __future__ import annotations

import peewee

from storage.migrate import execute


def apply(db: peewee.Database) -> None:
    """The same statement on SQLite and Postgres (TIMESTAMP is a DATETIME to SQLite)."""
    execute(
        'CREATE TABLE "settlement_worker" '
        '("worker_id" VARCHAR(64) NOT NULL PRIMARY KEY, "started_at" TIMESTAMP NOT NULL)'
    )
