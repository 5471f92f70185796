"""Queries on source accounts, their balance slices, their funding policy and their registered BICs."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

import peewee

from storage.database import database, is_postgres, locked
from storage.models import BALANCE_SLICES, BalanceSlice, JournalEntry, Organization, OrganizationBic, SourceAccount
from storage.statements import db_value, python_value


@dataclass(frozen=True)
class AccountView:
    """What intake's refusal and the operator see of an account: its slices summed."""

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


_CENTS = BalanceSlice.held


def _views(condition: peewee.Expression) -> list[AccountView]:
    query = (
        SourceAccount.select(
            SourceAccount.id,
            SourceAccount.number,
            SourceAccount.currency,
            SourceAccount.status,
            SourceAccount.debits_must_not_exceed_credits,
            peewee.fn.SUM(BalanceSlice.held).coerce(False),
            peewee.fn.SUM(BalanceSlice.available).coerce(False),
            SourceAccount.created_at,
            SourceAccount.updated_at,
            peewee.fn.MAX(BalanceSlice.updated_at),
        )
        .join(BalanceSlice, on=BalanceSlice.account == SourceAccount.id)
        .where(condition)
        .group_by(SourceAccount.id)
        .order_by(SourceAccount.number)
    )
    views = []
    rows: list[tuple[Any, ...]] = database.execute(query).fetchall()
    for row in rows:
        held, available = python_value(_CENTS, row[5]), python_value(_CENTS, row[6])
        created, updated, moved = (python_value(SourceAccount.updated_at, value) for value in row[7:])
        views.append(
            AccountView(
                int(row[0]),
                row[1],
                row[2],
                row[3],
                bool(row[4]),
                held + available,
                held,
                available,
                created,
                max(updated, moved),
            )
        )
    return views


def funding_policy(organization_id: int) -> str:
    """The organization's funding policy: `open` or `prefunded`."""
    row = Organization.select(Organization.funding_policy).where(Organization.id == organization_id).first()
    return "open" if row is None else str(row.funding_policy)


def find_account(organization_id: int, number: str) -> AccountView | None:
    """The organization's account with this number, or None."""
    found = _views((SourceAccount.organization == organization_id) & (SourceAccount.number == number))
    return found[0] if found else None


def list_accounts(organization_id: int) -> list[AccountView]:
    """The organization's accounts, by number."""
    return _views(SourceAccount.organization == organization_id)


# Peewee takes the lock clause's words (its documentation's `for_update('FOR SHARE')`); its stub
# admits only a bool.
_FOR_SHARE: Any = "FOR SHARE"


def _insert_account(organization_id: int, number: str, now: datetime, on_first_use: bool) -> peewee.Query:
    # The policy is read from the organization's row in the statement that inserts, and on Postgres
    # that row is locked FOR SHARE: `set_funding_policy` updates the same row, so the two are ordered.
    stamp = peewee.Value(now, converter=SourceAccount.created_at.db_value)
    found = Organization.id == organization_id
    if on_first_use:
        found &= Organization.funding_policy == "open"
    organization = Organization.select(
        Organization.id,
        peewee.Value(number),
        peewee.Value("USD"),
        peewee.Value("open"),
        Organization.funding_policy == "prefunded",
        stamp,
        stamp,
    ).where(found)
    if is_postgres():
        organization = organization.for_update(_FOR_SHARE)
    columns = [
        SourceAccount.organization,
        SourceAccount.number,
        SourceAccount.currency,
        SourceAccount.status,
        SourceAccount.debits_must_not_exceed_credits,
        SourceAccount.created_at,
        SourceAccount.updated_at,
    ]
    return (
        SourceAccount.insert_from(organization, columns)
        .on_conflict(action="NOTHING")
        .returning(SourceAccount.id, SourceAccount.debits_must_not_exceed_credits)
    )


