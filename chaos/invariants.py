"""What must hold after a fault: nothing lost, nothing paid twice, nothing stuck, no process down.

Payments are counted on the ledger itself (its own store of applied transactions), not in the
gateway's database: each transfer of the load pays a different amount to the one payee, so the
number of payments of an amount is the number of times that transfer was paid.
"""

from __future__ import annotations

import sqlite3
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import psycopg
from stellar_sdk import Payment

from services.settlement.envelopes import applied_envelope

FINAL_STATES = ("Completed", "Failed")


def ledger_payments(ledger_database: Path, payee: str, network_passphrase: str) -> Counter[Decimal]:
    """How many times each amount was paid to `payee` in the ledger's successful transactions, fee-bumped or not."""
    paid: Counter[Decimal] = Counter()
    with sqlite3.connect(f"file:{ledger_database}?mode=ro", uri=True) as connection:
        rows = connection.execute("SELECT envelope_xdr FROM transactionrecord WHERE successful").fetchall()
    for (envelope_xdr,) in rows:
        envelope = applied_envelope(envelope_xdr, network_passphrase)
        for operation in envelope.transaction.operations:
            if isinstance(operation, Payment) and operation.destination.account_id == payee:
                paid[Decimal(operation.amount).normalize()] += 1
    return paid


@dataclass(frozen=True)
class TransferRow:
    """A transfer's state as the gateway stored it."""

    state: str
    reason: str | None


def transfer_rows(database_url: str, ids: list[str]) -> dict[str, TransferRow]:
    """State and failure reason of each transfer that exists, by ID."""
    if not ids:
        return {}
    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT id::text, state, coalesce(error_code || ': ', '') || coalesce(last_error, '') "
            "FROM transfer WHERE id = ANY(%s::uuid[])",
            (ids,),
        ).fetchall()
    return {row[0]: TransferRow(row[1], row[2] or None) for row in rows}


def open_count(database_url: str, ids: list[str]) -> int:
    """How many of the transfers are missing or not yet in a final state."""
    rows = transfer_rows(database_url, ids)
    return len(ids) - sum(1 for row in rows.values() if row.state in FINAL_STATES)


def wait_until_final(database_url: str, ids: list[str], bound_seconds: float) -> float | None:
    """Seconds until every transfer was Completed or Failed; None if some were not within the bound."""
    started = time.monotonic()
    while time.monotonic() - started < bound_seconds:
        if open_count(database_url, ids) == 0:
            return time.monotonic() - started
        time.sleep(1)
    return None


@dataclass
class Verdict:
    """The invariants' count of violations, with examples."""

    lost: list[str] = field(default_factory=list)
    double_paid: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    completed: int = 0
    failed: int = 0

    @property
    def holds(self) -> bool:
        """No transfer lost, paid twice or stuck."""
        return not (self.lost or self.double_paid or self.stuck)


def check(accepted: Mapping[str, Decimal], rows: Mapping[str, TransferRow], paid: Counter[Decimal]) -> Verdict:
    """Compare what the gateway accepted, what it stored and what the ledger paid.

    Lost: a 201 with no transfer, or a transfer Completed with no payment on the ledger, or one
    Failed that the ledger paid. Double-paid: paid more than once. Stuck: not Completed, nor Failed
    with a reason.
    """
    verdict = Verdict()
    for transfer_id, amount in accepted.items():
        row = rows.get(transfer_id)
        times = paid.get(amount.normalize(), 0)
        if times > 1:
            verdict.double_paid.append(f"{transfer_id} paid {times} times")
        if row is None:
            verdict.lost.append(f"{transfer_id}: answered 201, not stored")
        elif row.state == "Completed":
            verdict.completed += 1
            if times == 0:
                verdict.lost.append(f"{transfer_id}: Completed, never paid on the ledger")
        elif row.state == "Failed" and row.reason:
            verdict.failed += 1
            if times:
                verdict.lost.append(f"{transfer_id}: Failed ({row.reason}), but paid on the ledger")
        else:
            verdict.stuck.append(f"{transfer_id}: {row.state}, {row.reason or 'no reason'}")
    return verdict
