"""W4: transfers/s from Created to Completed, with 1, 4 and 8 settlement worker processes.

A dedicated local ledger is set like the public network (5 s ledgers, 1,000 operations per
ledger); Sandbox settlement points at it. Each round creates its transfers through the intake
service first, then starts the `flask --app app settle` workers and times Completed transfers
by the ledger's own closes, start-up and drain excluded (`steady_rate`), bounded in time. Every
worker count runs once per ledger API in BENCH_SETTLEMENT_APIS (Horizon, then Stellar RPC, on the
same ledger), so the backends are measured side by side, minutes apart.
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import psycopg
from ledger.bootstrap import BootstrapOptions, bootstrap, submit_ops
from ledger.config import DEFAULT_PASSPHRASE, root_keypair
from ledger.testing import run_ledger_server
from stellar_sdk import Asset, Keypair, Server
from stellar_sdk.client.requests_client import RequestsClient
from stellar_sdk.operation import ChangeTrust, CreateAccount, Operation

from app import create_app
from bench.servers import (
    BENCH_RATES,
    BIN,
    BenchError,
    flask_cli,
    prepare_service_database,
    service_environment,
)
from bench.settings import PROJECT_ROOT, BenchSettings
from harness.client import pacs008_body

LEDGER_CLOSE_SECONDS = 5
MAX_OPS_PER_LEDGER = 1000
PAYEES = 40
PASSES_PER_WORKER = 2  # SETTLEMENT_PASSES, the default on Postgres
OPS_PER_ENVELOPE = 100  # SETTLEMENT_BATCH_OPS
# Channels are what caps envelopes in flight across all workers: three ledgers' worth keeps the
# ledger's queue full without envelopes waiting past the submit timeout (docs/settlement.md).
LEDGERS_IN_FLIGHT = 3
TRUST_GROUP = 15  # trust lines per transaction: each payee signs its own
STARTUP_SECONDS = 60.0  # workers start and the first ledger completes something
API_NAMES = {"horizon": "Horizon", "rpc": "Stellar RPC"}


@dataclass
class SettlementResult:
    """Transfers settled per second by ledger API and worker count, or why W4 was not measured."""

    rates: dict[tuple[str, int], float] = field(default_factory=dict)
    details: dict[tuple[str, int], str] = field(default_factory=dict)
    setup: str = ""
    skipped: str = ""

    def notes(self) -> list[str]:
        """Lines for the document: Horizon's as they always read, the other APIs named."""
        if self.skipped:
            return [f"W4 settlement: not measured: {self.skipped}."]
        lines = [f"W4 settlement setup: {self.setup}."] if self.setup else []
        for (api, workers), rate in self.rates.items():
            lines.append(
                f"W4 settlement{api_suffix(api)}, {workers} worker process(es): "
                f"{rate:,.1f} transfers/s ({self.details[api, workers]})"
            )
        return lines

    def by_api(self) -> dict[str, dict[int, float]]:
        """Each ledger API's rates by worker count, in the order they were measured."""
        found: dict[str, dict[int, float]] = {}
        for (api, workers), rate in self.rates.items():
            found.setdefault(api, {})[workers] = rate
        return found


def api_suffix(api: str) -> str:
    """What marks a figure's ledger API: nothing for Horizon (the rows as they were), else its name."""
    return "" if api == "horizon" else f" on {API_NAMES[api]}"


def settlement_available(settings: BenchSettings) -> bool:
    """True when `flask --app app settle` exists."""
    try:
        commands = flask_cli(settings, "--help")
    except BenchError:
        return False
    return any(line.split()[:1] == ["settle"] for line in commands.splitlines())


def create_payees(url: str, asset: Asset) -> list[str]:
    """PAYEES accounts trusting `asset`, created in few transactions."""
    server = Server(url, client=RequestsClient(num_retries=0))
    keypairs = [Keypair.random() for _ in range(PAYEES)]
    root = root_keypair(DEFAULT_PASSPHRASE)
    creates: list[Operation] = [CreateAccount(kp.public_key, "10") for kp in keypairs]
    submit_ops(server, DEFAULT_PASSPHRASE, root, creates)
    for start in range(0, PAYEES, TRUST_GROUP):
        group = keypairs[start : start + TRUST_GROUP]
        trusts: list[Operation] = [ChangeTrust(asset, source=kp.public_key) for kp in group]
        submit_ops(server, DEFAULT_PASSPHRASE, root, trusts, signers=group)
    return [kp.public_key for kp in keypairs]


