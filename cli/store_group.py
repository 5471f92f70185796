"""Commands that turn a store that is missing, unreachable or not migrated into one line, not a traceback."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click
import peewee
from flask.cli import AppGroup, ScriptInfo

from cli.cannot_check import CANNOT_CHECK
from storage.diagnosis import store_problem


class StoreUnanswered(click.ClickException):
    """The store did not answer: `Error: cannot reach ...`, exit status 2, as any dependency that is down."""

    exit_code = CANNOT_CHECK


def _invoke_explaining_the_store(invoke: Callable[[click.Context], Any], ctx: click.Context, migrations: bool) -> Any:
    """Run `invoke(ctx)`; a database error is explained when the store itself is the cause.

    Exit status 1 for a store to fix (missing, not migrated), 2 for one that did not answer: a
    command such as `reconcile` must not look as if it found a mismatch while Postgres is down.
    """
    try:
        return invoke(ctx)
    except peewee.PeeweeException as error:
        # The command's app context has ended; the script info keeps the app it loaded.
        url = ctx.ensure_object(ScriptInfo).load_app().config["DATABASE_URL"]
        problem = store_problem(url, migrations)
        if problem is None:
            raise
        raise (StoreUnanswered if problem.unreachable else click.ClickException)(problem.message) from error


class StoreGroup(AppGroup):
    """An AppGroup whose commands, when they fail on the database, say why in one line.

    `migrations=False` (the `db` group itself) names only a missing or unreachable database.
    """

    def __init__(self, *args: Any, migrations: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.migrations = migrations

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a database error is explained when the store itself is the cause."""
        return _invoke_explaining_the_store(super().invoke, ctx, self.migrations)


class StoreCommand(click.Command):
    """A single command (no group) that says in one line why the store cannot serve it."""

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a database error is explained when the store itself is the cause."""
        return _invoke_explaining_the_store(super().invoke, ctx, True)
