"""Queries on source accounts, their funding policy and their registered BICs."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from storage.database import database, is_postgres
from storage.models import JournalEntry, Organization, OrganizationBic, SourceAccount
from storage.statements import db_value


@dataclass(frozen=True)
class AccountView:
    """What intake's refusal and the operator see of an account."""

    id: int
    number: str
    currency: str
    status: str
    debits_must_not_exceed_credits: bool
    balance: Decimal
    held: Decimal
    available: Decimal
    created_at: datetime
    updated_at: datetime


def _view(row: SourceAccount) -> AccountView:
    return AccountView(
        row.id,
        row.number,
        row.currency,
        row.status,
        bool(row.debits_must_not_exceed_credits),
        row.balance,
        row.held,
        row.available,
        row.created_at,
        row.updated_at,
    )


def funding_policy(organization_id: int) -> str:
    """The organization's funding policy: `open` or `prefunded`."""
    row = Organization.select(Organization.funding_policy).where(Organization.id == organization_id).first()
    return "open" if row is None else str(row.funding_policy)


def find_account(organization_id: int, number: str) -> AccountView | None:
    """The organization's account with this number, or None."""
    row = (
        SourceAccount.select()
        .where((SourceAccount.organization == organization_id) & (SourceAccount.number == number))
        .first()
    )
    return None if row is None else _view(row)


def list_accounts(organization_id: int) -> list[AccountView]:
    """The organization's accounts, by number."""
    query = SourceAccount.select().where(SourceAccount.organization == organization_id).order_by(SourceAccount.number)
    return [_view(row) for row in query]


@functools.cache
def _insert_account_sql(param: str, postgres: bool, on_first_use: bool) -> str:
    # The policy is read from the organization's row in the statement that inserts, and on Postgres
    # that row is locked FOR SHARE: `set_funding_policy` updates the same row, so the two are ordered.
    # Identifiers come from the models, never from input; values are bound parameters.
    table, organization = SourceAccount._meta.table_name, Organization._meta.table_name
    columns = ", ".join(
        f'"{f.column_name}"'
        for f in (
            SourceAccount.organization,
            SourceAccount.number,
            SourceAccount.currency,
            SourceAccount.status,
            SourceAccount.debits_must_not_exceed_credits,
            SourceAccount.balance,
            SourceAccount.held,
            SourceAccount.available,
            SourceAccount.created_at,
            SourceAccount.updated_at,
        )
    )
    only_open = " AND o.\"funding_policy\" = 'open'" if on_first_use else ""
    lock = " FOR SHARE" if postgres else ""
    return (
        f'INSERT INTO "{table}" ({columns}) '  # noqa: S608
        f"SELECT o.\"id\", {param}, 'USD', 'open', o.\"funding_policy\" = 'prefunded', 0, 0, 0, {param}, {param} "
        f'FROM "{organization}" o WHERE o."id" = {param}{only_open}{lock} '
        'ON CONFLICT DO NOTHING RETURNING "id"'
    )


def insert_account(organization_id: int, number: str, now: datetime, *, on_first_use: bool = False) -> bool:
    """Open an account with a zero balance; False, writing nothing, if the number exists.

    It must not overdraw when its organization is prefunded, as the policy is when this statement
    runs; `on_first_use` (intake opening an unknown account) opens nothing unless the policy is
    `open`. On Postgres a `set_funding_policy` running at the same time waits for this statement's
    transaction, or this statement for its: the organization's row lock decides which comes first,
    so an account can neither miss the flag of a policy change nor be opened on first use under
    `prefunded` (decision A10).
    """
    sql = _insert_account_sql(database.obj.param, is_postgres(), on_first_use)
    stamp = db_value(SourceAccount.created_at, now)
    return database.execute_sql(sql, [number, stamp, stamp, organization_id]).fetchone() is not None


def set_status(organization_id: int, number: str, status: str, now: datetime, *, unless_held: bool = False) -> int:
    """Set the account's status; how many rows changed (0: unknown, or held when `unless_held`)."""
    condition = (SourceAccount.organization == organization_id) & (SourceAccount.number == number)
    if unless_held:
        condition &= SourceAccount.held == 0
    return int(SourceAccount.update(status=status, updated_at=now).where(condition).execute())


