"""`flask --app app webhooks ...`: an organization's endpoints, secrets and deliveries (docs/webhooks.md)."""

from __future__ import annotations

from datetime import datetime, timedelta

import click
from flask import current_app

from cli.store_group import StoreGroup
from services.webhooks.endpoints import EndpointRefused, add_endpoint, reseal_secrets, rotate
from services.webhooks.secret_box import SecretBox, SecretUnavailable
from services.webhooks.settings import webhook_settings
from storage.database import database
from storage.models import Organization, utc_now
from storage.organizations import find_organization
from storage.webhook_deliveries import deliveries_of, get_message, list_deliveries, requeue
from storage.webhook_endpoints import list_endpoints, set_disabled

group = StoreGroup("webhooks", help="Webhook endpoints per organization, and their deliveries.")


def _organization(name_or_id: str) -> Organization:
    owner = find_organization(name_or_id)
    if owner is None:
        raise click.ClickException(f"no organization {name_or_id!r}")
    return owner


def _box() -> SecretBox:
    """The box sealing secrets under WEBHOOK_SECRET_KEYS; a bad key stops the command, never shown."""
    try:
        return SecretBox(webhook_settings(current_app.config).secret_keys)
    except ValueError as error:
        raise click.ClickException(str(error)) from None


def _time(moment: datetime | None) -> str:
    return "-" if moment is None else f"{moment:%Y-%m-%dT%H:%M:%SZ}"


@group.command("add")
@click.argument("organization")
@click.argument("url")
@click.option("--events", default=None, help="comma-separated kinds (default: all): transfer.created, ...")
def add_command(organization: str, url: str, events: str | None) -> None:
    """Register URL for ORGANIZATION and print its signing secret, once."""
    try:
        created = add_endpoint(organization, url, events, utc_now(), _box())
    except EndpointRefused as refused:
        raise click.ClickException(str(refused)) from None
    click.echo(f"endpoint {created.endpoint.id} for {url}")
    click.echo("signing secret (shown once; give it to the receiver, it cannot be shown again):")
    click.echo(created.secret)


@group.command("list")
@click.argument("organization")
def list_command(organization: str) -> None:
    """List the organization's endpoints, tab-separated; a disabled one says when and why."""
    owner = _organization(organization)
    click.echo("id\turl\tevents\tstate\tfailing_since\tcreated_at")
    for endpoint in list_endpoints(owner.id):
        if endpoint.disabled_at is not None:
            state = f"disabled {_time(endpoint.disabled_at)}: {endpoint.disabled_reason or 'by the operator'}"
        else:
            state = "enabled"
        fields = [
            str(endpoint.id),
            endpoint.url,
            endpoint.event_types or "all",
            state,
            _time(endpoint.failing_since),
            _time(endpoint.created_at),
        ]
        click.echo("\t".join(fields))


@group.command("disable")
@click.argument("endpoint_id", type=int)
def disable_command(endpoint_id: int) -> None:
    """Stop sending to an endpoint; its deliveries wait until it is enabled."""
    with database.atomic():
        if not set_disabled(endpoint_id, utc_now(), "by the operator"):
            raise click.ClickException(f"no webhook endpoint {endpoint_id}")
    click.echo(f"endpoint {endpoint_id} disabled")


@group.command("enable")
@click.argument("endpoint_id", type=int)
def enable_command(endpoint_id: int) -> None:
    """Send to an endpoint again, starting with what waited."""
    with database.atomic():
        if not set_disabled(endpoint_id, None, None):
            raise click.ClickException(f"no webhook endpoint {endpoint_id}")
    click.echo(f"endpoint {endpoint_id} enabled")


@group.command("rotate-secret")
@click.argument("endpoint_id", type=int)
def rotate_command(endpoint_id: int) -> None:
    """Print a new signing secret, once; the old one also signs for 24 hours."""
    box = _box()
    overlap = timedelta(seconds=webhook_settings(current_app.config).rotation_overlap_seconds)
    now = utc_now()
    try:
        rotated = rotate(endpoint_id, now, overlap, box)
    except EndpointRefused as refused:
        raise click.ClickException(str(refused)) from None
    click.echo(f"endpoint {endpoint_id}: new signing secret (shown once):")
    click.echo(rotated.secret)
    click.echo(f"the previous secret also signs until {_time(now + overlap)}")


@group.command("seal-secrets")
def seal_secrets_command() -> None:
    """Store every signing secret sealed under the first key of WEBHOOK_SECRET_KEYS (decision E9).

    Run it once keys are first configured, and after putting a new key first, before dropping the old one.
    """
    box = _box()
    if not box.sealing:
        raise click.ClickException("WEBHOOK_SECRET_KEYS is empty: there is no key to seal with")
    try:
        changed = reseal_secrets(box)
    except SecretUnavailable as error:
        raise click.ClickException(f"{error}; nothing was changed") from None
    click.echo(f"sealed the secrets of {changed} endpoint(s) under the first key")


@group.command("deliveries")
@click.argument("organization")
@click.option("--failed", is_flag=True, help="only deliveries not delivered that failed at least once")
@click.option("--limit", type=click.IntRange(min=1), default=50, show_default=True)
def deliveries_command(organization: str, failed: bool, limit: int) -> None:
    """List the organization's most recent deliveries, newest first, tab-separated."""
    owner = _organization(organization)
    click.echo(
        "webhook_id\tevent\ttransfer_id\tendpoint\tstate\tattempts\tlast_status\tlast_error\tcreated_at\tnext_or_delivered_at"
    )
    for row in list_deliveries(owner.id, failed, limit):
        when = (
            row.delivered_at if row.state == "delivered" else (row.next_attempt_at if row.state == "pending" else None)
        )
        fields = [
            row.message_id,
            row.event_type,
            str(row.transfer_id),
            str(row.endpoint_id),
            row.state,
            str(row.attempts),
            "-" if row.last_status is None else str(row.last_status),
            row.last_error or "-",
            _time(row.created_at),
            _time(when),
        ]
        click.echo("\t".join(fields))


@group.command("redeliver")
@click.argument("event_id")
def redeliver_command(event_id: str) -> None:
    """Send the event (its webhook-id) again to each endpoint it went to, with the same webhook-id."""
    settings = webhook_settings(current_app.config)
    now = utc_now()
    with database.atomic():
        if get_message(event_id) is None:
            raise click.ClickException(f"no webhook event {event_id!r}")
        count = requeue(event_id, now, now + timedelta(seconds=settings.retry_window_seconds))
    endpoints = ", ".join(str(d.endpoint_id) for d in deliveries_of(event_id))
    click.echo(f"event {event_id} queued again for {count} endpoint(s): {endpoints}")