def insert_account(organization_id: int, number: str, now: datetime, *, on_first_use: bool = False) -> bool:
    """Open an account and its BALANCE_SLICES slices at zero; False, writing nothing, if the number exists.

    It must not overdraw when its organization is prefunded, as the policy is when this statement
    runs; `on_first_use` (intake opening an unknown account) opens nothing unless the policy is
    `open`. On Postgres a `set_funding_policy` running at the same time waits for this statement's
    transaction, or this statement for its: the organization's row lock decides which comes first,
    so an account can neither miss the flag of a policy change nor be opened on first use under
    `prefunded` (decision A10).
    """
    with database.atomic():
        rows = list(_insert_account(organization_id, number, now, on_first_use).tuples().execute())
        if not rows:
            return False
        row = rows[0]
        flag = bool(row[1])
        BalanceSlice.insert_many(
            [
                {
                    "account": int(row[0]),
                    "slice": n,
                    "status": "open",
                    "debits_must_not_exceed_credits": flag,
                    "held": 0,
                    "available": 0,
                    "updated_at": now,
                }
                for n in range(BALANCE_SLICES)
            ]
        ).execute()
    return True


def _locked_slices(account_id: int) -> dict[int, tuple[Decimal, Decimal]]:
    """(held, available) by slice, each slice's row locked in slice order.

    Every statement that moves more than one slice of an account locks them this way first, so two
    of them never wait on each other in opposite orders; a hold locks one slice only.
    """
    query = (
        BalanceSlice.select(BalanceSlice.slice, BalanceSlice.held, BalanceSlice.available)
        .where(BalanceSlice.account == account_id)
        .order_by(BalanceSlice.slice)
    )
    return {int(row.slice): (row.held, row.available) for row in locked(query)}


def _locked_available(account_id: int) -> dict[int, Decimal]:
    """Available by slice, the slices locked as `_locked_slices` locks them."""
    return {n: available for n, (_, available) in _locked_slices(account_id).items()}


def _set_available(account_id: int, before: dict[int, Decimal], after: dict[int, Decimal], now: datetime) -> None:
    for number, amount in after.items():
        if amount != before[number]:
            BalanceSlice.update(available=amount, updated_at=now).where(
                (BalanceSlice.account == account_id) & (BalanceSlice.slice == number)
            ).execute()


def _spread(total: Decimal, slices: list[int], first: int) -> dict[int, Decimal]:
    """`total` shared over `slices` in whole cents, the odd cents on the first slices from `first`."""
    cents = int(db_value(_CENTS, total))
    share, odd = divmod(cents, len(slices))
    order = sorted(slices, key=lambda n: (n < first, n))
    return {n: python_value(_CENTS, share + (1 if i < odd else 0)) for i, n in enumerate(order)}


def gather(account_id: int, slice_number: int, amount: Decimal, now: datetime) -> bool:
    """Move available money between the account's slices so that `slice_number` covers `amount`.

    The rest is shared evenly over every slice, so later holds on the others find money too. False,
    moving nothing, when the whole account's available balance is below `amount`.
    """
    with database.atomic():
        available = _locked_available(account_id)
        total = sum(available.values(), Decimal(0))
        if slice_number not in available or total < amount:
            return False
        after = _spread(total - amount, list(available), slice_number)
        after[slice_number] += amount
        _set_available(account_id, available, after, now)
    return True


def set_status(organization_id: int, number: str, status: str, now: datetime, *, unless_held: bool = False) -> int:
    """Set the account's status; how many rows changed (0: unknown, or held when `unless_held`)."""
    row = (
        SourceAccount.select(SourceAccount.id)
        .where((SourceAccount.organization == organization_id) & (SourceAccount.number == number))
        .first()
    )
    if row is None:
        return 0
    with database.atomic() as transaction:
        # The slices first, in order: a hold placed before this waits to be counted in `held`, one
        # placed after finds the new status under its slice's lock.
        slices = _locked_slices(row.id)
        if unless_held and any(held for held, _ in slices.values()):
            transaction.rollback()
            return 0
        BalanceSlice.update(status=status, updated_at=now).where(BalanceSlice.account == row.id).execute()
        SourceAccount.update(status=status, updated_at=now).where(SourceAccount.id == row.id).execute()
    return 1


def fund(account_id: int, amount: Decimal, reference: str, now: datetime, note: str | None = None) -> bool:
    """Credit the account from the funding system account, once per (account, reference).

    False, writing nothing, when an entry with this reference exists already.
    """
    return _move_once(account_id, "funding", "credit", amount, reference, note, now)


