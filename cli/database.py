"""`flask --app app db upgrade`."""

from __future__ import annotations

import click

from cli.store_group import StoreGroup
from storage.migrate import upgrade

group = StoreGroup("db", help="The store's schema: `db upgrade` applies the migrations.", migrations=False)


@group.command("upgrade")
def upgrade_command() -> None:
    """Apply pending migrations."""
    applied = upgrade()
    click.echo(f"applied: {', '.join(applied)}" if applied else "database is up to date")
