"""Source accounts made and read for tests, through the operator's own actions."""

from __future__ import annotations

import uuid
from decimal import Decimal

from services.accounts import operations
from services.accounts.reconcile import Check, reconcile
from storage import accounts as store
from storage.accounts import AccountView
from storage.database import database
from storage.models import JournalEntry, utc_now
from storage.organizations import find_organization


def organization_id(name: str) -> int:
    """The ID of the organization called `name`."""
    with database.connection_context():
        found = find_organization(name)
    assert found is not None, name
    return int(found.id)


def prefund(organization: str, number: str, amount: str | None = None) -> int:
    """Make the organization prefunded and open `number`, funded with `amount` when given."""
    org = organization_id(organization)
    with database.connection_context():
        operations.set_funding_policy(org, "prefunded", utc_now())
        operations.open_account(org, number, utc_now())
        if amount is not None:
            operations.fund_account(org, number, Decimal(amount), f"test funding {uuid.uuid4()}", utc_now())
    return org


def account(organization: str, number: str) -> AccountView:
    """The account as stored now."""
    with database.connection_context():
        found = store.find_account(organization_id(organization), number)
    assert found is not None, number
    return found


def resolutions(transfer_id: uuid.UUID) -> list[str]:
    """The kinds of the journal entries of a transfer, oldest first: ['hold'], ['hold', 'post'], ..."""
    with database.connection_context():
        entries = JournalEntry.select().where(JournalEntry.transfer == transfer_id).order_by(JournalEntry.id)
        return [entry.kind for entry in entries]


def failed_checks() -> list[Check]:
    """The reconcile checks (without the ledger's) that found a mismatch."""
    with database.connection_context():
        return [check for check in reconcile(None) if not check.ok]
