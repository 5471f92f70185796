"""Queries on API keys. Keys are stored as hashes only."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import peewee

from storage.models import ApiKey, Organization, utc_now
from storage.statements import Statement


def insert_api_key(organization: Organization, key_id: str, key_hash: str, environment: str) -> ApiKey:
    """Store a new key's public ID and hash."""
    key: ApiKey = ApiKey.create(
        organization=organization,
        key_id=key_id,
        key_hash=key_hash,
        environment=environment,
        created_at=utc_now(),
    )
    return key


@dataclass(frozen=True)
class ActiveKey:
    """What authentication needs of an unrevoked key."""

    key_id: str
    key_hash: str
    environment: str
    organization_id: int
    organization_name: str


def _active_key(key_id: Any) -> peewee.Query:
    columns = (ApiKey.key_id, ApiKey.key_hash, ApiKey.environment, Organization.id, Organization.name)
    return ApiKey.select(*columns).join(Organization).where((ApiKey.key_id == key_id) & ApiKey.revoked_at.is_null())


# Runs on every request, so it is rendered once rather than built by peewee each time.
ACTIVE_KEY = Statement(_active_key, ApiKey.key_id)


def find_active_api_key(key_id: str) -> ActiveKey | None:
    """The unrevoked key with this public ID, with its organization, in one query."""
    row = ACTIVE_KEY.execute(key_id).fetchone()
    return None if row is None else ActiveKey(*row)


def list_api_keys(organization: Organization | None = None) -> list[ApiKey]:
    """All keys, or one organization's, newest first."""
    query = ApiKey.select(ApiKey, Organization).join(Organization).order_by(ApiKey.id.desc())
    if organization is not None:
        query = query.where(ApiKey.organization == organization)
    return list(query)


def record_key_use(key_id: str, now: datetime, unless_since: datetime) -> bool:
    """Set the key's last use to `now` unless it was already recorded after `unless_since`.

    The condition makes processes that race within the same minute write once between them.
    """
    stale = ApiKey.last_used_at.is_null() | (ApiKey.last_used_at <= unless_since)
    return bool(ApiKey.update(last_used_at=now).where((ApiKey.key_id == key_id) & stale).execute())


def revoke_api_key(key_id: str) -> bool:
    """Revoke a key by public ID; False when no unrevoked key has it."""
    updated = (
        ApiKey.update(revoked_at=utc_now()).where((ApiKey.key_id == key_id) & ApiKey.revoked_at.is_null()).execute()
    )
    return bool(updated)
