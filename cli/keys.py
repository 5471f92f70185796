"""`flask --app app keys issue|list|revoke`."""

from __future__ import annotations

from datetime import datetime

import click
from flask import current_app

from cli.store_group import StoreGroup
from services.api_keys import Environment, UnknownOrganization, issue_api_key, revoke_api_key
from services.context import missing_production_settings
from storage.api_keys import list_api_keys
from storage.database import database
from storage.organizations import find_organization

group = StoreGroup("keys", help="API keys (only their hashes are stored).")


@group.command("issue")
@click.argument("organization")
@click.option("--environment", type=click.Choice(["sandbox", "production"]), default="sandbox")
def issue_command(organization: str, environment: str) -> None:
    """Issue a key for ORGANIZATION (name or ID) and print it once.

    A Production key is refused on a server that could not settle its transfers.
    """
    missing = missing_production_settings(current_app.config)
    if environment == "production" and missing:
        raise click.ClickException(f"refusing a Production key: this server lacks {', '.join(missing)}; set them first")
    try:
        plain, row = issue_api_key(organization, Environment(environment.capitalize()))
    except UnknownOrganization:
        raise click.ClickException(f"no organization {organization!r}") from None
    click.echo(
        f"key id {row.key_id} ({row.environment}) for {row.organization.name}; store it now, it is not shown again:"
    )
    click.echo(plain)


def _time(moment: datetime | None, never: str = "-") -> str:
    return f"{moment:%Y-%m-%dT%H:%M:%SZ}" if moment is not None else never


@group.command("list")
@click.argument("organization", required=False)
def list_command(organization: str | None) -> None:
    """Keys (only ORGANIZATION's when given; public IDs only), newest first, tab-separated.

    The last use is at most a minute behind.
    """
    with database.connection_context():
        owner = find_organization(organization) if organization else None
        if organization and owner is None:
            raise click.ClickException(f"no organization {organization!r}")
        keys = list_api_keys(owner)
    click.echo("key_id\torganization\tenvironment\tcreated_at\tlast_used_at\tstate")
    for key in keys:
        state = f"revoked {_time(key.revoked_at)}" if key.revoked_at else "active"
        fields = [key.key_id, key.organization.name, key.environment]
        fields += [_time(key.created_at), _time(key.last_used_at, "never"), state]
        click.echo("\t".join(fields))


@group.command("revoke")
@click.argument("key_id")
def revoke_command(key_id: str) -> None:
    """Revoke the key with public ID KEY_ID."""
    if not revoke_api_key(key_id):
        raise click.ClickException(f"no active key {key_id!r}")
    click.echo(f"revoked {key_id}")
