"""`flask --app app orgs create|list|set-funding|add-bic|remove-bic|set-rate-limit`."""

from __future__ import annotations

import click
import peewee

from cli.store_group import StoreGroup
from services.accounts.operations import AccountError, add_bic, remove_bic, set_funding_policy
from services.rate_limits import RateEndpoint, set_rate_limit
from storage.database import database
from storage.models import FUNDING_POLICIES, utc_now
from storage.organizations import find_organization, insert_organization, list_organizations

group = StoreGroup("orgs", help="Organizations: create, list, funding policy, BICs.")


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


def _organization_id(name_or_id: str) -> int:
    found = find_organization(name_or_id)
    if found is None:
        raise click.ClickException(f"no organization {name_or_id!r}")
    return int(found.id)


@group.command("set-funding")
@click.argument("organization")
@click.argument("policy", type=click.Choice(FUNDING_POLICIES))
def set_funding_command(organization: str, policy: str) -> None:
    """Set how ORGANIZATION's source accounts are funded: open (any account, may go below zero) or prefunded."""
    with database.connection_context():
        try:
            set_funding_policy(_organization_id(organization), policy, utc_now())
        except AccountError as error:
            raise click.ClickException(str(error)) from None
    click.echo(f"funding policy of {organization}: {policy}")


@group.command("add-bic")
@click.argument("organization")
@click.argument("bic")
def add_bic_command(organization: str, bic: str) -> None:
    """Register BIC to ORGANIZATION; a pacs.008 naming another BIC as DbtrAgt or InstgAgt is AG01."""
    with database.connection_context():
        try:
            normalized = add_bic(_organization_id(organization), bic)
        except AccountError as error:
            raise click.ClickException(str(error)) from None
    click.echo(f"registered BIC {normalized} to {organization}")


@group.command("remove-bic")
@click.argument("organization")
@click.argument("bic")
def remove_bic_command(organization: str, bic: str) -> None:
    """Unregister BIC from ORGANIZATION."""
    with database.connection_context():
        try:
            normalized = remove_bic(_organization_id(organization), bic)
        except AccountError as error:
            raise click.ClickException(str(error)) from None
    click.echo(f"removed BIC {normalized} from {organization}")


def _rate(text: str) -> float | None:
    if text == "default":
        return None
    try:
        return float(text)
    except ValueError:
        raise click.BadParameter(f"{text!r} is neither a number of requests a second nor 'default'") from None


@group.command("set-rate-limit")
@click.argument("organization")
@click.argument("endpoint", type=click.Choice([endpoint.value for endpoint in RateEndpoint]))
@click.argument("rate")
def set_rate_limit_command(organization: str, endpoint: str, rate: str) -> None:
    """Let ORGANIZATION send RATE requests a second to ENDPOINT (0: no limit; `default`: the configured one).

    Every API process applies it within 10 seconds.
    """
    per_second = _rate(rate)
    with database.connection_context():
        try:
            set_rate_limit(_organization_id(organization), RateEndpoint(endpoint), per_second)
        except ValueError as error:
            raise click.ClickException(str(error)) from None
    shown = "the configured default" if per_second is None else "no limit" if per_second == 0 else f"{per_second:g}/s"
    click.echo(f"{endpoint} rate of {organization}: {shown}")
