"""Hot queries rendered to SQL once per process, then run with new values.

Peewee builds a query's SQL afresh every time it runs, and for the ledger's per-operation
lookups that building costs far more than SQLite's execution of it. A prepared query is
declared as a function building the peewee query from its parameters, plus the field each
parameter is compared with or assigned to; it is rendered by peewee itself, so it follows
the models, and each value is converted by its field as peewee would convert it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

import peewee

from ledger.models import db

M = TypeVar("M", bound=peewee.Model)

# Far from any value the ledger stores, and distinct, so each can be found among the rendered parameters.
_SENTINEL_BASE = -7_340_000_000_000_000


class PreparedQuery:
    """A query's SQL, rendered once per process, on first use (the ledger's database is bound by then).

    ``build`` takes one argument per field in ``fields`` and returns the peewee query; the
    rendered parameters must be exactly those arguments, in that order, or rendering fails.
    """

    def __init__(self, build: Callable[..., peewee.Query], *fields: peewee.Field) -> None:
        self._build = build
        self._fields = fields
        self._converters: tuple[Callable[[Any], Any], ...] = tuple(field.db_value for field in fields)
        self._sql: str | None = None

    @property
    def sql(self) -> str:
        """The statement's SQL with a placeholder for each parameter."""
        if self._sql is None:
            self._sql = self._render()
        return self._sql

    def params(self, *values: Any) -> list[Any]:
        """The values as peewee would bind them: each converted by its field."""
        return [convert(value) for convert, value in zip(self._converters, values, strict=True)]

    def _render(self) -> str:
        sentinels = [_SENTINEL_BASE - index for index in range(len(self._fields))]
        sql, params = self._build(*sentinels).sql()
        expected = self.params(*sentinels)
        if params != expected or len(set(map(repr, expected))) != len(expected):
            raise ValueError(f"prepared query binds {params!r}, expected {expected!r}: {sql}")
        return sql


class PreparedSelect(PreparedQuery, Generic[M]):
    """A prepared SELECT of whole ``model`` rows matching the condition ``where`` builds.

    Rows become model instances as peewee's own cursor wrapper makes them: every column
    converted by its field, no defaults filled in, nothing marked dirty.
    """

    def __init__(self, model: type[M], where: Callable[..., peewee.ColumnBase], *fields: peewee.Field) -> None:
        columns = list(model._meta.sorted_fields)
        super().__init__(lambda *values: model.select(*columns).where(where(*values)), *fields)
        self._model = model
        self._columns = columns

    def all(self, *values: Any) -> list[M]:
        """Return every matching row as a model instance."""
        cursor = db.execute_sql(self.sql, self.params(*values))
        return [self._instance(row) for row in cursor.fetchall()]

    def one(self, *values: Any) -> M | None:
        """Return the matching row, or None; meant for lookups by a unique key."""
        rows = self.all(*values)
        return rows[0] if rows else None

    def _instance(self, row: tuple[Any, ...]) -> M:
        data = {field.name: field.python_value(value) for field, value in zip(self._columns, row, strict=True)}
        instance = self._model(__no_default__=1)
        instance.__data__.update(data)  # what setting each field would do, without marking it dirty
        return instance


class PreparedWrite(PreparedQuery):
    """A prepared UPDATE."""

    def execute(self, *values: Any) -> int:
        """Run the statement and return how many rows it changed."""
        cursor = db.execute_sql(self.sql, self.params(*values))
        count: int = cursor.rowcount
        return count
