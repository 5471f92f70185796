"""Orchestrates one bench run: floor, W1, W1-prefunded, W2, W3, W6, the memory soak, W4, W5, then the document."""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.latency import LatencyResult, measure_latency
from bench.load import LoadResult, run_wrk, seed_transfers
from bench.machine import describe_machine
from bench.report import Point, Verdict, plot, replace_settlement_lines, results_section, write_document
from bench.servers import (
    BenchError,
    Gunicorn,
    port_free,
    prepare_prefunded_organization,
    prepare_service_database,
    stop_all,
)
from bench.settings import BenchSettings, load_settings
from bench.settlement import SettlementResult, api_suffix, measure_settlement
from bench.webhooks import DeliveryResult, measure_delivery

# W1-PREFUNDED is W1 sent by an organization whose every transfer draws on one prefunded hot account.
MODES = {"floor": "floor", "W1": "pacs008", "W1-PREFUNDED": "pacs008", "W2": "pacs028", "W3": "mix", "W6": "batch"}
TARGET_CONNECTIONS = 32
SOAK_CHUNK_SECONDS = 20.0
JUDGED = ("W1", "W1-PREFUNDED", "W2")  # the workloads with throughput and latency targets
RSS_GROWTH_LIMIT = 0.10  # "flat": no worker grows by more than 10 % over the soak
SOAK_TARGET_REQUESTS = 100_000  # the "flat after 100k requests"
Rss = tuple[dict[int, float], dict[int, float], int]  # worker RSS before, after, and the requests between


class Runner:
    """Keeps the run number that makes every MsgId of this run unique, and prints progress."""

    def __init__(self, settings: BenchSettings, api_key: str, ids_file: Path, prefunded_key: str = "") -> None:
        self.settings = settings
        self.api_key = api_key
        self.prefunded_key = prefunded_key
        self.ids_file = ids_file
        self.run_number = int(time.time())

    def load(self, server: Gunicorn, workload: str, connections: int, seconds: float) -> tuple[LoadResult, float]:
        """One wrk run of a workload; with the workers' CPU ms per request."""
        self.run_number += 1
        cpu_before = server.worker_cpu_seconds()
        result = run_wrk(
            f"http://{self.settings.host}:{server.port}",
            MODES[workload],
            self.prefunded_key if workload == "W1-PREFUNDED" else self.api_key,
            self.run_number,
            connections,
            seconds,
            ids_file=self.ids_file if workload in ("W2", "W3", "W6") else None,
        )
        cpu_ms = (server.worker_cpu_seconds() - cpu_before) * 1000 / max(result.requests, 1)
        print(
            f"  {workload:5} c={connections:<3} {result.throughput:8,.0f} req/s  p50 {result.p50_ms:6.1f} ms"
            f"  p99 {result.p99_ms:6.1f} ms  errors {result.errors}  worker CPU {cpu_ms:.2f} ms/req",
            flush=True,
        )
        return result, cpu_ms

    def batch_status(self, server: Gunicorn) -> LoadResult | None:
        """W6 at the target concurrency, when asked for: batch-status requests with 100 IDs each."""
        if "W6" not in self.settings.workloads:
            return None
        print("W6 (batch-status, 100 IDs):", flush=True)
        result, _ = self.load(server, "W6", TARGET_CONNECTIONS, self.settings.seconds)
        return result

    def soak(self, server: Gunicorn, requests: int, seconds: float) -> LoadResult:
        """W3 in wrk runs of at most SOAK_CHUNK_SECONDS until `requests` are served or `seconds` pass.

        Each run ends by its own clock, so wrk exits and closes its connections. Stopping wrk's
        threads at a request count instead left connections open without a request, and the sync
        workers reading them were killed by gunicorn's timeout, voiding the memory check.
        """
        served, spent, errors, p50, p99, worst = 0, 0.0, 0, 0.0, 0.0, 0.0
        while served < requests and spent < seconds:
            chunk = min(SOAK_CHUNK_SECONDS, seconds - spent)
            result, _ = self.load(server, "W3", TARGET_CONNECTIONS, chunk)
            served, spent, errors = served + result.requests, spent + result.seconds, errors + result.errors
            p50, p99, worst = max(p50, result.p50_ms), max(p99, result.p99_ms), max(worst, result.max_ms)
        return LoadResult(served, spent, errors, p50, p99, worst)

    def target_rounds(self, floor: Gunicorn, gateway: Gunicorn) -> list[dict[str, LoadResult]]:
        """The floor, then W1 and W2, back to back at the target concurrency, `rounds` times.

        The host's speed drifts by tens of percent within minutes, so a floor measured minutes
        before W1 can make the ratio say more about the host than about the service. Each round
        puts the floor and W1 ten seconds apart, and the targets take the median round.
        """
        if self.settings.warmup_seconds > 0:  # the floor was restarted for the rounds
            self.load(floor, "floor", TARGET_CONNECTIONS, self.settings.warmup_seconds)
        rounds = []
        for _ in range(self.settings.rounds):
            measured = {"floor": self.load(floor, "floor", TARGET_CONNECTIONS, self.settings.seconds)[0]}
            for workload in JUDGED:
                if workload in self.settings.workloads:
                    measured[workload] = self.load(gateway, workload, TARGET_CONNECTIONS, self.settings.seconds)[0]
            rounds.append(measured)
        return rounds

    def sweep(self, workload: str, server: Gunicorn) -> list[Point]:
        """Warm up, then measure the workload at every concurrency."""
        if self.settings.warmup_seconds > 0:
            self.load(server, workload, TARGET_CONNECTIONS, self.settings.warmup_seconds)
        points = []
        for connections in self.settings.concurrency:
            result, cpu_ms = self.load(server, workload, connections, self.settings.seconds)
            points.append(Point(workload, connections, result, cpu_ms))
        return points