def adjust(account_id: int, side: str, amount: Decimal, reference: str, reason: str, now: datetime) -> bool:
    """Credit or debit the account against the adjustment system account, once per (account, reference).

    False, writing nothing, when an entry with this reference exists already. Raises
    peewee.IntegrityError, having written nothing, when a debit would take an account that must not
    overdraw below zero: its slices' CHECKs decide, on the rows as they are under their locks.
    """
    return _move_once(account_id, "adjustment", side, amount, reference, reason, now)


def _moved(available: dict[int, Decimal], side: str, amount: Decimal) -> dict[int, Decimal]:
    """The slices' available after a credit (shared evenly) or a debit (taken where it is, the rest from slice 0)."""
    if side == "credit":
        shares = _spread(amount, list(available), 0)
        return {n: value + shares[n] for n, value in available.items()}
    after = dict(available)
    left = amount
    for n in sorted(after, key=lambda n: -after[n]):
        taken = min(max(after[n], Decimal(0)), left)
        after[n] -= taken
        left -= taken
    after[min(after)] -= left  # below zero only where the account may overdraw; else its CHECK refuses
    return after


def _move_once(
    account_id: int, kind: str, side: str, amount: Decimal, reference: str, note: str | None, now: datetime
) -> bool:
    # The entry (its counter account is named as its kind) and the balance move in one transaction;
    # the reference's unique index makes a retry write nothing.
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
                action="NOTHING",
            )
            .returning(JournalEntry.id)
            .execute()
        )
        if not list(inserted):
            return False
        available = _locked_available(account_id)
        _set_available(account_id, available, _moved(available, side, amount), now)
        SourceAccount.update(updated_at=now).where(SourceAccount.id == account_id).execute()
    return True


def entry_with_reference(account_id: int, reference: str) -> JournalEntry | None:
    """The account's journal entry with this reference, or None."""
    query = JournalEntry.select().where((JournalEntry.account == account_id) & (JournalEntry.reference == reference))
    found: JournalEntry | None = query.first()
    return found


def funding_with_reference(organization_id: int, reference: str) -> tuple[str, Decimal] | None:
    """(account number, amount) of the organization's funding with this reference, or None.

    One look-up per account of the organization on the (account, reference) unique index.
    """
    accounts = SourceAccount.select(SourceAccount.id).where(SourceAccount.organization == organization_id)
    query = (
        JournalEntry.select(SourceAccount.number, JournalEntry.amount)
        .join(SourceAccount)
        .where(
            JournalEntry.account.in_(accounts)
            & (JournalEntry.reference == reference)
            & (JournalEntry.kind == "funding")
        )
    )
    found = query.tuples().first()
    return None if found is None else (str(found[0]), Decimal(found[1]))


def set_funding_policy(organization_id: int, policy: str, now: datetime) -> None:
    """Set the policy, and the no-overdraft flag of every account of the organization to match.

    Raises peewee.IntegrityError, having changed nothing, when `prefunded` meets an account whose
    available balance is below zero (its slices' CHECKs refuse the flag). Under `prefunded` each
    account's available balance is first shared evenly over its slices, so that no slice is below
    zero while the account is not.
    """
    prefunded = policy == "prefunded"
    with database.atomic():
        Organization.update(funding_policy=policy).where(Organization.id == organization_id).execute()
        accounts = SourceAccount.select(SourceAccount.id).where(SourceAccount.organization == organization_id)
        for account in accounts.order_by(SourceAccount.id):
            available = _locked_available(account.id)
            if prefunded and available:
                after = _spread(sum(available.values(), Decimal(0)), list(available), 0)
                _set_available(account.id, available, after, now)
            BalanceSlice.update(debits_must_not_exceed_credits=prefunded, updated_at=now).where(
                BalanceSlice.account == account.id
            ).execute()
        SourceAccount.update(debits_must_not_exceed_credits=prefunded, updated_at=now).where(
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


def registered_bics(organization_id: int, bics: list[str]) -> set[str]:
    """Which of `bics` are registered to the organization: one indexed look-up."""
    query = OrganizationBic.select(OrganizationBic.bic).where(
        OrganizationBic.bic.in_(bics) & (OrganizationBic.organization == organization_id)
    )
    return {str(row.bic) for row in query}
