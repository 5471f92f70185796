"""Intake's debit of the source account: place the hold with the transfer, or say why not (AM04, AC04, AC06, AC01)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

from services.redaction import shortened
from services.rejections import ReasonCode, Violation
from storage import accounts as store
from storage.holds import create_transfer_with_hold
from storage.models import BALANCE_SLICES

# A refused hold is looked into, the account opened if the policy allows, and the hold tried again;
# more rounds than this mean the account keeps changing under us, and the last refusal stands.
_ROUNDS = 3


def _refusal(organization_id: int, number: str, slice_number: int, amount: Decimal, now: datetime) -> Violation | None:
    """Why no hold can be placed on the account now; None when it may be tried again.

    An account that covers the amount while the slice did not has money gathered into that slice.
    """
    account = store.find_account(organization_id, number)
    shown = shortened(number, 40)
    if account is None:
        if store.funding_policy(organization_id) == "open":
            store.insert_account(organization_id, number, now, on_first_use=True)  # spec phase 2
            return None
        return Violation(
            ReasonCode.AC01,
            f"Source account DbtrAcct/Id/Othr/Id '{shown}' is not an account of this organization; "
            "it must be opened and funded before it can be debited.",
        )
    if account.status == "blocked":
        return Violation(ReasonCode.AC06, f"Source account DbtrAcct/Id/Othr/Id '{shown}' is blocked.")
    if account.status == "closed":
        return Violation(ReasonCode.AC04, f"Source account DbtrAcct/Id/Othr/Id '{shown}' is closed.")
    if account.debits_must_not_exceed_credits and account.available < amount:
        # The amount, never the balance: the balance is not the caller's business in a rejection.
        return Violation(
            ReasonCode.AM04,
            f"Insufficient funds: source account DbtrAcct/Id/Othr/Id '{shown}' cannot cover {amount} USD.",
        )
    if account.debits_must_not_exceed_credits:
        store.gather(account.id, slice_number, amount, now)
    return None


def accept_with_hold(
    transfer: Mapping[str, Any], reason: str, organization_id: int, number: str, amount: Decimal, now: datetime
) -> Violation | None:
    """Write the transfer with its hold; or, having written no transfer, the violation that refuses it.

    Raises peewee.IntegrityError, having written nothing, when the MsgId is taken.
    """
    violation: Violation | None = None
    # Any slice will do; drawn at random, concurrent holds on one account rarely meet on one row.
    slice_number = random.randrange(BALANCE_SLICES)  # noqa: S311 - spreads load, guards nothing
    for _ in range(_ROUNDS):
        if create_transfer_with_hold(transfer, reason, organization_id, number, slice_number, amount):
            return None
        violation = _refusal(organization_id, number, slice_number, amount, now)
        if violation is not None:
            return violation
    return violation or Violation(
        ReasonCode.AM04, f"Insufficient funds: source account '{shortened(number, 40)}' cannot cover {amount} USD."
    )
