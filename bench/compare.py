"""`python -m bench compare`: this tree against a baseline revision, side by side in one run.

Both trees' gunicorn run at once, each from its own working directory with its own database; W1 and W2
alternate between them, baseline then current, `BENCH_ROUNDS` times, so that each ratio compares two
runs seconds apart on the same host. W4 follows, each tree's own bench in turn (bench/compare_settlement.py).
Each target is the median ratio of its rounds (issues 30 and 33: at least 0.75).
"""

from __future__ import annotations

import statistics
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bench.baseline import VERBOSE_IMPORTS, check_out, check_trees_differ, derive_schemas
from bench.compare_settlement import settlement_rounds
from bench.load import seed_transfers
from bench.machine import describe_machine
from bench.measured import Measured, Pair
from bench.report import Verdict
from bench.run import TARGET_CONNECTIONS, Runner
from bench.servers import BenchError, Gunicorn, port_free, prepare_service_database, stop_all
from bench.settings import PROJECT_ROOT, BenchSettings

COMPARED = ("W1", "W2", "W4")
LOADS = ("W1", "W2")  # measured by wrk against both servers; W4 by each tree's own bench
MIN_RATIO = 0.75  # issue 30: W1 and W2 at or above 0.75x of the baseline's; issue 33 holds W4 to it too
START = "<!-- bench:compare:start (written by `python -m bench compare`; edit outside these markers) -->"
END = "<!-- bench:compare:end -->"


