"""`flask --app app db upgrade`."""

from __future__ import annotations

import click
from flask.cli import AppGroup

from storage.migrate import upgrade

group = AppGroup("db", help="Database schema.")


@group.command("upgrade")
def upgrade_command() -> None:
    """Apply pending migrations."""
    applied = upgrade()
    click.echo(f"applied: {', '.join(applied)}" if applied else "database is up to date")
