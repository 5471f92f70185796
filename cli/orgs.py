"""`flask --app app orgs create NAME`."""

from __future__ import annotations

import click
import peewee

from cli.store_group import StoreGroup
from storage.database import database
from storage.organizations import insert_organization, list_organizations

group = StoreGroup("orgs", help="Organizations.")


@group.command("create")
@click.argument("name")
def create_command(name: str) -> None:
    """Create an organization."""
    try:
        with database.atomic():
            organization = insert_organization(name)
    except peewee.IntegrityError:
        raise click.ClickException(f"organization {name!r} already exists") from None
    click.echo(f"organization {organization.id}: {organization.name}")


@group.command("list")
def list_command() -> None:
    """Organizations with their active keys and transfers, tab-separated."""
    with database.connection_context():
        rows = list_organizations()
    click.echo("id	name	created_at	active_keys	transfers")
    for row in rows:
        click.echo(
            f"{row.id}	{row.name}	{row.created_at:%Y-%m-%dT%H:%M:%SZ}	{row.active_keys}	{row.transfers}"
        )