def baseline_database_url(url: str) -> str:
    """The baseline's own database: the bench database's name with `_baseline` appended."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=parts.path.rstrip("/") + "_baseline"))


def compare_verdicts(pairs: Sequence[Pair], revision: str) -> list[Verdict]:
    """Per compared workload: the median ratio against MIN_RATIO, and no errors on either tree."""
    found = []
    for workload in COMPARED:
        mine = [pair for pair in pairs if pair.workload == workload]
        if not mine:
            continue
        ratios = [pair.ratio for pair in mine]
        each = ", ".join(f"{ratio:.2f}" for ratio in ratios)
        median = statistics.median(ratios)
        found.append(
            Verdict(
                f"{workload} ≥ {MIN_RATIO:.2f} x {revision}",
                f"{median:.2f} x (median of {len(ratios)} rounds: {each})",
                median >= MIN_RATIO,
            )
        )
        errors = sum(pair.baseline.errors + pair.current.errors for pair in mine)
        what = "failed transfers" if workload == "W4" else "errors"
        found.append(Verdict(f"{workload} no {what}, both trees", f"{errors} {what}", errors == 0))
    return found


def compare_section(pairs: Sequence[Pair], verdicts: Sequence[Verdict], revision: str, heading: str) -> str:
    """The generated comparison: every round of both trees, the medians, the verdicts."""
    lines = [
        START,
        heading,
        "",
        "| Round | Workload | baseline req/s | current req/s | current / baseline "
        "| baseline CPU ms/req | current CPU ms/req |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    rounds: dict[str, int] = {}
    for pair in pairs:
        rounds[pair.workload] = rounds.get(pair.workload, 0) + 1
        lines.append(
            f"| {rounds[pair.workload]} | {pair.workload} | {pair.baseline.throughput:,.0f} "
            f"| {pair.current.throughput:,.0f} | {pair.ratio:.2f} "
            f"| {_cpu([pair.baseline.cpu_ms])} | {_cpu([pair.current.cpu_ms])} |"
        )
    for workload in COMPARED:
        mine = [pair for pair in pairs if pair.workload == workload]
        if mine:
            lines.append(
                f"| median | {workload} | {statistics.median(p.baseline.throughput for p in mine):,.0f} "
                f"| {statistics.median(p.current.throughput for p in mine):,.0f} "
                f"| {statistics.median(p.ratio for p in mine):.2f} | {_cpu([p.baseline.cpu_ms for p in mine])} "
                f"| {_cpu([p.current.cpu_ms for p in mine])} |"
            )
    lines += ["", f"| Target (32 connections, against {revision}) | Measured | |", "|---|---|---|"]
    lines += [f"| {v.target} | {v.measured} | {v.status} |" for v in verdicts]
    return "\n".join([*lines, END])


def _cpu(values: Sequence[float | None]) -> str:
    """The median worker CPU per request, or n/a where none was measured (W4)."""
    known = [value for value in values if value is not None]
    return f"{statistics.median(known):.2f}" if known else "n/a"


def write_compare_section(path: Path, section: str) -> None:
    """Replace the comparison between its markers in `path`, or append it under its own heading."""
    text = path.read_text()
    if START in text and END in text:
        head, rest = text.split(START, 1)
        text = head + section + rest.split(END, 1)[1]
    else:
        text = text.rstrip() + "\n\n## Against the baseline\n\n" + section + "\n"
    path.write_text(text)


@dataclass
class Tree:
    """One side of the comparison: its working directory, its server and what drives it."""

    name: str
    root: Path
    server: Gunicorn
    runner: Runner


def _side(settings: BenchSettings, name: str, root: Path, logs: Path) -> Tree:
    api_key = prepare_service_database(settings, tree=root)
    server = Gunicorn(settings, "app:create_app()", settings.port, logs / f"{name}.log", root, dict(VERBOSE_IMPORTS))
    return Tree(name, root, server, Runner(settings, api_key, logs / f"{name}-transfer-ids.txt"))


def interleaved_rounds(
    baseline: Tree, current: Tree, workloads: Sequence[str], rounds: int, seconds: float
) -> list[Pair]:
    """Each round, each workload: the baseline's run, then the current tree's, at the target concurrency."""
    pairs = []
    for number in range(1, rounds + 1):
        print(f"round {number} of {rounds}:", flush=True)
        for workload in workloads:
            measured = {}
            for tree in (baseline, current):
                print(f"  {tree.name}", flush=True)
                result, cpu_ms = tree.runner.load(tree.server, workload, TARGET_CONNECTIONS, seconds)
                measured[tree.name] = Measured(result.throughput, result.errors, cpu_ms)
            pairs.append(Pair(workload, measured["baseline"], measured["current"]))
    return pairs


def run_comparison(settings: BenchSettings) -> list[Verdict]:
    """Check out the baseline, start both trees, refuse unless each runs its own code, measure; the verdicts."""
    for port in (settings.port, settings.baseline_port):
        if not port_free(settings.host, port):
            raise BenchError(f"port {port} is in use; set BENCH_PORT / BENCH_BASELINE_PORT")
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as scratch:
        root, logs = Path(scratch) / "tree", Path(scratch) / "logs"
        logs.mkdir()
        commit = check_out(settings.baseline, root)
        revision = commit[:7]
        print(f"compare: this tree against {revision} (checked out in {root})", flush=True)
        derive_schemas(root)
        baseline_settings = replace(
            settings, database_url=baseline_database_url(settings.database_url), port=settings.baseline_port
        )
        baseline = _side(baseline_settings, "baseline", root, logs)
        current = _side(settings, "current", PROJECT_ROOT, logs)
        machine = describe_machine(settings.database_url)  # once the database exists
        try:
            for tree in (baseline, current):
                tree.server.start()
            check_trees_differ(
                current.root, baseline.root, current.server.log.read_text(), baseline.server.log.read_text()
            )
            for tree in (baseline, current):
                seed_transfers(
                    settings.host, tree.server.port, tree.runner.api_key, settings.seed_transfers, tree.runner.ids_file
                )
                if settings.warmup_seconds > 0:
                    tree.runner.load(tree.server, "W1", TARGET_CONNECTIONS, settings.warmup_seconds)
            loads = [w for w in LOADS if w in settings.compare_workloads]
            pairs = interleaved_rounds(baseline, current, loads, max(settings.rounds, 1), settings.seconds)
        finally:
            stop_all([baseline.server, current.server])
        if "W4" in settings.compare_workloads:
            pairs += settlement_rounds(root, PROJECT_ROOT, baseline_settings.database_url, settings, logs)
    found = compare_verdicts(pairs, revision)
    heading = (
        f"Compared: {machine.date}, {machine.machine} ({machine.cpu}); {machine.versions}. Baseline {revision} "
        f"(BENCH_BASELINE) and this tree under gunicorn side by side, {settings.workers} {settings.worker_class} "
        f"workers each, {TARGET_CONNECTIONS} connections, {settings.seconds:.0f} s per run, baseline first in "
        "each round."
    )
    if any(pair.workload == "W4" for pair in pairs):
        workers = "/".join(str(n) for n in settings.compare_settlement_workers)
        heading += (
            f" W4: each tree's own `BENCH_WORKLOADS=W4` bench with {workers} settle process(es), in turn; its rate "
            "is the ledger's, the worst over those worker counts."
        )
    write_compare_section(settings.output, compare_section(pairs, found, revision, heading))
    for verdict in found:
        print(f"{verdict.status.strip('*').upper():7}  {verdict.target}: {verdict.measured}")
    print(f"wrote the comparison into {settings.output}")
    return found
