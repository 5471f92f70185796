"""Queries on organizations."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

import peewee

from storage.models import ApiKey, Organization, Transfer, utc_now


def insert_organization(name: str) -> Organization:
    """Create an organization; raises peewee.IntegrityError if the name is taken."""
    organization: Organization = Organization.create(name=name, created_at=utc_now())
    return organization


def find_organization(name_or_id: str) -> Organization | None:
    """Find an organization by numeric ID or by name."""
    query = Organization.select()
    if name_or_id.isdigit():
        found: Organization | None = query.where(Organization.id == int(name_or_id)).first()
        if found is not None:
            return found
    named: Organization | None = query.where(Organization.name == name_or_id).first()
    return named


def count_organizations() -> int:
    """How many organizations exist."""
    return int(Organization.select().count())


@dataclass(frozen=True)
class OrganizationSummary:
    """An organization with how many active keys and transfers it has."""

    id: int
    name: str
    created_at: datetime
    active_keys: int
    transfers: int


def list_organizations() -> list[OrganizationSummary]:
    """Every organization, by ID, with its active key and transfer counts."""
    keys = ApiKey.select(peewee.fn.COUNT(ApiKey.id)).where(
        (ApiKey.organization == Organization.id) & ApiKey.revoked_at.is_null()
    )
    transfers = Transfer.select(peewee.fn.COUNT(Transfer.id)).where(Transfer.organization == Organization.id)
    query = Organization.select(Organization, keys.alias("active_keys"), transfers.alias("transfers"))
    rows = cast(list[dict[str, Any]], list(query.order_by(Organization.id).dicts()))
    return [
        OrganizationSummary(row["id"], row["name"], row["created_at"], int(row["active_keys"]), int(row["transfers"]))
        for row in rows
    ]
