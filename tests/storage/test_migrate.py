"""Migrations build exactly the schema the models describe, and run once."""

from __future__ import annotations

from flask import Flask

from storage.database import database
from storage.migrate import migration_names, upgrade
from storage.models import ALL_MODELS


def test_migrations_create_every_model_column(app: Flask) -> None:
    with database.connection_context():
        for model in ALL_MODELS:
            table = model._meta.table_name
            columns = {c.name for c in database.get_columns(table)}
            assert columns == {f.column_name for f in model._meta.sorted_fields}, table


def test_upgrade_is_idempotent(app: Flask) -> None:
    assert upgrade() == []
    assert migration_names()[0] == "m0001_initial"
