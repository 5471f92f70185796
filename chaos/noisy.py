"""The noisy-neighbour scenario: one tenant pays accounts that cannot receive TKN while another pays good ones.

Organization B (the demo organization) sends 5 pacs.008 a second to the demo payee, first alone,
then beside organization A, which sends 10 a second to accounts that cannot receive TKN (random
keys with no account, and accounts without a TKN trustline). It holds when B's p99 accept ->
Completed beside A stays within 1.5 times its p99 alone, every one of A's transfers failed with an
AC01 reason and never went into an envelope (so no fee was charged for it), B's bid did not rise,
and the usual invariants hold for B: 0 lost, 0 paid twice, 0 stuck.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from decimal import Decimal

import psycopg
from ledger.bootstrap import submit_ops
from ledger.config import DEFAULT_PASSPHRASE, root_keypair
from stellar_sdk import Keypair, Server
from stellar_sdk.operation import CreateAccount, Operation

from chaos.invariants import check, ledger_payments, transfer_rows, wait_until_final
from chaos.load import Load
from config import PROJECT_ROOT
from harness.stack import RunStack

QUIET_RATE, NOISY_RATE = 5.0, 10.0
ALLOWED_SLOWDOWN = 1.5
NOISY_ORGANIZATION = "Noisy Bank"
UNTRUSTING_PAYEES = 5
SETTLE_BOUND_SECONDS = 120.0


@dataclass(frozen=True)
class Phase:
    """One phase's quiet transfers (ID -> amount), with their p99 accept -> Completed and top bid per operation."""

    accepted: dict[str, Decimal]
    p99: float
    top_bid: int


def p99(values: list[float]) -> float:
    """The 99th percentile (nearest rank) of `values`; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-99 * len(ordered) // 100) - 1))]


def issue_key(stack: RunStack, organization: str) -> str:
    """Create `organization` in the stack's store and issue it a sandbox key, through the operator's CLI."""

    def flask(*args: str) -> str:
        return subprocess.run(  # noqa: S603 - our own CLI, fixed arguments
            [str(PROJECT_ROOT / ".venv" / "bin" / "flask"), "--app", "app", *args],
            cwd=PROJECT_ROOT,
            env=stack.environment(),
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    flask("orgs", "create", organization)
    return flask("keys", "issue", organization).strip().splitlines()[-1]


def untrusting_payees(stack: RunStack, count: int) -> list[str]:
    """`count` new ledger accounts without a TKN trustline."""
    keypairs = [Keypair.random() for _ in range(count)]
    ops: list[Operation] = [CreateAccount(kp.public_key, "10") for kp in keypairs]
    submit_ops(Server(stack.ledger_url), DEFAULT_PASSPHRASE, root_keypair(DEFAULT_PASSPHRASE), ops)
    return [kp.public_key for kp in keypairs]


def latencies(database_url: str, ids: list[str]) -> list[float]:
    """Seconds from accept to Completed of each Completed transfer."""
    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT extract(epoch FROM completed_at - created_at) FROM transfer "
            "WHERE id = ANY(%s::uuid[]) AND state = 'Completed'",
            (ids,),
        ).fetchall()
    return [float(row[0]) for row in rows]


def top_bid(database_url: str, ids: list[str]) -> int:
    """The highest fee per operation any envelope carrying these transfers bid (0 when none)."""
    with psycopg.connect(database_url) as connection:
        row = connection.execute(
            "SELECT max(a.fee / a.op_count) FROM settlement_attempt a JOIN settlement_payment p ON p.attempt_id = a.id "
            "WHERE p.transfer_id = ANY(%s::uuid[])",
            (ids,),
        ).fetchone()
    return int(row[0] or 0) if row else 0


def enveloped(database_url: str, ids: list[str]) -> int:
    """How many of these transfers ever went into an envelope."""
    with psycopg.connect(database_url) as connection:
        row = connection.execute(
            "SELECT count(DISTINCT transfer_id) FROM settlement_payment WHERE transfer_id = ANY(%s::uuid[])", (ids,)
        ).fetchone()
    return int(row[0]) if row else 0


def run_noisy_neighbour(stack: RunStack, database_url: str, short: bool) -> tuple[str, bool, list[str]]:
    """Both phases on a started stack; the scenario's row, whether it held, and examples of what broke."""
    seconds = 20.0 if short else 60.0
    quiet_sent = int(QUIET_RATE * seconds)
    alone = _quiet_phase(stack, database_url, seconds, start=0, noisy=None)
    noisy_key = issue_key(stack, NOISY_ORGANIZATION)
    untrusting = untrusting_payees(stack, UNTRUSTING_PAYEES)

    def bad_payee(sequence: int) -> str:
        return untrusting[sequence % len(untrusting)] if sequence % 2 else Keypair.random().public_key

    noisy = Load(stack.api_url, noisy_key, "", NOISY_RATE, seconds, payee_of=bad_payee, start=10 * quiet_sent)
    beside = _quiet_phase(stack, database_url, seconds, start=quiet_sent, noisy=noisy)
    noisy_ids = list(noisy.result.accepted)
    wait_until_final(database_url, noisy_ids, SETTLE_BOUND_SECONDS)
    rows = transfer_rows(database_url, noisy_ids)
    not_ac01 = [f"{t}: {r.state}, {r.reason}" for t, r in rows.items() if not (r.reason or "").startswith("AC01")]
    not_ac01 += [f"{t}: answered 201, not stored" for t in noisy_ids if t not in rows]
    charged = enveloped(database_url, noisy_ids)
    quiet = {**alone.accepted, **beside.accepted}
    paid = ledger_payments(stack.directory / "ledger.sqlite3", stack.payee, DEFAULT_PASSPHRASE)
    verdict = check(quiet, transfer_rows(database_url, list(quiet)), paid)
    slow = beside.p99 > ALLOWED_SLOWDOWN * alone.p99
    rose = beside.top_bid > alone.top_bid
    failed = sum(1 for row in rows.values() if row.state == "Failed")
    row = (
        f"| noisy-neighbour | B {QUIET_RATE:g}/s alone, then beside A {NOISY_RATE:g}/s to accounts that cannot"
        f" receive TKN, {seconds:.0f} s each: B {len(quiet)} accepted, {verdict.completed} Completed;"
        f" A {len(noisy_ids)} accepted, {failed} Failed, {len(not_ac01)} not AC01, {charged} ever in an envelope"
        f" | B's p99 accept -> Completed {alone.p99:.1f} s alone, {beside.p99:.1f} s beside A"
        f" ({beside.p99 / max(alone.p99, 0.001):.2f}x, at most {ALLOWED_SLOWDOWN}x); top bid per op"
        f" {alone.top_bid} alone, {beside.top_bid} beside A"
        f" | {len(verdict.lost)} | {len(verdict.double_paid)} | {len(verdict.stuck)} | - |"
    )
    holds = verdict.holds and not slow and not rose and not not_ac01 and charged == 0
    details = (verdict.lost + verdict.double_paid + verdict.stuck + not_ac01)[:10]
    return row, holds, details


def _quiet_phase(stack: RunStack, database_url: str, seconds: float, start: int, noisy: Load | None) -> Phase:
    quiet = Load(stack.api_url, stack.api_key, stack.payee, QUIET_RATE, seconds, start=start)
    if noisy is not None:
        noisy.start()
    quiet.start()
    result = quiet.join()
    if noisy is not None:
        noisy.join()
    ids = list(result.accepted)
    wait_until_final(database_url, ids, SETTLE_BOUND_SECONDS)
    return Phase(result.accepted, p99(latencies(database_url, ids)), top_bid(database_url, ids))
