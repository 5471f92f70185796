"""W4-latency and W4-congested: a steady stream of pacs.008 settled as it arrives, timed from accept to Completed.

A dedicated local ledger closes every 5 s with 1,000 operations per ledger and stellar-core's
two-ledger queue; one `flask --app app settle` process (two passes) settles Sandbox transfers
on it while the gateway, under gunicorn, is offered BENCH_LATENCY_RATE pacs.008 a second for
BENCH_LATENCY_SECONDS. W4-congested adds other people's traffic: half of every ledger, bidding
twice the base fee. Each runs on every ledger API in BENCH_LATENCY_APIS (Horizon, then Stellar
RPC: the sandbox serves both), one after the other in one run. Everything is read back from the
database (accept and completion times, envelopes and fees) and from the ledger (ledgers closed,
requests served by endpoint).
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import psycopg
import requests
from ledger.bootstrap import BootstrapOptions, bootstrap
from ledger.config import DEFAULT_PASSPHRASE
from ledger.testing import LedgerAdmin, run_ledger_server
from stellar_sdk import Asset, Server
from stellar_sdk.client.requests_client import RequestsClient

from bench.report import Verdict
from bench.servers import BenchError, Gunicorn, port_free, prepare_service_database, service_environment
from bench.settings import BenchSettings
from bench.settlement import API_NAMES, api_suffix, create_payees, start_workers, states, stop_workers
from harness.client import pacs008_body

LEDGER_CLOSE_SECONDS = 5
MAX_OPS_PER_LEDGER = 1000
CHANNELS = 20  # two ledgers' worth: what stellar-core's queue holds
SENDERS = 8  # threads offering the load, each on its own keep-alive connection
DRAIN_SECONDS = 90.0  # after the offer ends, for the last transfers to complete
BACKGROUND_SHARE = 0.5
BACKGROUND_FEE = 200  # stroops per operation: twice the base fee
MAX_FEE = 10_000  # SETTLEMENT_MAX_FEE, the configured maximum the congested target is judged on
LEDGER_BOUND = 12  # SETTLEMENT_LEDGER_BOUND: a first envelope was built at its max_ledger minus this
PUBLIC_BUDGET_PER_LEDGER = 3600 / 3600 * LEDGER_CLOSE_SECONDS  # Horizon's default 3,600 requests an hour
FOLLOWING_BUDGET = 3  # reads that follow the ledger, per ledger, whatever the load (issue 32)
# The sandbox's request counts by endpoint (sandbox/ledger/request_counts.py): the reads that follow
# the ledger (tips, transactions by ledger or by hash) and the submissions, per backend.
FOLLOWING = {
    "horizon": frozenset({"/ledgers", "/ledgers/<int:sequence>/transactions", "/transactions/<tx_hash>"}),
    "rpc": frozenset({"/rpc getLatestLedger", "/rpc getTransactions", "/rpc getTransaction"}),
}
SUBMITTING = {"horizon": frozenset({"/transactions_async"}), "rpc": frozenset({"/rpc sendTransaction"})}


@dataclass
class LatencyResult:
    """One workload's figures, or why it was not measured."""

    name: str
    offered: int = 0
    accepted: int = 0
    completed: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)  # accept -> Completed, seconds
    ledgers_after_submission: list[int] = field(default_factory=list)
    fee_charged: int = 0
    operations: int = 0
    bumped: int = 0
    highest_bid: int = 0
    requests_per_ledger: float = 0.0
    following_per_ledger: float = 0.0
    submissions_per_ledger: float = 0.0
    by_endpoint: dict[str, float] = field(default_factory=dict)  # requests per ledger, per endpoint
    api: str = "horizon"
    skipped: str = ""

    @property
    def suffix(self) -> str:
        """What marks this backend's verdicts: nothing on Horizon (the rows as they were), else the API."""
        return api_suffix(self.api)

    def percentile(self, share: float) -> float:
        """The latency below which `share` of the completed transfers settled."""
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    def notes(self) -> list[str]:
        """Lines for the document."""
        if self.skipped:
            return [f"{self.name} on {API_NAMES[self.api]}: not measured: {self.skipped}."]
        per_payment = self.fee_charged / self.operations if self.operations else 0.0
        worst = max(self.ledgers_after_submission, default=0)
        return [
            f"{self.name} on {API_NAMES[self.api]}: {self.accepted:,} of {self.offered:,} pacs.008 accepted "
            f"over {self.seconds:.0f} s "
            f"({self.accepted / self.seconds:,.1f}/s), {self.completed:,} Completed; accept → Completed "
            f"p50 {self.percentile(0.5):.1f} s, p99 {self.percentile(0.99):.1f} s, "
            f"max {max(self.latencies, default=0):.1f} s; "
            f"applied at most {worst} ledger(s) after its first envelope was built; fees charged "
            f"{per_payment:,.0f} stroops per payment, {self.bumped} envelope(s) fee-bumped, highest bid "
            f"{self.highest_bid:,} per operation; {self.requests_per_ledger:.1f} requests per ledger to the ledger "
            f"API: {self.following_per_ledger:.1f} following the ledger, {self.submissions_per_ledger:.1f} "
            f"submissions, the rest fee statistics and accounts (Horizon's default limit allows "
            f"{PUBLIC_BUDGET_PER_LEDGER:.0f})",
            *self._endpoint_notes(),
        ]

    def _endpoint_notes(self) -> list[str]:
        """Where the requests per ledger went, endpoint by endpoint, most first."""
        if not self.by_endpoint:
            return []
        ranked = sorted(self.by_endpoint.items(), key=lambda item: (-item[1], item[0]))
        spelled = ", ".join(f"`{endpoint}` {per_ledger:.1f}" for endpoint, per_ledger in ranked if per_ledger >= 0.05)
        return [f"{self.name} on {API_NAMES[self.api]}, requests per ledger by endpoint: {spelled}"]

    def verdicts(self) -> list[Verdict]:
        """The issue's targets for this workload, on its ledger API."""
        if self.skipped:
            return [Verdict(f"{self.name} settled{self.suffix}", f"not measured: {self.skipped}", False)]
        return [*self._targets(), self._budget()]

    def _targets(self) -> list[Verdict]:
        everything = f"{self.completed:,} of {self.accepted:,} Completed"
        on = self.suffix
        if self.name == "W4-latency":
            p50, p99 = self.percentile(0.5), self.percentile(0.99)
            return [
                Verdict(f"W4-latency p50 ≤ 5 s{on}", f"{p50:.1f} s ({everything})", p50 <= 5 and self._all_done()),
                Verdict(f"W4-latency p99 ≤ 10 s{on}", f"{p99:.1f} s", p99 <= 10 and self._all_done()),
            ]
        worst = max(self.ledgers_after_submission, default=0)
        return [
            Verdict(
                f"W4-congested within 3 ledgers{on}",
                f"at most {worst} ledger(s) after the first envelope ({everything})",
                worst <= 3 and self._all_done(),
            ),
            Verdict(
                f"W4-congested fee < max{on}",
                f"highest bid {self.highest_bid:,} of {MAX_FEE:,} stroops per operation",
                self.highest_bid < MAX_FEE,
            ),
        ]

    def _budget(self) -> Verdict:
        return Verdict(
            f"{self.name} following reads ≤ {FOLLOWING_BUDGET} per ledger on {API_NAMES[self.api]}",
            f"{self.following_per_ledger:.1f} per ledger",
            self.following_per_ledger <= FOLLOWING_BUDGET,
        )

    def _all_done(self) -> bool:
        return self.accepted > 0 and self.completed == self.accepted


