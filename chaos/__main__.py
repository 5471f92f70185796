"""`python -m chaos [--short] [SCENARIO ...]`: the fault suite (`make chaos`, `make chaos-short`).

Each scenario starts `make run` on a fresh Postgres database, drives a bounded load of pacs.008
(chaos/load.py), injects one fault (chaos/faults.py) while the load runs, waits for every accepted
transfer to be Completed or Failed, then checks the invariants (chaos/invariants.py) and that every
process is up. It prints one Markdown row per scenario; docs/reliability.md publishes the table.
Exit status 1 when any scenario broke an invariant or could not run; an error in one scenario is its
row and the others still run. `--ledger-api` (or CHAOS_LEDGER_API) chooses the face of the sandbox
the worker settles through: horizon (the default), rpc, or both, each scenario once on each.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import os
import sys
import tempfile
import time
import traceback
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse, urlunparse

from ledger.config import DEFAULT_PASSPHRASE

from chaos import cancels, faults, noisy, past_window
from chaos.invariants import Verdict, check, ledger_payments, transfer_rows, wait_until_final
from chaos.load import Load
from harness.nginx import Nginx
from harness.postgres import (
    PostgresUnavailable,
    ThrowawayPostgres,
    destroy,
    drop,
    drop_and_create,
    throwaway_server,
)
from harness.stack import RunStack, StackError

# The server, and the name each scenario's database starts with: runs beside each other on one
# server (two checkouts, two helpers) each get databases of their own.
DATABASE_URL = os.environ.get("CHAOS_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/chaos_gateway")
DATABASE_PREFIX = "chaos_"
LEDGER_APIS = {"horizon": ("horizon",), "rpc": ("rpc",), "both": ("horizon", "rpc")}
# After the fault clears, every accepted transfer must be Completed or Failed within this bound. A
# killed worker's claims are taken back at the next pass (decision L1), or at worst lapse after
# SETTLEMENT_CLAIM_SECONDS (120 s); a transfer sent back waits at most SETTLEMENT_RETRY_MAX_SECONDS
# (60 s) between tries.
RECOVERY_BOUND_SECONDS = 240.0
# The Procfile lines that must be running after every fault; `ready` only announces and is left out.
SUPERVISED = ("web", "ledger", "settle", "deliver")


@dataclass(frozen=True)
class LoadShape:
    """pacs.008 a second, for how long, and how far into the load the fault starts."""

    rate: float
    seconds: float
    fault_at: float


# Full and short: the fault a third of the way into the load.
STEADY = (LoadShape(20.0, 30.0, 10.0), LoadShape(10.0, 12.0, 4.0))
# The probe's funding outage (issue 33): 150 s at 25 a second, the load ending 10 s after the
# top-up; short, 15 s at 10 a second. Its backlog must settle within 30 s of the top-up.
FUNDING_OUTAGE = (LoadShape(25.0, 165.0, 5.0), LoadShape(10.0, 24.0, 4.0))


@dataclass(frozen=True)
class Scenario:
    """One fault, and what the scenario needs around it."""

    name: str
    fault: faults.Fault
    own_postgres: bool = False  # a throwaway server, which the fault may restart
    proxy: bool = False  # the load goes through nginx (deploy/nginx)
    tenants: bool = False  # no fault: loads of its own from two organizations (chaos/noisy.py)
    settings: tuple[tuple[str, str], ...] = ()  # what `make run` gets besides the stack's own
    shapes: tuple[LoadShape, LoadShape] = STEADY  # the load, full and short
    recover_within: float | None = None  # seconds: a slower recovery breaks the scenario
    cancels: bool = False  # a tenth of the load is cancelled with camt.056 (chaos/cancels.py)
    ledger_api: str = "horizon"  # the sandbox face the worker settles through

    @property
    def label(self) -> str:
        """The row's name: the scenario's, and the ledger API when it is not Horizon."""
        return self.name if self.ledger_api == "horizon" else f"{self.name} ({self.ledger_api})"


SCENARIOS = [
    Scenario("postgres-restart", faults.restart_postgres, own_postgres=True),
    Scenario("kill-worker", faults.kill_worker),
    Scenario("kill-api-worker", faults.kill_api_worker),
    Scenario("ledger-down", faults.ledger_down),
    Scenario("funding-outage", faults.funding_outage, shapes=FUNDING_OUTAGE, recover_within=30.0),
    Scenario("ledger-504-after-apply", faults.ledger_504_after_apply),
    Scenario("slow-clients", faults.slow_clients_fault, proxy=True),
    # A thousand bodies come faster than a key may send: without the rate limit every one reaches the parser.
    Scenario("hostile-bodies", faults.hostile_bodies, settings=(("RATE_LIMIT_PACS008_PER_SECOND", "0"),)),
    Scenario("noisy-neighbour", faults.no_fault, tenants=True),
    # RPC instances that keep a short history, so that a worker can be stopped past it (docs/settlement.md).
    Scenario(
        "worker-past-window",
        past_window.worker_past_window,
        settings=(("LEDGER_RPC_RETENTION_LEDGERS", str(past_window.RETENTION_LEDGERS)),),
    ),
    Scenario("cancel-tenth", cancels.kill_workers_repeatedly, cancels=True),
]
HEADER = [
    "| scenario | load | fault | lost | double-paid | stuck | recovery |",
    "|---|---|---|---|---|---|---|",
]


@dataclass
class Outcome:
    """One scenario's row and whether its invariants held."""

    row: str
    holds: bool
    details: list[str]


