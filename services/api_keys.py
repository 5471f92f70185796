"""API keys: issue, authenticate, revoke. Keys are random secrets; only their SHA-256 is stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from enum import StrEnum

from storage import api_keys as key_store
from storage.database import database
from storage.models import ApiKey
from storage.organizations import find_organization


class Environment(StrEnum):
    """Which ledger a key's transfers settle on."""

    SANDBOX = "Sandbox"
    PRODUCTION = "Production"


_PREFIX = {Environment.SANDBOX: "tkn_sandbox", Environment.PRODUCTION: "tkn_live"}
_DUMMY_HASH = hashlib.sha256(b"no such key").hexdigest()


@dataclass(frozen=True)
class Caller:
    """The authenticated organization behind a request."""

    organization_id: int
    organization_name: str
    environment: Environment
    key_id: str


class UnknownOrganization(Exception):
    """No organization has that name or ID."""


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _split(presented: str) -> tuple[str, str] | None:
    # Shape: <prefix>_<16 hex key id>_<secret>; the prefix itself holds one underscore.
    parts = presented.split("_", 3)
    if len(parts) != 4 or f"{parts[0]}_{parts[1]}" not in _PREFIX.values() or len(parts[2]) != 16:
        return None
    return parts[2], parts[3]


def issue_api_key(organization: str, environment: Environment) -> tuple[str, ApiKey]:
    """Create a key for an organization (name or ID); return the plain key, shown once, and its row."""
    with database.atomic():
        owner = find_organization(organization)
        if owner is None:
            raise UnknownOrganization(organization)
        key_id = secrets.token_hex(8)
        plain = f"{_PREFIX[environment]}_{key_id}_{secrets.token_urlsafe(32)}"
        row = key_store.insert_api_key(owner, key_id, _digest(plain), environment.value)
    return plain, row


def authenticate(presented: str | None) -> Caller | None:
    """The caller a presented key belongs to, or None for a missing, unknown or revoked key."""
    if not presented:
        return None
    split = _split(presented.strip())
    row = key_store.find_active_api_key(split[0]) if split else None
    # Compare even when nothing was found, so a miss costs what a hit costs.
    expected = row.key_hash if row is not None else _DUMMY_HASH
    if not hmac.compare_digest(expected, _digest(presented.strip())) or row is None:
        return None
    return Caller(
        organization_id=row.organization_id,
        organization_name=row.organization_name,
        environment=Environment(row.environment),
        key_id=row.key_id,
    )


def revoke_api_key(key_id: str) -> bool:
    """Revoke a key by its public ID."""
    with database.atomic():
        return key_store.revoke_api_key(key_id)
