"""Operator actions on source accounts, funding policies and BICs, each one transaction."""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal, InvalidOperation

import peewee

from services.accounts.agents import normalized_bic
from storage import accounts as store
from storage.accounts import AccountView
from storage.database import database
from storage.models import FUNDING_POLICIES

# ISO 9362, as the pacs.008 schema's BICFIDec2014Identifier pattern has it.
BIC_PATTERN = re.compile(r"[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?")
MAX_FUNDING = Decimal("1000000000")
ADJUSTMENT_SIDES = ("credit", "debit")
MAX_REFERENCE = 100  # journal_entry.reference
MAX_REASON = 200  # journal_entry.note


class AccountError(Exception):
    """An operator action that cannot be done; the text says why."""


def _account(organization_id: int, number: str) -> AccountView:
    account = store.find_account(organization_id, number)
    if account is None:
        raise AccountError(f"no account {number!r} in this organization")
    return account


def parse_amount(text: str) -> Decimal:
    """A positive USD amount with at most two decimals."""
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise AccountError(f"{text!r} is not an amount") from None
    exponent = amount.as_tuple().exponent
    if not amount.is_finite() or amount <= 0 or (isinstance(exponent, int) and exponent < -2):
        raise AccountError(f"{text} is not a positive USD amount with at most two decimals")
    if amount > MAX_FUNDING:
        raise AccountError(f"{text} is above the largest single funding, {MAX_FUNDING} USD")
    return amount


def open_account(organization_id: int, number: str, now: datetime) -> AccountView:
    """Open a USD account with a zero balance."""
    if not number or len(number) > 34:
        raise AccountError("an account number is 1 to 34 characters (DbtrAcct/Id/Othr/Id)")
    with database.atomic():
        if not store.insert_account(organization_id, number, now):
            raise AccountError(f"account {number!r} exists already")
        return _account(organization_id, number)


def fund_account(organization_id: int, number: str, amount: Decimal, reference: str, now: datetime) -> bool:
    """Credit the account; False when this very funding was made before (nothing changes).

    A funding reference names one wire: used again with another amount or for another of the
    organization's accounts, it is refused, as a reused MsgId with another body is (AM05), and
    nothing changes.
    """
    if not reference.strip():
        raise AccountError("a funding needs a reference, which makes it idempotent")
    with database.atomic():
        account = _account(organization_id, number)
        if account.status == "closed":
            raise AccountError(f"account {number!r} is closed")
        earlier = store.funding_with_reference(organization_id, reference)
        if earlier is None:
            if store.fund(account.id, amount, reference, now):
                return True
            earlier = store.funding_with_reference(organization_id, reference)  # a funding made meanwhile
    if earlier is None:
        raise AccountError(f"reference {reference!r} was used for another movement of account {number!r}")
    if earlier != (number, amount):
        funded_number, funded_amount = earlier
        raise AccountError(
            f"reference {reference!r} already funded {funded_amount} USD to account {funded_number!r}; "
            f"a funding reference is used once (this asks {amount} USD to {number!r}): nothing changed"
        )
    return False


def adjust_account(
    organization_id: int, number: str, side: str, amount: Decimal, reference: str, reason: str, now: datetime
) -> bool:
    """Correct the account's balance by a journaled adjustment; False when this reference was used on it
    before for the same adjustment (nothing changes).

    The reason is kept on the entry (`accounts show`, the camt.053 statement). Refused on a closed
    account, for a reference that another movement used, and for a debit that would take an account
    that must not overdraw below zero.
    """
    if side not in ADJUSTMENT_SIDES:
        raise AccountError(f"an adjustment is a {' or a '.join(ADJUSTMENT_SIDES)}")
    if not reference.strip() or len(reference) > MAX_REFERENCE:
        raise AccountError(f"an adjustment needs a reference of at most {MAX_REFERENCE} characters")
    if not reason.strip() or len(reason) > MAX_REASON:
        raise AccountError(f"an adjustment needs a reason of at most {MAX_REASON} characters")
    try:
        with database.atomic():
            account = _account(organization_id, number)
            if account.status == "closed":
                raise AccountError(f"account {number!r} is closed")
            if store.adjust(account.id, side, amount, reference, reason, now):
                return True
            earlier = store.entry_with_reference(account.id, reference)
    except peewee.IntegrityError:
        raise AccountError(
            f"account {number!r} must not go below zero (its organization is prefunded); "
            f"a debit of {amount} USD would take it there"
        ) from None
    if earlier is None or (earlier.kind, earlier.side, earlier.amount) != ("adjustment", side, amount):
        raise AccountError(f"reference {reference!r} was used for another movement of account {number!r}")
    return False


def change_status(organization_id: int, number: str, status: str, now: datetime) -> AccountView:
    """Block, unblock (open) or close the account; closing one with open holds is refused."""
    with database.atomic():
        account = _account(organization_id, number)
        if account.status == "closed":
            raise AccountError(f"account {number!r} is closed; a closed account stays closed")
        changed = store.set_status(organization_id, number, status, now, unless_held=status == "closed")
        if not changed:
            held = _account(organization_id, number).held
            raise AccountError(f"account {number!r} has {held} USD held by open transfers; close it once they settle")
        return _account(organization_id, number)


def set_funding_policy(organization_id: int, policy: str, now: datetime) -> None:
    """Set the organization's policy; `prefunded` is refused while an account is below zero."""
    if policy not in FUNDING_POLICIES:
        raise AccountError(f"a funding policy is one of {', '.join(FUNDING_POLICIES)}")
    try:
        store.set_funding_policy(organization_id, policy, now)
    except peewee.IntegrityError:
        raise AccountError(
            "an account of this organization is below zero; fund it before making it prefunded"
        ) from None


def add_bic(organization_id: int, bic: str) -> str:
    """Register a BIC (BIC8 or BIC11) to the organization; returns its 11-character form."""
    if not BIC_PATTERN.fullmatch(bic.strip().upper()):
        raise AccountError(f"{bic!r} is not a BIC (ISO 9362: 8 or 11 letters and digits)")
    normalized = normalized_bic(bic)
    try:
        with database.atomic():
            store.add_bic(organization_id, normalized)
    except peewee.IntegrityError:
        raise AccountError(f"BIC {normalized} is registered already") from None
    return normalized


def remove_bic(organization_id: int, bic: str) -> str:
    """Unregister the organization's BIC; returns its 11-character form."""
    normalized = normalized_bic(bic)
    with database.atomic():
        if not store.remove_bic(organization_id, normalized):
            raise AccountError(f"BIC {normalized} is not registered to this organization")
    return normalized