def unique_database(url: str) -> str:
    """`url` with a database name of this scenario's own: the given name and a random suffix."""
    parsed = urlparse(url)
    return urlunparse(parsed._replace(path=f"{parsed.path}_{uuid.uuid4().hex[:8]}"))


def run_scenario(scenario: Scenario, short: bool, workdir: Path) -> Outcome:
    """Set up, load, inject, wait, check; always tear down."""
    directory = workdir / f"{scenario.name}-{scenario.ledger_api}"
    postgres: ThrowawayPostgres | None = None
    stack: RunStack | None = None
    proxy: Nginx | None = None
    shared: str | None = None  # this scenario's database on the shared server, dropped at the end
    try:
        if scenario.own_postgres:
            postgres = throwaway_server("chaos-postgres-")
            database_url = postgres.database_url("chaos_gateway")
        else:
            database_url = shared = unique_database(DATABASE_URL)
        drop_and_create(database_url, DATABASE_PREFIX)
        stack = RunStack(
            directory,
            database_url=database_url,
            extra_environment=dict(scenario.settings),
            ledger_api=scenario.ledger_api,
        )
        stack.start()
        if scenario.tenants:
            row, holds, details = noisy.run_noisy_neighbour(stack, database_url, short)
            return Outcome(row.replace(f"| {scenario.name} |", f"| {scenario.label} |", 1), holds, details)
        base_url = stack.api_url
        verify: str | bool = True  # through nginx: its certificate's file
        if scenario.proxy:
            proxy = Nginx(directory / "nginx", stack.api_port)
            proxy.start()
            base_url, verify = proxy.url, str(proxy.certificate)
        shape = scenario.shapes[1] if short else scenario.shapes[0]
        load = Load(base_url, stack.api_key, stack.payee, shape.rate, shape.seconds, verify=verify)
        load.start()
        canceller = cancels.Canceller(base_url, stack.api_key, load.result, cancels.FRACTION if scenario.cancels else 0)
        canceller.start()
        time.sleep(shape.fault_at)
        target = faults.Target(stack, short, postgres, proxy)
        description = scenario.fault(target)
        cleared = time.monotonic()
        result = load.join()
        canceller.stop()
        ids = list(result.accepted)
        recovered = wait_until_final(database_url, ids, RECOVERY_BOUND_SECONDS - (time.monotonic() - cleared))
        recovery = None if recovered is None else time.monotonic() - cleared
        rows = transfer_rows(database_url, ids)
        paid = ledger_payments(directory / "ledger.sqlite3", stack.payee, DEFAULT_PASSPHRASE)
        verdict = check(result.accepted, rows, paid)
        down = [name for name in SUPERVISED if stack.supervised(name) is None]
        if not stack.answers():
            down.append("API not answering")
        if scenario.cancels:
            description += cancels.judge(canceller, stack, result.accepted, rows, paid, target.breaches)
        return _outcome(scenario, result.describe(), description, verdict, down, target.breaches, recovery)
    except (StackError, PostgresUnavailable, OSError, RuntimeError) as error:
        return Outcome(f"| {scenario.label} | harness error: {error} | | | | | |", False, [])
    finally:
        tear_down(proxy, stack, postgres, shared)


