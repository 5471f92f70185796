"""`reconcile`: holds against transfer states, balance rows against the journal, TKN against the ledger."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from storage import journal
from storage import settlement as settlement_store

# How many examples a failed check names; the count says how many there are.
EXAMPLES = 5
LEDGER_PAGE = 500


@dataclass
class Check:
    """One check: what it looked at, each mismatch found, and why it could not finish, if it could not."""

    name: str
    checked: int = 0
    problems: list[str] = field(default_factory=list)
    unchecked: str | None = None

    @property
    def ok(self) -> bool:
        """No mismatch, and nothing left unchecked."""
        return not self.problems and self.unchecked is None


class CannotCheck(Exception):
    """A lookup could not answer (its source is down or not configured here): nothing was learned."""


class BeyondHistory(Exception):
    """The transaction is older than the ledger API keeps (Stellar RPC's window): this one cannot be checked there."""


# The TKN a Completed transfer's ledger transaction paid it, by (transfer ID, hash); None: not found.
# Raises CannotCheck when the ledger cannot be asked: an unreachable ledger is never a missing payment.
PaidLookup = Callable[[uuid.UUID, str, str], Decimal | None]


def check_holds() -> list[Check]:
    """Every transfer has its one hold, pending, posted or voided as its state says."""
    total, missing, examples = journal.transfers_without_hold(EXAMPLES)
    # At most one hold per transfer is the unique index journal_entry_one_hold; this finds none.
    one = Check("every transfer has exactly one hold", checked=total)
    if missing:
        one.problems.append(f"{missing} transfer(s) without a hold, e.g. {', '.join(map(str, examples))}")
    states = Check("Created/Processing hold pending, Completed posted, Failed voided", checked=total - missing)
    mismatches = journal.hold_mismatches()
    states.problems += [f"transfer {t} is {state}, its hold is {kind or 'pending'}" for t, state, kind in mismatches]
    return [one, states]


def check_balances() -> Check:
    """Each account's balance, held and available equal its journal's sums."""
    check = Check("balance rows equal the journal sums")
    for sums in journal.account_sums():
        check.checked += 1
        if sums.row != sums.journal:
            row = "/".join(map(str, sums.row))
            summed = "/".join(map(str, sums.journal))
            check.problems.append(
                f"account {sums.number} (organization {sums.organization_id}): row balance/held/available {row}, "
                f"journal {summed}"
            )
    return check


def check_held() -> Check:
    """No transfer is held for the operator because the ledger API no longer keeps its envelope's ledgers."""
    held = settlement_store.held_for_operator()
    check = Check("no transfer held for the operator (its envelope is past the ledger API's history)")
    check.checked = len(held)
    check.problems += [f"transfer {transfer.id}: {transfer.last_error}" for transfer in held]
    return check


def check_ledger(paid: PaidLookup) -> Check:
    """For every Completed transfer, the TKN its ledger transaction paid equals the stored amount.

    The check stops at the first lookup that cannot be answered and says why in `unchecked`; a
    transaction older than the ledger API's history is passed over, and the check's name counts them.
    """
    check = Check("TKN paid on the ledger equals the stored amount (Completed transfers)")
    after: uuid.UUID | None = None
    beyond = 0
    while True:
        page = journal.completed_transfers_since(after, LEDGER_PAGE)
        if not page:
            if beyond:
                check.name += f"; {beyond} older than the ledger API's history not checked"
            return check
        for transfer in page:
            try:
                found = paid(transfer.id, str(transfer.ledger_hash), transfer.environment)
            except BeyondHistory:
                beyond += 1
                continue
            except CannotCheck as error:
                check.unchecked = str(error)
                return check
            check.checked += 1
            if found is None:
                check.problems.append(
                    f"transfer {transfer.id}: no payment to it in ledger transaction {transfer.ledger_hash}"
                )
            elif found != transfer.amount_tkn:
                check.problems.append(f"transfer {transfer.id}: ledger paid {found} TKN, stored {transfer.amount_tkn}")
        after = page[-1].id


def reconcile(paid: PaidLookup | None) -> list[Check]:
    """Every check; the ledger's only when a lookup is given."""
    checks = [*check_holds(), check_balances(), check_held()]
    if paid is not None:
        checks.append(check_ledger(paid))
    return checks