def fund(account_id: int, amount: Decimal, reference: str, now: datetime, note: str | None = None) -> bool:
    """Credit the account from the funding system account, once per (account, reference).

    False, writing nothing, when an entry with this reference exists already.
    """
    return _move_once(account_id, "funding", "credit", amount, reference, note, now)


def adjust(account_id: int, side: str, amount: Decimal, reference: str, reason: str, now: datetime) -> bool:
    """Credit or debit the account against the adjustment system account, once per (account, reference).

    False, writing nothing, when an entry with this reference exists already. Raises
    peewee.IntegrityError, having written nothing, when a debit would take an account that must not
    overdraw below zero: its CHECK decides, on the row as it is when the UPDATE takes its lock.
    """
    return _move_once(account_id, "adjustment", side, amount, reference, reason, now)


def _move_once(
    account_id: int, kind: str, side: str, amount: Decimal, reference: str, note: str | None, now: datetime
) -> bool:
    # The entry (its counter account is named as its kind) and the balance move in one transaction;
    # the reference's unique index makes a retry write nothing.
    change = amount if side == "credit" else -amount
    with database.atomic():
        inserted = (
            JournalEntry.insert(
                account=account_id,
                kind=kind,
                side=side,
                counter_account=kind,
                amount=amount,
                reference=reference,
                at=now,
                note=note,
            )
            .on_conflict(
                conflict_target=[JournalEntry.account, JournalEntry.reference],
                conflict_where=JournalEntry.reference.is_null(False),
                action="IGNORE",
            )
            .returning(JournalEntry.id)
            .execute()
        )
        if not list(inserted):
            return False
        SourceAccount.update(
            balance=SourceAccount.balance + change,
            available=SourceAccount.available + change,
            updated_at=now,
        ).where(SourceAccount.id == account_id).execute()
    return True


def entry_with_reference(account_id: int, reference: str) -> JournalEntry | None:
    """The account's journal entry with this reference, or None."""
    query = JournalEntry.select().where((JournalEntry.account == account_id) & (JournalEntry.reference == reference))
    found: JournalEntry | None = query.first()
    return found


def set_funding_policy(organization_id: int, policy: str, now: datetime) -> None:
    """Set the policy, and the no-overdraft flag of every account of the organization to match.

    Raises peewee.IntegrityError, having changed nothing, when `prefunded` meets an account whose
    available balance is below zero (its CHECK refuses the flag).
    """
    with database.atomic():
        Organization.update(funding_policy=policy).where(Organization.id == organization_id).execute()
        SourceAccount.update(debits_must_not_exceed_credits=policy == "prefunded", updated_at=now).where(
            SourceAccount.organization == organization_id
        ).execute()


def add_bic(organization_id: int, bic: str) -> None:
    """Register a BIC (11 characters) to the organization; peewee.IntegrityError if it is registered."""
    OrganizationBic.insert(organization=organization_id, bic=bic).execute()


def remove_bic(organization_id: int, bic: str) -> bool:
    """Unregister the organization's BIC; False if it had no such BIC."""
    query = OrganizationBic.delete().where(
        (OrganizationBic.organization == organization_id) & (OrganizationBic.bic == bic)
    )
    return bool(query.execute())


def bics_of(organization_id: int) -> list[str]:
    """The organization's BICs, sorted."""
    query = OrganizationBic.select(OrganizationBic.bic).where(OrganizationBic.organization == organization_id)
    return sorted(row.bic for row in query.order_by(OrganizationBic.bic))


def registered_bics(organization_id: int, bics: list[str]) -> set[str]:
    """Which of `bics` are registered to the organization: one indexed look-up."""
    query = OrganizationBic.select(OrganizationBic.bic).where(
        OrganizationBic.bic.in_(bics) & (OrganizationBic.organization == organization_id)
    )
    return {str(row.bic) for row in query}