def tear_down(
    proxy: Nginx | None, stack: RunStack | None, postgres: ThrowawayPostgres | None, shared: str | None
) -> None:
    """Stop what the scenario started, outermost first; drop its database on the shared server."""
    if proxy is not None:
        proxy.stop()
    if stack is not None:
        stack.stop()
    if postgres is not None:
        destroy(postgres)
    if shared is not None:
        drop(shared, DATABASE_PREFIX)


def _outcome(
    scenario: Scenario,
    load: str,
    description: str,
    verdict: Verdict,
    down: list[str],
    breaches: list[str],
    recovery: float | None,
) -> Outcome:
    """The scenario's row, and whether it held: its invariants, every process up, no breach, recovered in time."""
    if scenario.recover_within is not None and (recovery is None or recovery > scenario.recover_within):
        breaches.append(f"not recovered within {scenario.recover_within:.0f} s of the fault clearing")
    settled = f"{verdict.completed} Completed, {verdict.failed} Failed"
    row = (
        f"| {scenario.label} | {load}; {settled} | {description}"
        + (f"; down: {', '.join(down)}" if down else "")
        + (f"; broken: {', '.join(breaches)}" if breaches else "")
        + f" | {len(verdict.lost)} | {len(verdict.double_paid)} | {len(verdict.stuck)} | "
        + (f"{recovery:.0f} s |" if recovery is not None else f"not within {RECOVERY_BOUND_SECONDS:.0f} s |")
    )
    details = (breaches + verdict.lost + verdict.double_paid + verdict.stuck)[:10]
    return Outcome(row, verdict.holds and not down and not breaches, details)


def contained(scenario: Scenario, run: Callable[[], Outcome]) -> Outcome:
    """`run()`, or, when it raises anything else, a failed row naming the error, so the next scenario still runs."""
    try:
        return run()
    except Exception as error:
        where = traceback.format_exception(error)
        return Outcome(
            f"| {scenario.label} | harness error: {type(error).__name__}: {error} | | | | | |",
            False,
            [line.rstrip() for chunk in where[-4:] for line in chunk.splitlines()],
        )


def main(
    argv: list[str] | None = None,
    scenarios: Sequence[Scenario] = SCENARIOS,
    run: Callable[[Scenario, bool, Path], Outcome] = run_scenario,
) -> int:
    """Run the chosen scenarios (all by default) and print the table."""
    parser = argparse.ArgumentParser(prog="python -m chaos", description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true", default=bool(os.environ.get("CHAOS_SHORT")))
    parser.add_argument(
        "--ledger-api",
        choices=sorted(LEDGER_APIS),
        default=os.environ.get("CHAOS_LEDGER_API") or "horizon",
        help="the sandbox face the worker settles through; both: every scenario on each",
    )
    parser.add_argument("scenarios", nargs="*", metavar="SCENARIO", help=", ".join(s.name for s in scenarios))
    args = parser.parse_args(argv)
    unknown = set(args.scenarios) - {s.name for s in scenarios}
    if unknown:
        parser.error(f"unknown scenario(s): {', '.join(sorted(unknown))}")
    chosen = [
        dataclasses.replace(s, ledger_api=api)
        for api in LEDGER_APIS[args.ledger_api]
        for s in scenarios
        if not args.scenarios or s.name in args.scenarios
    ]
    workdir = Path(tempfile.mkdtemp(prefix="chaos-"))
    started = time.monotonic()
    outcomes = []
    print("\n".join(HEADER), flush=True)
    for scenario in chosen:
        outcome = contained(scenario, functools.partial(run, scenario, args.short, workdir))
        outcomes.append(outcome)
        print(outcome.row, flush=True)
        for detail in outcome.details:
            print(f"    {detail}", flush=True)
    failed = [s.label for s, o in zip(chosen, outcomes, strict=True) if not o.holds]
    print(f"\n{len(chosen)} scenario(s) in {time.monotonic() - started:.0f} s; logs in {workdir}")
    if failed:
        print(f"FAILED: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
