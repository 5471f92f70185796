"""Queries on API keys. Keys are stored as hashes only."""

from __future__ import annotations

from storage.models import ApiKey, Organization, utc_now


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


def find_active_api_key(key_id: str) -> ApiKey | None:
    """The unrevoked key with this public ID, with its organization, in one query."""
    key: ApiKey | None = (
        ApiKey.select(ApiKey, Organization)
        .join(Organization)
        .where((ApiKey.key_id == key_id) & ApiKey.revoked_at.is_null())
        .first()
    )
    return key


def list_api_keys(organization: Organization | None = None) -> list[ApiKey]:
    """All keys, or one organization's, oldest first."""
    query = ApiKey.select(ApiKey, Organization).join(Organization).order_by(ApiKey.id)
    if organization is not None:
        query = query.where(ApiKey.organization == organization)
    return list(query)


def revoke_api_key(key_id: str) -> bool:
    """Revoke a key by public ID; False when no unrevoked key has it."""
    updated = (
        ApiKey.update(revoked_at=utc_now()).where((ApiKey.key_id == key_id) & ApiKey.revoked_at.is_null()).execute()
    )
    return bool(updated)
