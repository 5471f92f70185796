"""Registering and managing an organization's webhook endpoints (the `webhooks` commands)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from services.webhooks.events import parse_kinds
from services.webhooks.secret_box import SecretBox
from services.webhooks.signing import new_secret
from services.webhooks.targets import check_url
from storage.database import database
from storage.organizations import find_organization
from storage.webhook_endpoints import (
    all_endpoints_for_update,
    get_endpoint,
    insert_endpoint,
    is_production_organization,
    rotate_secret,
    store_secrets,
)
from storage.webhook_models import WebhookEndpoint


class EndpointRefused(ValueError):
    """An endpoint the rules do not allow, or one that does not exist."""


@dataclass(frozen=True)
class NewSecret:
    """An endpoint and its new signing secret, shown once."""

    endpoint: WebhookEndpoint
    secret: str


def add_endpoint(
    organization: str, url: str, events: str | None, now: datetime, box: SecretBox | None = None
) -> NewSecret:
    """Register `url` for the organization (name or ID); raises EndpointRefused with the reason.

    Production organizations (an active Production key) may register only https:// URLs whose
    host is not a private, loopback or link-local address (docs/decisions.md E4). The secret is
    stored sealed by `box` when it has a key (E9).
    """
    owner = find_organization(organization)
    if owner is None:
        raise EndpointRefused(f"no organization {organization!r}")
    try:
        kinds = parse_kinds(events)
        check_url(url, is_production_organization(owner.id))
    except ValueError as error:
        raise EndpointRefused(str(error)) from None
    secret = new_secret()
    with database.atomic():
        endpoint = insert_endpoint(owner.id, url, kinds, (box or SecretBox()).seal(secret), now)
    return NewSecret(endpoint, secret)


def rotate(endpoint_id: int, now: datetime, overlap: timedelta, box: SecretBox | None = None) -> NewSecret:
    """A new signing secret; the old one signs too until `now + overlap`, so receivers can roll over.

    The new secret is stored sealed by `box` when it has a key; the old one keeps its stored form.
    """
    secret = new_secret()
    with database.atomic():
        if not rotate_secret(endpoint_id, (box or SecretBox()).seal(secret), now + overlap):
            raise EndpointRefused(f"no webhook endpoint {endpoint_id}")
        endpoint = get_endpoint(endpoint_id)
    assert endpoint is not None
    return NewSecret(endpoint, secret)


def signing_secrets(
    secret: str, previous_secret: str | None, previous_secret_until: datetime | None, now: datetime
) -> list[str]:
    """The secrets that sign an attempt at `now`: the current one, and the previous one while it overlaps."""
    if previous_secret and previous_secret_until is not None and now < previous_secret_until:
        return [secret, previous_secret]
    return [secret]


def reseal_secrets(box: SecretBox) -> int:
    """Store every endpoint's secrets sealed under the box's first key; how many endpoints changed.

    Seals secrets stored before a key was configured, and re-seals those of an older key, so the
    older key can then be dropped. Raises SecretUnavailable, changing nothing, if a secret cannot
    be opened.
    """
    changed = 0
    with database.atomic():
        for endpoint in all_endpoints_for_update():
            secret = box.reseal(endpoint.secret)
            previous = None if endpoint.previous_secret is None else box.reseal(endpoint.previous_secret)
            if (secret, previous) != (endpoint.secret, endpoint.previous_secret):
                store_secrets(endpoint.id, secret, previous)
                changed += 1
    return changed
