"""`flask --app app keys issue|list|revoke`."""

from __future__ import annotations

import click
from flask import current_app
from flask.cli import AppGroup

from services.api_keys import Environment, UnknownOrganization, issue_api_key, revoke_api_key
from services.context import missing_production_settings
from storage.api_keys import list_api_keys
from storage.organizations import find_organization

group = AppGroup("keys", help="API keys (only their hashes are stored).")


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


@group.command("list")
@click.option("--org", "organization", default=None, help="only this organization's keys")
def list_command(organization: str | None) -> None:
    """List keys (public IDs only)."""
    owner = find_organization(organization) if organization else None
    if organization and owner is None:
        raise click.ClickException(f"no organization {organization!r}")
    for key in list_api_keys(owner):
        state = f"revoked {key.revoked_at:%Y-%m-%dT%H:%M:%SZ}" if key.revoked_at else "active"
        click.echo(f"{key.key_id}\t{key.organization.name}\t{key.environment}\t{state}")


@group.command("revoke")
@click.argument("key_id")
def revoke_command(key_id: str) -> None:
    """Revoke the key with public ID KEY_ID."""
    if not revoke_api_key(key_id):
        raise click.ClickException(f"no active key {key_id!r}")
    click.echo(f"revoked {key_id}")
