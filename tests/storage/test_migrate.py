"""Migrations build exactly the schema the models describe, and run once."""

from __future__ import annotations

from flask import Flask

from storage.database import database
from storage.migrate import migration_names, sql_statements, upgrade
from storage.models import ALL_MODELS


def test_migrations_create_every_model_column(app: Flask) -> None:
    with database.connection_context():
        for model in ALL_MODELS:
            table = model._meta.table_name
            columns = {c.name for c in database.get_columns(table)}
            assert columns == {f.column_name for f in model._meta.sorted_fields}, table


def test_migrations_create_exactly_the_model_indexes(app: Flask) -> None:
    # Extra indexes count too: each one is a write on every insert (m0002 dropped two).
    with database.connection_context():
        for model in ALL_MODELS:
            table = model._meta.table_name
            found = {
                (i.name, i.unique)
                for i in database.get_indexes(table)
                if not i.name.endswith("_pkey") and not i.name.startswith("sqlite_autoindex_")
            }
            declared = {(i._name, i._unique) for i in model._meta.fields_to_index()}
            assert found == declared, table


def test_upgrade_is_idempotent(app: Flask) -> None:
    assert upgrade() == []
    assert migration_names()[0] == "m0001_initial"


def test_sql_statements_keep_function_bodies_whole() -> None:
    script = "-- note\nCREATE TABLE a (x INT);\nCREATE FUNCTION f() AS $$\nBEGIN\n  x;\nEND;\n$$ LANGUAGE plpgsql;\n"
    assert sql_statements(script) == [
        "CREATE TABLE a (x INT)",
        "CREATE FUNCTION f() AS $$\nBEGIN\n  x;\nEND;\n$$ LANGUAGE plpgsql",
    ]
