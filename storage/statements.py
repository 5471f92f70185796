"""Hot-path statements: peewee queries rendered to SQL once per kind of store, then run with new values.

Peewee builds a statement's SQL anew on every call; for the few statements every request runs,
that was a sixth of a request's CPU (docs/performance.md). A `Statement` is declared as a function
that builds the peewee query from its arguments, plus the field that converts each argument. Peewee
renders it, so the text follows the models; each value is then converted by its field, as peewee
would convert it. On Postgres psycopg prepares each statement on a connection once it has run there
a few times (`prepare_threshold`), so the server plans it once per connection rather than per request.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import peewee

from storage.database import database


class _Slot:
    """Where an argument goes in a rendered statement; found among the rendered parameters by identity."""

    def __init__(self, index: int) -> None:
        self.index = index


# A rendered statement: its SQL, and per parameter the argument's index or, for a constant the
# query holds itself, a one-tuple of its (already converted) value; None when the parameters are
# the arguments in order (an INSERT's), so binding them reorders nothing.
_Rendering = tuple[str, tuple[int | tuple[Any], ...] | None]


class Statement:
    """A peewee query whose SQL is rendered once per kind of store (SQLite, Postgres), on first use.

    `build` takes one argument per entry of `fields` and returns the query; the field converts that
    argument's value (its `db_value`), None passes it as given. Every argument must appear among the
    rendered parameters, as often as the query uses it, or rendering fails.
    """

    def __init__(self, build: Callable[..., peewee.Query], *fields: peewee.Field | None) -> None:
        self.build = build
        self._writers: tuple[Callable[[Any], Any] | None, ...] = tuple(
            None if f is None else f.db_value for f in fields
        )
        self._renderings: dict[type[peewee.Database], _Rendering] = {}

    def _rendering(self) -> _Rendering:
        kind = type(database.obj)
        found = self._renderings.get(kind)
        if found is None:
            found = self._renderings[kind] = self._render()
        return found

    def _render(self) -> _Rendering:
        slots = [_Slot(i) for i in range(len(self._writers))]
        sql, params = self.build(*(peewee.Value(slot, converter=False) for slot in slots)).sql()
        order = tuple(p.index if isinstance(p, _Slot) else (p,) for p in params)
        missing = set(range(len(slots))) - {i for i in order if isinstance(i, int)}
        if missing:
            raise ValueError(f"arguments {sorted(missing)} are not parameters of {sql}")
        return sql, None if order == tuple(range(len(slots))) else order

    @property
    def sql(self) -> str:
        """The statement's SQL for the bound store, with a placeholder per parameter."""
        return self._rendering()[0]

    def params(self, *values: Any) -> list[Any]:
        """The parameters the statement binds for these arguments, each converted by its field."""
        written = [v if write is None else write(v) for write, v in zip(self._writers, values, strict=True)]
        order = self._rendering()[1]
        return written if order is None else [written[i] if isinstance(i, int) else i[0] for i in order]

    def execute(self, *values: Any) -> Any:
        """Run the statement with these arguments on the bound store; return the cursor."""
        return database.execute_sql(self.sql, self.params(*values))


def db_value(field: Any, value: Any) -> Any:
    """A value as the field writes it."""
    return field.db_value(value)


def python_value(field: Any, value: Any) -> Any:
    """A column value as the field reads it."""
    return field.python_value(value)


def _default(field: peewee.Field) -> Any:
    default = field.default
    return default() if callable(default) else default


@functools.cache
def written_fields(model: type[peewee.Model]) -> tuple[peewee.Field, ...]:
    """The fields an INSERT of `model` writes: all but an auto-incremented key."""
    return tuple(f for f in model._meta.sorted_fields if not isinstance(f, peewee.AutoField))


@functools.cache
def insert_statement(model: type[peewee.Model]) -> Statement:
    """The INSERT of one whole row of `model`; its arguments are `written_fields(model)`' values."""
    fields = written_fields(model)
    return Statement(lambda *values: model.insert(dict(zip(fields, values, strict=True))).returning(), *fields)


def values_of(fields: Sequence[peewee.Field], values: Mapping[str, Any]) -> list[Any]:
    """The values of `fields` by name, in order; a field not given takes its default."""
    return [values[f.name] if f.name in values else _default(f) for f in fields]


def insert_row(model: type[peewee.Model], values: Mapping[str, Any]) -> None:
    """INSERT one row; fields not given take their default. Raises peewee.IntegrityError."""
    insert_statement(model).execute(*values_of(written_fields(model), values))