def _offer(url: str, api_key: str, payees: list[str], rate: float, seconds: float) -> tuple[int, int]:
    """Offer `rate` pacs.008 a second for `seconds`, each on its schedule; (offered, accepted).

    Each sender keeps to its own timetable rather than waiting for answers first, so a slow
    answer delays no other message.
    """
    total = int(rate * seconds)
    accepted = [0] * SENDERS
    start = time.monotonic() + 0.5
    headers = {"Content-Type": "application/xml", "NET-API-KEY": api_key}

    def send(lane: int) -> None:
        with requests.Session() as session:
            for n in range(lane, total, SENDERS):
                delay = start + n / rate - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                body = pacs008_body(n, payees[n % len(payees)], f"{1 + n % 100 / 100:.2f}")
                try:
                    response = session.post(f"{url}/v1/pacs008/net", data=body, headers=headers, timeout=10)
                except requests.RequestException:
                    continue
                accepted[lane] += response.status_code == 201

    threads = [threading.Thread(target=send, args=(lane,)) for lane in range(SENDERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return total, sum(accepted)


def _served(before: dict[str, int], after: dict[str, int]) -> Callable[[frozenset[str] | None], int]:
    """Requests served between the two counts, to these endpoints (None: to any)."""

    def count(endpoints: frozenset[str] | None) -> int:
        return sum(n - before.get(e, 0) for e, n in after.items() if endpoints is None or e in endpoints)

    return count


def _read_back(database_url: str, result: LatencyResult) -> None:
    """Latencies, ledgers after the first envelope, and fees, from the bench database."""
    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT extract(epoch FROM completed_at - created_at) FROM transfer WHERE state = 'Completed'"
        ).fetchall()
        result.latencies = [float(seconds) for (seconds,) in rows]
        result.completed = len(rows)
        firsts = connection.execute(
            "SELECT t.ledger_sequence - (a.max_ledger - %s) FROM transfer t "
            "JOIN settlement_payment p ON p.transfer_id = t.id AND p.number = 1 "
            "JOIN settlement_attempt a ON a.id = p.attempt_id WHERE t.state = 'Completed'",
            (LEDGER_BOUND,),
        ).fetchall()
        result.ledgers_after_submission = [int(n) for (n,) in firsts]
        fees = connection.execute(
            "SELECT coalesce(sum(fee_charged), 0), coalesce(sum(op_count), 0), count(bump_hash), "
            "coalesce(max(CASE WHEN bump_fee IS NULL THEN fee / op_count ELSE bump_fee / (op_count + 1) END), 0) "
            "FROM settlement_attempt WHERE outcome = 'applied'"
        ).fetchone()
    assert fees is not None
    result.fee_charged, result.operations, result.bumped, result.highest_bid = (int(v) for v in fees)


def measure_latency(settings: BenchSettings, congested: bool, api: str = "horizon") -> LatencyResult:
    """W4-latency (congested False) or W4-congested on ledger API `api`, or the reason it was not measured."""
    result = LatencyResult("W4-congested" if congested else "W4-latency", api=api)
    if not port_free(settings.host, settings.port):
        return LatencyResult(result.name, api=api, skipped=f"port {settings.port} is in use (BENCH_PORT)")
    api_key = prepare_service_database(settings)
    ledger = {"background_share": BACKGROUND_SHARE, "background_fee": BACKGROUND_FEE} if congested else {}
    with tempfile.TemporaryDirectory(prefix="bench-w4-latency-") as scratch:
        directory = Path(scratch)
        with run_ledger_server(
            directory,
            ledger_close_seconds=LEDGER_CLOSE_SECONDS,
            max_ops_per_ledger=MAX_OPS_PER_LEDGER,
            **ledger,
        ) as url:
            print(f"{result.name} on {API_NAMES[api]}: ledger at {url}; bootstrapping {CHANNELS} channels", flush=True)
            secrets_file = directory / "ledger-secrets.json"
            mint = Decimal(3 * settings.latency_rate * settings.latency_seconds + 1000)
            options = BootstrapOptions(url, DEFAULT_PASSPHRASE, secrets_file, channels=CHANNELS, mint=mint)
            secrets = bootstrap(options, Server(url, client=RequestsClient(num_retries=0)))
            payees = create_payees(url, Asset("TKN", secrets["issuer"]["public_key"]))
            environ = {
                **service_environment(settings),
                "SANDBOX_LEDGER_API": api,
                "SANDBOX_HORIZON_URL": url,
                "SANDBOX_RPC_URL": f"{url}/rpc",
                "SANDBOX_NETWORK_PASSPHRASE": DEFAULT_PASSPHRASE,
                "SANDBOX_SECRETS_FILE": str(secrets_file),
                "SETTLEMENT_POLL_SECONDS": "0.2",
                "SETTLEMENT_MAX_FEE": str(MAX_FEE),
                "SETTLEMENT_LEDGER_BOUND": str(LEDGER_BOUND),
            }
            gateway = Gunicorn(settings, "app:create_app()", settings.port, directory / "gateway.log")
            workers = start_workers(environ, 1, directory)
            admin = LedgerAdmin(url)
            try:
                gateway.start()
                before = admin.status()
                started = time.monotonic()
                result.offered, result.accepted = _offer(
                    settings.base_url, api_key, payees, settings.latency_rate, settings.latency_seconds
                )
                result.seconds = time.monotonic() - started
                after = admin.status()
                deadline = time.monotonic() + DRAIN_SECONDS
                while time.monotonic() < deadline:
                    open_now = states(settings.database_url)
                    if not open_now.get("Created") and not open_now.get("Processing"):
                        break
                    if any(w.poll() is not None for w in workers):
                        raise BenchError(f"the settle worker exited; see {directory}")
                    time.sleep(0.5)
            finally:
                gateway.stop()
                stop_workers(workers)
    ledgers = max(after["latest_ledger"] - before["latest_ledger"], 1)
    served = _served(before["horizon_requests"], after["horizon_requests"])
    result.requests_per_ledger = served(None) / ledgers
    result.following_per_ledger = served(FOLLOWING[api]) / ledgers
    result.submissions_per_ledger = served(SUBMITTING[api]) / ledgers
    result.by_endpoint = {endpoint: served(frozenset({endpoint})) / ledgers for endpoint in after["horizon_requests"]}
    _read_back(settings.database_url, result)
    if result.latencies:
        print(f"  {result.notes()[0]}", flush=True)
    else:
        print(f"  {result.name}: nothing completed (median undefined)", flush=True)
    return result