def _create_transfers(database_url: str, api_key: str, payees: list[str], count: int, offset: int) -> None:
    """Through the intake service in this process (Flask test client), not over HTTP: only settlement is timed."""
    rates = {name: float(rate) for name, rate in BENCH_RATES.items()}
    client = create_app({"DATABASE_URL": database_url, **rates}).test_client()
    headers = {"Content-Type": "application/xml", "NET-API-KEY": api_key}
    for n in range(count):
        amount = f"{1 + (offset + n) % 100 / 100:.2f}"
        body = pacs008_body(offset + n, payees[n % len(payees)], amount)
        response = client.post("/v1/pacs008/net", data=body, headers=headers)
        if response.status_code != 201:
            raise BenchError(f"creating W4 transfer {n} got HTTP {response.status_code}")


def states(database_url: str) -> dict[str, int]:
    """How many transfers are in each state."""
    with psycopg.connect(database_url) as connection:
        rows = connection.execute("SELECT state, count(*) FROM transfer GROUP BY state").fetchall()
    return {str(state): int(total) for state, total in rows}


def start_workers(environ: dict[str, str], count: int, logs: Path) -> list[subprocess.Popen[bytes]]:
    """`count` `flask --app app settle` processes, logging into `logs`."""
    workers = []
    for n in range(count):
        with (logs / f"settle-{count}-{n}.log").open("ab") as log:
            workers.append(
                subprocess.Popen(  # noqa: S603 - fixed argv, no shell
                    [str(BIN / "flask"), "--app", "app", "settle"],
                    cwd=PROJECT_ROOT,
                    env=environ,
                    stdout=log,
                    stderr=log,
                )
            )
    return workers


