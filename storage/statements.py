"""Hot-path SQL rendered once per process from the models' metadata, instead of per request.

Peewee builds a statement's SQL anew on every call; for the few statements every request runs,
that was a sixth of a request's CPU (docs/performance.md). These render the same SQL once and
bind values through each field's own `db_value`, so conversions stay the models'.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import peewee

from storage.database import database


def _default(field: peewee.Field) -> Any:
    default = field.default
    return default() if callable(default) else default


def db_value(field: Any, value: Any) -> Any:
    """A value as the field writes it."""
    return field.db_value(value)


def python_value(field: Any, value: Any) -> Any:
    """A column value as the field reads it."""
    return field.python_value(value)


@functools.cache
def _insert_sql(model: type[peewee.Model], param: str) -> tuple[str, tuple[peewee.Field, ...]]:
    fields = tuple(f for f in model._meta.sorted_fields if not isinstance(f, peewee.AutoField))
    columns = ", ".join(f'"{f.column_name}"' for f in fields)
    placeholders = ", ".join(param for _ in fields)
    # Identifiers come from the models, never from input; values are bound parameters.
    sql = f'INSERT INTO "{model._meta.table_name}" ({columns}) VALUES ({placeholders})'  # noqa: S608
    return sql, fields


def insert_row(model: type[peewee.Model], values: Mapping[str, Any]) -> None:
    """INSERT one row; fields not given take their default. Raises peewee.IntegrityError."""
    sql, fields = _insert_sql(model, database.obj.param)
    params = [db_value(f, values[f.name] if f.name in values else _default(f)) for f in fields]
    database.execute_sql(sql, params)


@functools.cache
def select_columns(model: type[peewee.Model], alias: str) -> str:
    """`alias."col", ...` for every column of a model, in field order."""
    return ", ".join(f'{alias}."{f.column_name}"' for f in model._meta.sorted_fields)
