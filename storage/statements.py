"""Hot-path SQL rendered once per process from the models' metadata, instead of per request.

Peewee builds a statement's SQL anew on every call; for the few statements every request runs,
that was a sixth of a request's CPU (docs/performance.md). These render the same SQL once and
bind values through each field's own `db_value`, so conversions stay the models'. On Postgres
psycopg prepares each on a connection once it has run there a few times (`prepare_threshold`), so the
server plans it once per connection rather than per request.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

import peewee

from storage.database import database, is_postgres


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


_Writers = tuple[tuple[str, Callable[[Any], Any], peewee.Field], ...]
_WRITERS: dict[int, tuple[tuple[peewee.Field, ...], _Writers]] = {}


def _writers(fields: tuple[peewee.Field, ...]) -> _Writers:
    # Each field's name and bound `db_value`, looked up once per statement rather than per value.
    # Found by the tuple's identity (the statements' field tuples live as long as the process): a
    # cache keyed by the tuple would hash every field in Python, peewee's Field.__hash__, 36 times
    # per pacs.008 (docs/performance.md).
    found = _WRITERS.get(id(fields))
    if found is None or found[0] is not fields:
        found = _WRITERS[id(fields)] = (fields, tuple((f.name, f.db_value, f) for f in fields))
    return found[1]


def field_params(fields: tuple[peewee.Field, ...], values: Mapping[str, Any]) -> list[Any]:
    """The values of `fields` as they are written, in order; a field not given takes its default."""
    return [write(values[name] if name in values else _default(field)) for name, write, field in _writers(fields)]


def insert_row(model: type[peewee.Model], values: Mapping[str, Any]) -> None:
    """INSERT one row; fields not given take their default. Raises peewee.IntegrityError."""
    sql, fields = _insert_sql(model, database.obj.param)
    database.execute_sql(sql, field_params(fields, values))


@functools.cache
def _insert_pair_sql(
    parent: type[peewee.Model], child: type[peewee.Model], link: peewee.ForeignKeyField, param: str
) -> tuple[str, tuple[peewee.Field, ...], tuple[peewee.Field, ...]]:
    parent_sql, parent_fields = _insert_sql(parent, param)
    child_fields = tuple(f for f in child._meta.sorted_fields if not isinstance(f, peewee.AutoField) and f is not link)
    key = link.rel_field.column_name
    columns = ", ".join(f'"{f.column_name}"' for f in (link, *child_fields))
    placeholders = ", ".join(param for _ in child_fields)
    # Identifiers come from the models, never from input; values are bound parameters.
    sql = (
        f'WITH "parent_row" AS ({parent_sql} RETURNING "{key}") '  # noqa: S608
        f'INSERT INTO "{child._meta.table_name}" ({columns}) '
        f'VALUES ((SELECT "{key}" FROM "parent_row"), {placeholders})'
    )
    return sql, parent_fields, child_fields


def insert_row_with_child(
    parent: type[peewee.Model],
    parent_values: Mapping[str, Any],
    child: type[peewee.Model],
    link: peewee.ForeignKeyField,
    child_values: Mapping[str, Any],
) -> None:
    """INSERT a row and one row of `child` whose `link` points at it, both or neither.

    On Postgres this is one statement (a data-modifying WITH), so one round trip instead of four
    (BEGIN, two INSERTs, COMMIT); elsewhere two INSERTs in one transaction. Raises
    peewee.IntegrityError, having written nothing.
    """
    if not is_postgres():
        with database.atomic():
            insert_row(parent, parent_values)
            insert_row(child, {**child_values, link.name: parent_values[link.rel_field.name]})
        return
    sql, parent_fields, child_fields = _insert_pair_sql(parent, child, link, database.obj.param)
    database.execute_sql(sql, [*field_params(parent_fields, parent_values), *field_params(child_fields, child_values)])
