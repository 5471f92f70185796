"""A command group that turns a store that is missing, unreachable or not migrated into one line, not a traceback."""

from __future__ import annotations

from typing import Any

import click
import peewee
from flask.cli import AppGroup, ScriptInfo

from storage.diagnosis import store_problem


class StoreGroup(AppGroup):
    """An AppGroup whose commands, when they fail on the database, say why in one line.

    `migrations=False` (the `db` group itself) names only a missing or unreachable database.
    """

    def __init__(self, *args: Any, migrations: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.migrations = migrations

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a database error is explained when the store itself is the cause."""
        try:
            return super().invoke(ctx)
        except peewee.PeeweeException as error:
            # The command's app context has ended; the script info keeps the app it loaded.
            url = ctx.ensure_object(ScriptInfo).load_app().config["DATABASE_URL"]
            problem = store_problem(url, self.migrations)
            if problem is None:
                raise
            raise click.ClickException(problem) from error
