"""Randomized runs against a lagging fleet of ledger instances: nothing paid twice, nothing stuck.

The worker reads the fleet through the ledger API the settlement tests run on: Horizon instances,
or with SETTLEMENT_TEST_LEDGER_API=rpc the same fleet's Stellar RPC instances behind one URL.

Each run draws its own fleet (instances, lags up to twice an envelope's bound), ledger
faults (504 after apply among them), crash points and workers, settles a few transfers, and then
counts the payments on the ledger itself. SETTLEMENT_FUZZ_RUNS sets the number of runs (a few by
default, 1,000 for the full check), SETTLEMENT_FUZZ_FIRST_SEED the first run's seed;
SETTLEMENT_FUZZ_REPORT names a file that gets one JSON line per run.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from ledger.testing import LedgerAdmin, run_ledger_server

from services.settlement.recording import COUNTERS
from services.settlement.worker import Settler
from storage import settlement as store
from storage.database import database
from storage.models import Transfer, utc_now
from storage.transfer_states import OPEN_STATES
from tests.services.settlement.conftest import (
    LEDGER_API,
    SimulatedCrash,
    bootstrap_with_payees,
    ledger_api_config,
    payments_on_ledger,
    submit_transfer,
)
from tests.support.databases import postgres_url

RUNS = int(os.environ.get("SETTLEMENT_FUZZ_RUNS", "6"))
FIRST_SEED = int(os.environ.get("SETTLEMENT_FUZZ_FIRST_SEED", "0"))  # split a long check over processes
REPORT = os.environ.get("SETTLEMENT_FUZZ_REPORT")
CLOSE_SECONDS = 0.05
BOUND = 8  # ledgers an envelope stays valid: 0.4 s, several passes even on a loaded machine
CLAIM_SECONDS = 30
STUCK_AFTER = 90.0  # seconds of real time; a run that has not settled by then has stuck transfers
PAYEES = 8
FAULTS = ("timeout_then_apply", "connection_reset_then_apply", "timeout_no_apply", "unavailable", "rate_limited")
CRASH_POINTS = ("after_sign", "after_submit", "during_result_store")


@dataclass
class FleetLedger:
    """A bootstrapped ledger closing fast, its SQLite file (read for the payments) and payees."""

    url: str
    secrets_file: Path
    database: Path
    admin: LedgerAdmin
    payees: list[str]


@pytest.fixture(scope="module")
def fleet_ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FleetLedger]:
    directory = tmp_path_factory.mktemp("fleet-ledger")
    secrets_file = directory / "ledger-secrets.json"
    with run_ledger_server(directory, ledger_close_seconds=CLOSE_SECONDS) as url:
        payees = bootstrap_with_payees(url, secrets_file, PAYEES)
        admin = LedgerAdmin(url)
        # Channels and payees exist on every instance of the fleet, however far it lags.
        wait_for_ledger_at(admin, admin.status()["latest_ledger"] + 3 * BOUND + 1)
        yield FleetLedger(url, secrets_file, directory / "ledger.sqlite3", admin, payees)
        admin.clear_faults()


@pytest.fixture()
def app_config(app_config: dict[str, Any], fleet_ledger: FleetLedger) -> dict[str, Any]:
    return {
        **app_config,
        **ledger_api_config(fleet_ledger.url),
        "SANDBOX_SECRETS_FILE": str(fleet_ledger.secrets_file),
        "SETTLEMENT_LEDGER_BOUND": BOUND,
        "SETTLEMENT_BOUND_MARGIN_LEDGERS": 1,
        "SETTLEMENT_CLAIM_SECONDS": CLAIM_SECONDS,
        "SETTLEMENT_RETRY_BASE_SECONDS": 0.01,
        "SETTLEMENT_RETRY_MAX_SECONDS": 0.1,
        "SETTLEMENT_POLL_SECONDS": 0.01,
        "SETTLEMENT_HTTP_TIMEOUT_SECONDS": 10.0,
    }


@dataclass
class Plan:
    """What one run draws from its seed."""

    seed: int
    transfers: int
    memos: int
    batch_ops: int
    workers: int
    crashes: int
    fleet: dict[str, int]
    faults: list[tuple[str, int]]

    @classmethod
    def draw(cls, seed: int, many_workers: bool) -> Plan:
        rng = random.Random(seed)
        max_lag = rng.choice([0, 1, 2, 4, BOUND + 2, 2 * BOUND])
        beyond_bound = max_lag > BOUND
        # Some instance comes within the bound of the tip now and then: an envelope counted from
        # a tip older than its bound is refused as too late (docs/settlement.md, liveness).
        fleet = {
            "instances": rng.randint(2 if beyond_bound else 1, 4),
            "min_lag": 0 if beyond_bound else rng.randint(0, max_lag // 2),
            "max_lag": max_lag,
            "seed": seed,
        }
        faults = [(rng.choice(FAULTS), rng.randint(1, 3)) for _ in range(rng.randint(0, 3))]
        if rng.random() < 0.7:
            faults.insert(0, ("timeout_then_apply", rng.randint(1, 3)))  # 504 after apply
        return cls(
            seed=seed,
            transfers=rng.randint(2, 12),
            memos=rng.randint(1, 3),
            batch_ops=rng.choice([1, 2, 5]),
            workers=rng.randint(1, 3) if many_workers else 1,
            crashes=rng.choice([0, 0, 1, 2, 3]),
            fleet=fleet,
            faults=faults,
        )


@dataclass
class Crew:
    """The workers of a run: each loops until the run is done; a crashed one is replaced by a fresh one.

    After a crash every clock jumps past the claim lease, as the crashed worker's claims would
    have lapsed by the time a replacement started.
    """

    plan: Plan
    build: Callable[..., Settler]
    rng: random.Random
    offset: list[float]
    crashes_left: int = 0
    crashed: list[str] = field(default_factory=list)
    errors: list[BaseException] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    done: threading.Event = field(default_factory=threading.Event)

    def hook(self, point: str) -> None:
        with self.lock:
            crash = self.crashes_left > 0 and self.rng.random() < 0.3
            if crash:
                self.crashes_left -= 1
                self.crashed.append(point)
        if crash:
            raise SimulatedCrash(point)

    def settler(self) -> Settler:
        settler = self.build(hook=self.hook, SETTLEMENT_BATCH_OPS=self.plan.batch_ops)
        settler.clock = lambda: utc_now() + timedelta(seconds=self.offset[0])
        return settler

    def work(self) -> None:
        settler = self.settler()
        try:
            while not self.done.is_set():
                try:
                    settler.run_once()
                except SimulatedCrash:
                    settler.close()
                    with self.lock:
                        self.offset[0] += CLAIM_SECONDS + 1
                    settler = self.settler()
                time.sleep(0.005)
        except BaseException as error:  # handed to the test thread, which asserts there was none
            self.errors.append(error)
        finally:
            settler.close()


def wait_for_ledger_at(admin: LedgerAdmin, sequence: int) -> None:
    while admin.status()["latest_ledger"] < sequence:
        time.sleep(CLOSE_SECONDS)


def open_transfers(transfer_ids: list[uuid.UUID]) -> int:
    with database.connection_context():
        return int(Transfer.select().where(Transfer.id.in_(transfer_ids) & Transfer.state.in_(OPEN_STATES)).count())


def one_run(
    seed: int, app: Flask, key: str, ledger: FleetLedger, build: Callable[..., Settler], offset: list[float]
) -> dict[str, Any]:
    """Settle one drawn plan to the end (or to STUCK_AFTER); describe what the ledger paid."""
    plan = Plan.draw(seed, many_workers=postgres_url() is not None)
    start_ledger = ledger.admin.status()["latest_ledger"]
    memo_prefix = f"fz{seed}-{uuid.uuid4().hex[:8]}-"
    expected: dict[uuid.UUID, tuple[str, str, Decimal]] = {}
    for n in range(plan.transfers):
        memo = f"{memo_prefix}{n % plan.memos}"
        payee = ledger.payees[n % len(ledger.payees)]
        amount = Decimal(1) + Decimal(n) / 100
        expected[submit_transfer(app, key, payee, amount=f"{amount:.2f}", memo=memo)] = (memo, payee, amount)
    ids = list(expected)
    ledger.admin.clear_faults()
    ledger.admin.arm_fault("lagging_fleet", **plan.fleet)
    for fault, count in plan.faults:
        ledger.admin.arm_fault(fault, count=count)
    counters_before = Counter(COUNTERS)
    crew = Crew(plan, build, random.Random(seed), offset, crashes_left=plan.crashes)
    threads = [threading.Thread(target=crew.work) for _ in range(plan.workers)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    try:
        while open_transfers(ids) and not crew.errors and time.monotonic() - started < STUCK_AFTER:
            time.sleep(0.05)
    finally:
        crew.done.set()
        for thread in threads:
            thread.join()
        ledger.admin.clear_faults()
    paid = payments_on_ledger(ledger.database, start_ledger, memo_prefix)
    with database.connection_context():
        rows = store.get_transfers(ids)
    counted = Counter(COUNTERS)
    counted.subtract(counters_before)
    return {
        **plan.__dict__,
        "ledger_api": LEDGER_API,
        "stuck": open_transfers(ids),
        "paid_twice": sum(1 for key in expected.values() if paid[key] > 1),
        "unpaid_completed": sum(1 for t in rows if t.state == store.COMPLETED and paid[expected[t.id]] != 1),
        "unexpected_payments": sum(count for key, count in paid.items() if key not in set(expected.values())),
        "states": dict(Counter(str(t.state) for t in rows)),
        "last_errors": sorted({str(t.last_error) for t in rows if t.state in OPEN_STATES}),
        "crashed_at": crew.crashed,
        "errors": [repr(error) for error in crew.errors],
        "seconds": round(time.monotonic() - started, 2),
        "counters": {name: value for name, value in counted.items() if value},
    }


def test_lagging_fleet_never_pays_twice_and_leaves_nothing_stuck(
    app: Flask, fleet_ledger: FleetLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    # One database for every run, as in production: each run's envelopes are history for the
    # next (a channel's stored sequence numbers), and the clock only moves forward.
    offset = [0.0]
    bad = []
    for seed in range(FIRST_SEED, FIRST_SEED + RUNS):
        line = one_run(seed, app, sandbox_key, fleet_ledger, make_settler, offset)
        if REPORT:
            with open(REPORT, "a") as report:
                report.write(json.dumps(line) + "\n")
        faults = ("stuck", "paid_twice", "unpaid_completed", "unexpected_payments", "errors")
        if any(line[name] for name in faults) or line["states"] != {store.COMPLETED: line["transfers"]}:
            bad.append(line)
    assert not bad, bad[:3]