def _at(points: list[Point], workload: str, connections: int) -> LoadResult | None:
    return next((p.result for p in points if p.workload == workload and p.concurrency == connections), None)


def _judged(points: list[Point], rounds: Sequence[dict[str, LoadResult]], workload: str) -> list[LoadResult]:
    # The rounds when there were any (BENCH_ROUNDS), else the sweep's point at the target concurrency.
    if rounds:
        return [measured[workload] for measured in rounds if workload in measured]
    point = _at(points, workload, TARGET_CONNECTIONS)
    return [] if point is None else [point]


def _median(values: list[float], text: str) -> tuple[float, str]:
    """The median of `values` and how it reads: one value as itself, several with every round's."""
    middle = statistics.median(values)
    if len(values) == 1:
        return middle, text.format(middle)
    each = ", ".join(text.format(v) for v in values)
    return middle, f"{text.format(middle)} (median of {len(values)} rounds: {each})"


def webhook_verdicts(delivery: DeliveryResult, batch: LoadResult | None) -> list[Verdict]:
    """W5 (issue 19's target) and W6 (docs/performance.md says why 400 req/s and 50 ms)."""
    found = [
        Verdict(
            "W5 ≥ 200 events/s, one deliverer",
            f"{delivery.rate:,.0f} events/s ({delivery.events:,} events in {delivery.seconds:.1f} s)"
            if delivery.events
            else f"not measured: {delivery.skipped}",
            delivery.rate >= 200,
        )
    ]
    if batch is not None:
        found.append(
            Verdict("W6 ≥ 400 req/s (100 IDs each)", f"{batch.throughput:,.0f} req/s", batch.throughput >= 400)
        )
        found.append(Verdict("W6 p99 ≤ 50 ms", f"{batch.p99_ms:.1f} ms", batch.p99_ms <= 50))
        found.append(Verdict("W6 no errors", f"{batch.errors} errors", batch.errors == 0))
    return found


