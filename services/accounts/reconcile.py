"""`reconcile`: holds against transfer states, balance rows against the journal, TKN against the ledger."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from storage import journal

# How many examples a failed check names; the count says how many there are.
EXAMPLES = 5
LEDGER_PAGE = 500


@dataclass
class Check:
    """One check: what it looked at, and each mismatch found."""

    name: str
    checked: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """No mismatch."""
        return not self.problems


# The TKN a Completed transfer's ledger transaction paid it, by (transfer ID, hash); None: not found.
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


def check_ledger(paid: PaidLookup) -> Check:
    """For every Completed transfer, the TKN its ledger transaction paid equals the stored amount."""
    check = Check("TKN paid on the ledger equals the stored amount (Completed transfers)")
    after: uuid.UUID | None = None
    while True:
        page = journal.completed_transfers_since(after, LEDGER_PAGE)
        if not page:
            return check
        for transfer in page:
            check.checked += 1
            found = paid(transfer.id, str(transfer.ledger_hash), transfer.environment)
            if found is None:
                check.problems.append(
                    f"transfer {transfer.id}: no payment to it in ledger transaction {transfer.ledger_hash}"
                )
            elif found != transfer.amount_tkn:
                check.problems.append(f"transfer {transfer.id}: ledger paid {found} TKN, stored {transfer.amount_tkn}")
        after = page[-1].id


def reconcile(paid: PaidLookup | None) -> list[Check]:
    """Every check; the ledger's only when a lookup is given."""
    checks = [*check_holds(), check_balances()]
    if paid is not None:
        checks.append(check_ledger(paid))
    return checks
