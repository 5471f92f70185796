"""Apply pending migrations in order and remember which ran, in `schema_migration`."""

from __future__ import annotations

import contextlib
import importlib
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import peewee

from storage import migrations
from storage.database import database
from storage.models import utc_now


class SchemaMigration(peewee.Model):
    """One applied migration."""

    name = peewee.CharField(max_length=100, primary_key=True)
    applied_at = peewee.DateTimeField()

    class Meta:
        database = database
        table_name = "schema_migration"


def sql_statements(text: str) -> list[str]:
    """Split a SQL script into statements on `;` at line ends, outside `$$` function bodies."""
    statements: list[str] = []
    current: list[str] = []
    in_body = False
    for line in text.splitlines():
        if not current and (not line.strip() or line.lstrip().startswith("--")):
            continue
        current.append(line)
        if line.count("$$") % 2:
            in_body = not in_body
        if line.rstrip().endswith(";") and not in_body:
            statements.append("\n".join(current).rstrip().removesuffix(";"))
            current = []
    return statements


def execute(statement: str) -> None:
    """Execute one statement of a migration on the bound database (the one `upgrade` passes as `db`)."""
    database.execute_sql(statement)


def run_sql_file(db: peewee.Database, path: Path) -> None:
    """Execute every statement of a SQL script, in order."""
    for statement in sql_statements(path.read_text()):
        execute(statement)


def migration_names() -> list[str]:
    """All migration module names, in the order they apply."""
    return sorted(m.name for m in pkgutil.iter_modules(migrations.__path__) if m.name.startswith("m"))


@contextlib.contextmanager
def _sqlite_foreign_keys_off(db: peewee.Database) -> Iterator[None]:
    """On SQLite, foreign keys off while a migration runs, so a table rebuild's DROP cascades to nothing.

    The pragma is ignored inside a transaction, so it wraps the migration's; the migration's own
    transaction checks the keys before it commits (`_check_foreign_keys`).
    """
    if not isinstance(db, peewee.SqliteDatabase):
        yield
        return
    db.pragma("foreign_keys", "OFF")
    try:
        yield
    finally:
        db.pragma("foreign_keys", "ON")


def _check_foreign_keys(db: peewee.Database) -> None:
    if isinstance(db, peewee.SqliteDatabase):
        broken = db.pragma("foreign_key_check")
        if broken:
            raise peewee.IntegrityError(f"migration left rows without their parent: {broken}")


def upgrade(until: str | None = None) -> list[str]:
    """Apply every migration not yet applied (up to `until` included); return the names applied now."""
    db = database.obj
    applied_now: list[str] = []
    with database.connection_context():
        database.create_tables([SchemaMigration])
        done = {row.name for row in SchemaMigration.select()}
        for name in migration_names():
            if until is not None and name > until:
                break
            if name in done:
                continue
            module = importlib.import_module(f"{migrations.__name__}.{name}")
            with _sqlite_foreign_keys_off(db), database.atomic():
                module.apply(db)
                _check_foreign_keys(db)
                SchemaMigration.create(name=name, applied_at=utc_now())
            applied_now.append(name)
    return applied_now


def pending_migrations() -> list[str]:
    """The migrations not yet applied to the bound database, in order (all of them on an empty store)."""
    with database.connection_context():
        if not database.table_exists(SchemaMigration._meta.table_name):
            return migration_names()
        done = {row.name for row in SchemaMigration.select()}
    return [name for name in migration_names() if name not in done]