def verdicts(
    points: list[Point],
    rounds: Sequence[dict[str, LoadResult]],
    settlement: SettlementResult,
    rss: Rss | None,
) -> list[Verdict]:
    """The issue's targets against this run's figures: the median round at 32 connections, W4, the soak."""
    found: list[Verdict] = []
    w2, floor = (_judged(points, rounds, w) for w in ("W2", "floor"))
    for name in ("W1", "W1-PREFUNDED"):
        found += _w1_verdicts("W1-prefunded" if name == "W1-PREFUNDED" else name, _judged(points, rounds, name), floor)
    if w2:
        rate, text = _median([r.throughput for r in w2], "{:,.0f} req/s")
        found.append(Verdict("W2 ≥ 1,200 req/s", text, rate >= 1200))
        p99, text = _median([r.p99_ms for r in w2], "{:.1f} ms")
        found.append(Verdict("W2 p99 ≤ 40 ms", text, p99 <= 40))
        errors = sum(r.errors for r in w2)
        found.append(Verdict("W2 no errors", f"{errors} errors", errors == 0))
    for api, rates in settlement.by_api().items():
        # Every worker count must reach it: adding processes must not cost throughput.
        worst = min(rates.values())
        each = ", ".join(f"{n} worker(s) {rate:,.1f}" for n, rate in rates.items())
        target = f"W4 ≥ 150 transfers/s{api_suffix(api)}"
        found.append(Verdict(target, f"{worst:,.1f} transfers/s at worst ({each})", worst >= 150))
    if not settlement.rates:
        found.append(Verdict("W4 ≥ 150 transfers/s", f"not measured: {settlement.skipped}", False))
    if rss is not None:
        before, after, served = rss
        growth = max(((after[pid] - mib) / mib for pid, mib in before.items() if pid in after), default=0.0)
        text = f"{_mib(before)} → {_mib(after)} MiB over {served:,} requests (max growth {growth:+.0%})"
        flat = growth <= RSS_GROWTH_LIMIT and served >= SOAK_TARGET_REQUESTS
        found.append(Verdict(f"worker RSS flat over {SOAK_TARGET_REQUESTS:,} requests", text, flat))
    return found


def _w1_verdicts(name: str, w1: list[LoadResult], floor: list[LoadResult]) -> list[Verdict]:
    """W1's targets for one funding policy: open (W1) or one prefunded hot account (W1-prefunded)."""
    if not w1:
        return []
    found = []
    rate, text = _median([r.throughput for r in w1], "{:,.0f} req/s")
    found.append(Verdict(f"{name} ≥ 1,000 req/s", text, rate >= 1000))
    p99, text = _median([r.p99_ms for r in w1], "{:.1f} ms")
    found.append(Verdict(f"{name} p99 ≤ 50 ms", text, p99 <= 50))
    # Each W1 run against the floor run just before it, never against another round's.
    ratios = [w.throughput / f.throughput for w, f in zip(w1, floor, strict=False) if f.throughput]
    if ratios:
        text = _median(ratios, "{:.2f} x")[1]
        floors = _median([f.throughput for f in floor], "{:,.0f} req/s")[1]
        # A figure, not a target: issue 30 judges intake against the baseline tree (bench/compare.py).
        found.append(Verdict(f"{name} / floor", f"{text} of a floor of {floors}", met=True, figure=True))
    errors = sum(r.errors for r in w1)
    found.append(Verdict(f"{name} no errors", f"{errors} errors", errors == 0))
    return found


def _mib(values: dict[int, float]) -> str:
    return "/".join(f"{values[pid]:.0f}" for pid in sorted(values))


def _memory_check(runner: Runner, gateway: Gunicorn) -> tuple[list[str], Rss | None]:
    """The soak: worker RSS before and after `soak_requests` of W3; None when the check is void."""
    settings = runner.settings
    before = gateway.worker_rss_mib()
    print(f"soak: {settings.soak_requests:,} requests of W3 at {TARGET_CONNECTIONS} connections", flush=True)
    soak = runner.soak(gateway, settings.soak_requests, settings.soak_seconds)
    after = gateway.worker_rss_mib()
    notes = [
        f"Soak: {soak.requests:,} W3 requests in {soak.seconds:.0f} s; worker RSS "
        f"{_mib(before)} MiB before, {_mib(after)} MiB after."
    ]
    if set(after) != set(before):
        # gunicorn replaced a worker (timeout, crash): the new one's RSS says nothing.
        notes.append("Soak: gunicorn replaced a worker during the soak, so its RSS check is void.")
        return notes, None
    return notes, (before, after, soak.requests)


LATENCY_WORKLOADS = {"W4-LATENCY": False, "W4-CONGESTED": True}  # name -> congested


def latency_workloads(settings: BenchSettings) -> list[LatencyResult]:
    """W4-latency and W4-congested, those of them BENCH_WORKLOADS asks for, on each of BENCH_LATENCY_APIS in turn."""
    return [
        measure_latency(settings, congested, api)
        for name, congested in LATENCY_WORKLOADS.items()
        if name in settings.workloads
        for api in settings.latency_apis
    ]


def latency_figures(settings: BenchSettings, notes: list[str]) -> list[Verdict]:
    """Run W4-latency and W4-congested as asked; add their notes to `notes`; their verdicts."""
    found: list[Verdict] = []
    for result in latency_workloads(settings):
        notes += result.notes()
        found += result.verdicts()
    return found


