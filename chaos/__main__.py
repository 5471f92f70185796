"""`python -m chaos [--short] [SCENARIO ...]`: the fault suite (`make chaos`, `make chaos-short`).

Each scenario starts `make run` on a fresh Postgres database, drives a bounded load of pacs.008
(chaos/load.py), injects one fault (chaos/faults.py) while the load runs, waits for every accepted
transfer to be Completed or Failed, then checks the invariants (chaos/invariants.py) and that every
process is up. It prints one Markdown row per scenario; docs/reliability.md publishes the table.
Exit status 1 when any scenario broke an invariant or could not run; an error in one scenario is its
row and the others still run.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from chaos import faults
from chaos.invariants import check, ledger_payments, transfer_rows, wait_until_final
from chaos.load import Load
from chaos.postgres import database_url as postgres_database
from chaos.postgres import destroy, recreate_database, throwaway_server
from chaos.proxy import Nginx
from chaos.stack import RunStack, StackError
from ledger.config import DEFAULT_PASSPHRASE
from tests.support.throwaway_postgres import ThrowawayPostgres

DATABASE_URL = os.environ.get("CHAOS_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/chaos_gateway")
# After the fault clears, every accepted transfer must be Completed or Failed within this bound. A
# killed worker's claims are taken back at the next pass (decision L1), or at worst lapse after
# SETTLEMENT_CLAIM_SECONDS (120 s); a transfer sent back waits at most SETTLEMENT_RETRY_MAX_SECONDS
# (60 s) between tries.
RECOVERY_BOUND_SECONDS = 240.0
# The Procfile lines that must be running after every fault; `ready` only announces and is left out.
SUPERVISED = ("web", "ledger", "settle", "deliver")


@dataclass(frozen=True)
class Scenario:
    """One fault, and what the scenario needs around it."""

    name: str
    fault: faults.Fault
    own_postgres: bool = False  # a throwaway server, which the fault may restart
    proxy: bool = False  # the load goes through nginx (deploy/nginx)


SCENARIOS = [
    Scenario("postgres-restart", faults.restart_postgres, own_postgres=True),
    Scenario("kill-worker", faults.kill_worker),
    Scenario("kill-api-worker", faults.kill_api_worker),
    Scenario("ledger-down", faults.ledger_down),
    Scenario("funding-outage", faults.funding_outage),
    Scenario("ledger-504-after-apply", faults.ledger_504_after_apply),
    Scenario("slow-clients", faults.slow_clients_fault, proxy=True),
    Scenario("hostile-bodies", faults.hostile_bodies),
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


def run_scenario(scenario: Scenario, short: bool, workdir: Path) -> Outcome:
    """Set up, load, inject, wait, check; always tear down."""
    directory = workdir / scenario.name
    postgres: ThrowawayPostgres | None = None
    stack: RunStack | None = None
    proxy: Nginx | None = None
    try:
        if scenario.own_postgres:
            postgres = throwaway_server()
            database_url = postgres_database(postgres, "chaos_gateway")
        else:
            database_url = DATABASE_URL
        recreate_database(database_url)
        stack = RunStack(directory, database_url=database_url)
        stack.start()
        base_url, verify = stack.api_url, True
        if scenario.proxy:
            proxy = Nginx(directory / "nginx", stack.api_port)
            proxy.start()
            base_url, verify = proxy.url, str(proxy.certificate)  # type: ignore[assignment]
        rate, seconds = (10.0, 12.0) if short else (20.0, 30.0)
        load = Load(base_url, stack.api_key, stack.payee, rate, seconds, verify=verify)
        load.start()
        time.sleep(seconds / 3)
        target = faults.Target(stack, short, postgres, proxy)
        description = scenario.fault(target)
        cleared = time.monotonic()
        result = load.join()
        ids = list(result.accepted)
        recovered = wait_until_final(database_url, ids, RECOVERY_BOUND_SECONDS - (time.monotonic() - cleared))
        recovery = None if recovered is None else time.monotonic() - cleared
        rows = transfer_rows(database_url, ids)
        paid = ledger_payments(directory / "ledger.sqlite3", stack.payee, DEFAULT_PASSPHRASE)
        verdict = check(result.accepted, rows, paid)
        down = [name for name in SUPERVISED if stack.supervised(name) is None]
        if not stack.answers():
            down.append("API not answering")
        settled = f"{verdict.completed} Completed, {verdict.failed} Failed"
        row = (
            f"| {scenario.name} | {result.describe()}; {settled} | {description}"
            + (f"; down: {', '.join(down)}" if down else "")
            + (f"; broken: {', '.join(target.breaches)}" if target.breaches else "")
            + f" | {len(verdict.lost)} | {len(verdict.double_paid)} | {len(verdict.stuck)} | "
            + (f"{recovery:.0f} s |" if recovery is not None else f"not within {RECOVERY_BOUND_SECONDS:.0f} s |")
        )
        details = (target.breaches + verdict.lost + verdict.double_paid + verdict.stuck)[:10]
        return Outcome(row, verdict.holds and not down and not target.breaches, details)
    except (StackError, OSError, RuntimeError) as error:
        return Outcome(f"| {scenario.name} | harness error: {error} | | | | | |", False, [])
    finally:
        if proxy is not None:
            proxy.stop()
        if stack is not None:
            stack.stop()
        if postgres is not None:
            destroy(postgres)


def contained(scenario: Scenario, run: Callable[[], Outcome]) -> Outcome:
    """`run()`, or, when it raises anything else, a failed row naming the error, so the next scenario still runs."""
    try:
        return run()
    except Exception as error:
        where = traceback.format_exception(error)
        return Outcome(
            f"| {scenario.name} | harness error: {type(error).__name__}: {error} | | | | | |",
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
    parser.add_argument("scenarios", nargs="*", metavar="SCENARIO", help=", ".join(s.name for s in scenarios))
    args = parser.parse_args(argv)
    unknown = set(args.scenarios) - {s.name for s in scenarios}
    if unknown:
        parser.error(f"unknown scenario(s): {', '.join(sorted(unknown))}")
    chosen = [s for s in scenarios if not args.scenarios or s.name in args.scenarios]
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
    failed = [s.name for s, o in zip(chosen, outcomes, strict=True) if not o.holds]
    print(f"\n{len(chosen)} scenario(s) in {time.monotonic() - started:.0f} s; logs in {workdir}")
    if failed:
        print(f"FAILED: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