def stop_workers(workers: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM, then SIGKILL after 45 s."""
    for worker in workers:
        if worker.poll() is None:
            worker.send_signal(signal.SIGTERM)
    for worker in workers:
        try:
            worker.wait(timeout=45)  # a pass may be waiting on its ledger
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


LedgerClose = tuple[datetime, int]  # when a ledger closed, and how many operations it applied


def steady_rate(closes: list[LedgerClose]) -> tuple[float, str] | None:
    """Payments per second while the round was under way, from its ledgers' closes.

    The first ledger that carries payments ends the start-up and the last one is the drain: it
    holds whatever did not fit before, so one straggling payment there would cost a whole ledger's
    time. The payments of the ledgers between them, over the time from the first close to the
    close before the last, is the steady rate; the detail also gives the figure with the drain
    counted, and every ledger's operations, empty ones included.
    """
    closes = sorted(closes)
    busy = [(at, ops) for at, ops in closes if ops > 0]
    if len(busy) < 3:
        return None
    first, steady, last = busy[0], busy[1:-1], busy[-1]
    seconds = (steady[-1][0] - first[0]).total_seconds()
    if seconds <= 0:
        return None
    settled = sum(ops for _, ops in steady)
    with_drain = (settled + last[1]) / (last[0] - first[0]).total_seconds()
    shape = "/".join(str(ops) for at, ops in closes if first[0] <= at <= last[0])
    return settled / seconds, (
        f"{settled:,} payments in {len(steady)} ledgers over {seconds:.0f} s; "
        f"{with_drain:,.1f}/s counting the drain ledger too; per ledger {shape}"
    )


def _ledger_closes(horizon_url: str, since: datetime) -> list[LedgerClose]:
    server = Server(horizon_url, client=RequestsClient(num_retries=0))
    page = server.ledgers().order(desc=True).limit(200).call()
    closes = (
        (datetime.fromisoformat(r["closed_at"].replace("Z", "+00:00")), int(r["operation_count"]))
        for r in page["_embedded"]["records"]
    )
    return [(at, ops) for at, ops in closes if at >= since]


def _measure_round(
    database_url: str, environ: dict[str, str], workers: int, total: int, settings: BenchSettings, logs: Path
) -> tuple[float, str]:
    """Start the workers on `total` new transfers; the ledger's rate, with what the database saw."""
    before = states(database_url).get("Completed", 0)
    since = datetime.now(UTC).replace(microsecond=0)
    processes = start_workers(environ, workers, logs)
    started = time.monotonic()
    completed_at: float | None = None
    deadline = started + STARTUP_SECONDS + settings.settlement_seconds
    done = 0
    try:
        while time.monotonic() < deadline:
            time.sleep(0.25)
            now = states(database_url)
            done = now.get("Completed", 0) - before
            if any(p.poll() is not None for p in processes):
                raise BenchError(f"a settle worker exited; see {logs}")
            if not now.get("Created", 0) and not now.get("Processing", 0):
                completed_at = time.monotonic()
                break
    finally:
        stop_workers(processes)
    failed = states(database_url).get("Failed", 0)
    end_to_end = (
        f"all {done:,} Completed {completed_at - started:.1f} s after the workers started"
        if completed_at is not None
        else f"{done:,} of {total:,} Completed within {deadline - started:.0f} s"
    )
    measured = steady_rate(_ledger_closes(environ["SANDBOX_HORIZON_URL"], since))
    if measured is None:
        return 0.0, f"too few ledgers to time; {end_to_end}; {failed} failed"
    rate, ledgers = measured
    return rate, f"{ledgers}; {end_to_end}; {failed} failed"


def measure_settlement(settings: BenchSettings) -> SettlementResult:
    """W4, or the reason it was not measured."""
    if not settlement_available(settings):
        return SettlementResult(skipped="settlement worker not available")
    in_flight = LEDGERS_IN_FLIGHT * MAX_OPS_PER_LEDGER // OPS_PER_ENVELOPE
    channels = int(os.environ.get("BENCH_SETTLEMENT_CHANNELS", str(in_flight)))
    batch_size = os.environ.get("BENCH_SETTLEMENT_BATCH_SIZE", "1000")
    result = SettlementResult(
        setup=(
            f"ledger closing every {LEDGER_CLOSE_SECONDS} s with at most {MAX_OPS_PER_LEDGER} operations per ledger, "
            f"{channels} channel accounts, {settings.settlement_transfers:,} transfers per round to {PAYEES} payees, "
            f"SETTLEMENT_BATCH_SIZE={batch_size}, SETTLEMENT_BATCH_OPS={OPS_PER_ENVELOPE}, "
            f"SETTLEMENT_PASSES={PASSES_PER_WORKER}; ledger APIs in turn per worker count: "
            + ", ".join(API_NAMES[api] for api in settings.settlement_apis)
        )
    )
    api_key = prepare_service_database(settings)  # W1-W3 left transfers to accounts this ledger lacks
    with tempfile.TemporaryDirectory(prefix="bench-w4-") as scratch:
        directory = Path(scratch)
        with run_ledger_server(
            directory,
            ledger_close_seconds=LEDGER_CLOSE_SECONDS,
            max_ops_per_ledger=MAX_OPS_PER_LEDGER,
            # The queue holds what the channels can have in flight, so W4 measures throughput, not
            # the queue limit (stellar-core's default of two ledgers would refuse a third ledger's worth).
            queue_ledgers=LEDGERS_IN_FLIGHT,
        ) as url:
            print(f"W4: ledger at {url}; bootstrapping {channels} channels and {PAYEES} payees", flush=True)
            secrets_file = directory / "ledger-secrets.json"
            mint = Decimal(3 * settings.settlement_transfers * 2 + 1000)
            options = BootstrapOptions(url, DEFAULT_PASSPHRASE, secrets_file, channels=channels, mint=mint)
            secrets = bootstrap(options, Server(url, client=RequestsClient(num_retries=0)))
            payees = create_payees(url, Asset("TKN", secrets["issuer"]["public_key"]))
            environ = {
                **service_environment(settings),
                "SANDBOX_HORIZON_URL": url,
                "SANDBOX_NETWORK_PASSPHRASE": DEFAULT_PASSPHRASE,
                "SANDBOX_SECRETS_FILE": str(secrets_file),
                "SETTLEMENT_BATCH_SIZE": batch_size,
                "SETTLEMENT_BATCH_OPS": str(OPS_PER_ENVELOPE),
                "SETTLEMENT_PASSES": str(PASSES_PER_WORKER),
                "SETTLEMENT_POLL_SECONDS": "0.2",
            }
            offset = 0
            for workers in settings.settlement_workers:
                for api in settings.settlement_apis:
                    total = settings.settlement_transfers
                    print(f"W4: creating {total:,} transfers, then {workers} worker process(es) on {API_NAMES[api]}")
                    _create_transfers(settings.database_url, api_key, payees, total, offset)
                    offset += total
                    on_api = {**environ, "SANDBOX_LEDGER_API": api, "SANDBOX_RPC_URL": f"{url}/rpc"}
                    rate, detail = _measure_round(settings.database_url, on_api, workers, total, settings, directory)
                    result.rates[api, workers], result.details[api, workers] = rate, detail
                    print(f"  W4{api_suffix(api)} {workers} worker(s): {rate:,.1f} transfers/s ({detail})", flush=True)
    return result