def main() -> int:
    """Run everything; print the table and the verdicts; write docs/performance.md and its plot."""
    settings = load_settings()
    if set(settings.workloads) - {"COMPARE"} <= {"W4", *LATENCY_WORKLOADS}:
        return settlement_only(settings)
    for port in (settings.port, settings.floor_port):
        if not port_free(settings.host, port):
            raise BenchError(f"port {port} is in use; set BENCH_PORT / BENCH_FLOOR_PORT")
    # The database first: on a fresh machine it does not exist until this creates it.
    api_key = prepare_service_database(settings)
    prefunded_key = prepare_prefunded_organization(settings) if "W1-PREFUNDED" in settings.workloads else ""
    machine = describe_machine(settings.database_url)
    print(f"bench: {machine.machine}, {machine.versions}; database {settings.database_url}", flush=True)
    points: list[Point] = []
    notes: list[str] = []
    rss: Rss | None = None
    rounds: list[dict[str, LoadResult]] = []
    with tempfile.TemporaryDirectory(prefix="bench-") as scratch:
        logs = Path(scratch)
        runner = Runner(settings, api_key, logs / "transfer-ids.txt", prefunded_key)
        floor = Gunicorn(settings, "bench.floor:app", settings.floor_port, logs / "floor.log")
        gateway = Gunicorn(settings, "app:create_app()", settings.port, logs / "gateway.log")
        try:
            print("floor (lxml parse + one INSERT):", flush=True)
            floor.start()
            points += runner.sweep("floor", floor)
            floor.stop()
            gateway.start()
            seed_transfers(settings.host, settings.port, api_key, settings.seed_transfers, runner.ids_file)
            for workload in ("W1", "W1-PREFUNDED", "W2", "W3"):
                if workload in settings.workloads:
                    print(f"{workload}:", flush=True)
                    points += runner.sweep(workload, gateway)
            batch = runner.batch_status(gateway)
            if settings.rounds > 0 and any(w in settings.workloads for w in JUDGED):
                print(
                    f"target rounds: floor, then {', '.join(JUDGED)}, at {TARGET_CONNECTIONS} connections", flush=True
                )
                floor.start()
                rounds = runner.target_rounds(floor, gateway)
                floor.stop()
            if settings.soak_requests > 0:
                notes, rss = _memory_check(runner, gateway)
        finally:
            stop_all([floor, gateway])
        command = " ".join(gateway.command()[1:]).replace(str(logs), "<tmp>")
    settlement = (
        measure_settlement(settings)
        if "W4" in settings.workloads
        else SettlementResult(skipped="not requested (BENCH_WORKLOADS)")
    )
    notes += settlement.notes()
    delivery = (
        measure_delivery(settings, settings.webhook_events)
        if "W5" in settings.workloads
        else DeliveryResult(skipped="not requested (BENCH_WORKLOADS)")
    )
    found = (
        verdicts(points, rounds, settlement, rss) + webhook_verdicts(delivery, batch) + latency_figures(settings, notes)
    )
    plot_path = settings.output.with_suffix(".png")
    plot(points, plot_path, machine)
    write_document(
        settings.output, results_section(points, found, notes, machine, plot_path.name, "gunicorn " + command)
    )
    print()
    for verdict in found:
        print(f"{verdict.status.strip('*').upper():7}  {verdict.target}: {verdict.measured}")
    print(f"\nwrote {settings.output} and {plot_path}")
    return 0


def settlement_only(settings: BenchSettings) -> int:
    """`BENCH_WORKLOADS=W4` (and/or W4-LATENCY, W4-CONGESTED): replace only those workloads' lines in the document."""
    found: list[Verdict] = []
    notes: list[str] = []
    prefixes: list[str] = []
    if "W4" in settings.workloads:
        settlement = measure_settlement(settings)
        found += [v for v in verdicts([], [], settlement, None) if v.target.startswith("W4")]
        notes += settlement.notes()
        prefixes.append("W4 ")
    for latency in latency_workloads(settings):
        found += latency.verdicts()
        notes += latency.notes()
        prefixes.append(latency.name)
    replace_settlement_lines(settings.output, found, notes, tuple(prefixes))
    for verdict in found:
        print(f"{verdict.status.strip('*').upper():7}  {verdict.target}: {verdict.measured}")
    print(f"wrote {', '.join(p.strip() for p in prefixes)} into {settings.output}")
    return 0
