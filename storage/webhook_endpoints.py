"""Queries on webhook endpoints: register, list, switch on and off, rotate the secret, note failures."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

import peewee

from storage.database import locked
from storage.models import ApiKey
from storage.webhook_models import WebhookEndpoint


def insert_endpoint(
    organization_id: int, url: str, event_types: str | None, secret: str, now: datetime
) -> WebhookEndpoint:
    """Register an endpoint, enabled."""
    endpoint: WebhookEndpoint = WebhookEndpoint.create(
        organization=organization_id, url=url, event_types=event_types, secret=secret, created_at=now
    )
    return endpoint


def get_endpoint(endpoint_id: int) -> WebhookEndpoint | None:
    """The endpoint, or None."""
    found: WebhookEndpoint | None = WebhookEndpoint.get_or_none(WebhookEndpoint.id == endpoint_id)
    return found


def list_endpoints(organization_id: int) -> list[WebhookEndpoint]:
    """The organization's endpoints, oldest first."""
    return list(
        WebhookEndpoint.select().where(WebhookEndpoint.organization == organization_id).order_by(WebhookEndpoint.id)
    )


def endpoints_of(organization_ids: Iterable[int]) -> list[WebhookEndpoint]:
    """Every endpoint of these organizations, enabled or not (a disabled one keeps its deliveries pending)."""
    ids = sorted(set(organization_ids))
    if not ids:
        return []
    return list(WebhookEndpoint.select().where(WebhookEndpoint.organization.in_(ids)).order_by(WebhookEndpoint.id))


def set_disabled(endpoint_id: int, now: datetime | None, reason: str | None) -> bool:
    """Disable (with `now` and a reason) or enable (None) an endpoint; enabling also forgets its failures."""
    changes: dict[peewee.Field, object] = {WebhookEndpoint.disabled_at: now, WebhookEndpoint.disabled_reason: reason}
    if now is None:
        changes[WebhookEndpoint.failing_since] = None
    return bool(WebhookEndpoint.update(changes).where(WebhookEndpoint.id == endpoint_id).execute())


def all_endpoints_for_update() -> list[WebhookEndpoint]:
    """Every endpoint, oldest first, locked (on Postgres) until the transaction ends."""
    query = WebhookEndpoint.select().order_by(WebhookEndpoint.id)
    return list(locked(query))


def store_secrets(endpoint_id: int, secret: str, previous_secret: str | None) -> None:
    """Replace the stored forms of the endpoint's secrets (the same secrets, sealed anew)."""
    WebhookEndpoint.update(secret=secret, previous_secret=previous_secret).where(
        WebhookEndpoint.id == endpoint_id
    ).execute()


def rotate_secret(endpoint_id: int, secret: str, previous_until: datetime) -> bool:
    """Make `secret` the signing secret; the current one keeps signing until `previous_until`."""
    return bool(
        WebhookEndpoint.update(
            previous_secret=WebhookEndpoint.secret, previous_secret_until=previous_until, secret=secret
        )
        .where(WebhookEndpoint.id == endpoint_id)
        .execute()
    )


def note_success(endpoint_id: int) -> None:
    """A 2xx: the endpoint is no longer failing."""
    WebhookEndpoint.update(failing_since=None).where(
        (WebhookEndpoint.id == endpoint_id) & WebhookEndpoint.failing_since.is_null(False)
    ).execute()


def note_failure(endpoint_id: int, now: datetime, disable_after: datetime) -> bool:
    """Remember when the endpoint started failing; disable it when that was at or before `disable_after`.

    Returns whether this call disabled it.
    """
    WebhookEndpoint.update(failing_since=peewee.fn.COALESCE(WebhookEndpoint.failing_since, now)).where(
        WebhookEndpoint.id == endpoint_id
    ).execute()
    return bool(
        WebhookEndpoint.update(
            disabled_at=now, disabled_reason="failing since at least the retry window: every attempt failed"
        )
        .where(
            (WebhookEndpoint.id == endpoint_id)
            & WebhookEndpoint.disabled_at.is_null()
            & (WebhookEndpoint.failing_since <= disable_after)
        )
        .execute()
    )


def is_production_organization(organization_id: int) -> bool:
    """Whether the organization holds an active Production key: its endpoints follow the Production rules."""
    return bool(
        ApiKey.select()
        .where(
            (ApiKey.organization == organization_id)
            & (ApiKey.environment == "Production")
            & ApiKey.revoked_at.is_null()
        )
        .exists()
    )
