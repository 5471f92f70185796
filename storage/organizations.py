"""Queries on organizations."""

from __future__ import annotations

from storage.models import Organization, utc_now


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
