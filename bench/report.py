"""The published figures: a Markdown table and a PNG plot, spliced into docs/performance.md."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display: write files only
import matplotlib.pyplot as plt

from bench.load import LoadResult
from bench.machine import MachineInfo

START = "<!-- bench:results:start (written by `make bench`; edit outside these markers) -->"
END = "<!-- bench:results:end -->"
WORKLOAD_NAMES = {
    "floor": "Floor: lxml parse + one INSERT",
    "W1": "W1 pacs.008 accepted",
    "W1-PREFUNDED": "W1-prefunded: W1 from one prefunded hot account",
    "W2": "W2 pacs.028 on existing transfers",
    "W3": "W3 mix, 1 pacs.008 : 5 pacs.028",
}


@dataclass(frozen=True)
class Point:
    """One measured point: a workload at one concurrency."""

    workload: str
    concurrency: int
    result: LoadResult
    cpu_ms: float  # gunicorn worker CPU per completed request


@dataclass(frozen=True)
class Verdict:
    """One target and whether this run met it; or a figure published beside the targets, judged by none."""

    target: str
    measured: str
    met: bool
    figure: bool = False

    @property
    def status(self) -> str:
        """How the verdict reads in the document: met, **not met**, or figure."""
        if self.figure:
            return "figure"
        return "met" if self.met else "**not met**"


def floor_fraction(point: Point, points: Sequence[Point]) -> float | None:
    """This point's throughput as a fraction of the floor's at the same concurrency."""
    for other in points:
        if other.workload == "floor" and other.concurrency == point.concurrency and other.result.throughput:
            return point.result.throughput / other.result.throughput
    return None


def results_table(points: Sequence[Point]) -> str:
    """The Markdown table: one row per point (the run's machine and versions are stated once, above it)."""
    lines = [
        "| Workload | Connections | Requests | Errors | req/s | p50 ms | p99 ms | x floor | worker CPU ms/req |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for point in points:
        fraction = floor_fraction(point, points) if point.workload != "floor" else None
        result = point.result
        lines.append(
            f"| {WORKLOAD_NAMES.get(point.workload)} | {point.concurrency} | {result.requests} | {result.errors} "
            f"| {result.throughput:,.0f} "
            f"| {result.p50_ms:.1f} | {result.p99_ms:.1f} | {'' if fraction is None else f'{fraction:.2f}'} "
            f"| {point.cpu_ms:.2f} |"
        )
    return "\n".join(lines)


def plot(points: Sequence[Point], path: Path, machine: MachineInfo) -> None:
    """Throughput and p50/p99 latency against concurrency, one line per workload."""
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    for workload in dict.fromkeys(p.workload for p in points):
        mine = sorted((p for p in points if p.workload == workload), key=lambda p: p.concurrency)
        xs = [p.concurrency for p in mine]
        label = WORKLOAD_NAMES.get(workload, workload)
        style = "--" if workload == "floor" else "-"
        (line,) = left.plot(xs, [p.result.throughput for p in mine], style, marker="o", label=label)
        right.plot(xs, [p.result.p50_ms for p in mine], style, marker="o", color=line.get_color(), label=f"{label} p50")
        right.plot(xs, [p.result.p99_ms for p in mine], ":", marker="^", color=line.get_color(), label=f"{label} p99")
    left.set(title="Throughput", xlabel="connections", ylabel="requests/s", xscale="log")
    right.set(title="Latency (p50 solid, p99 dotted)", xlabel="connections", ylabel="ms", xscale="log", yscale="log")
    for axes in (left, right):
        axes.set_xticks([1, 8, 32, 64], labels=["1", "8", "32", "64"])
        axes.grid(True, which="both", alpha=0.3)
    left.legend(fontsize=8)
    figure.suptitle(f"{machine.date}: {machine.machine}; {machine.versions}", fontsize=9)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def results_section(
    points: Sequence[Point],
    verdicts: Sequence[Verdict],
    notes: Sequence[str],
    machine: MachineInfo,
    plot_name: str,
    command: str,
) -> str:
    """The generated part of docs/performance.md: the run's machine and versions once, then its figures."""
    verdict_lines = [f"| {v.target} | {v.measured} | {v.status} |" for v in verdicts]
    return "\n".join(
        [
            START,
            f"Latest run: {machine.date}, {machine.machine} ({machine.cpu}); {machine.versions}; "
            f"load from wrk {machine.wrk} on the same machine.",
            "",
            f"Server: `{command}`",
            "",
            results_table(points),
            "",
            f"![Throughput and latency against concurrency]({plot_name})",
            "",
            "| Target (32 connections) | Measured | |",
            "|---|---|---|",
            *verdict_lines,
            "",
            *[f"- {note}" for note in notes],
            END,
        ]
    )


def write_document(path: Path, section: str) -> None:
    """Replace the generated section of `path`, keeping everything outside the markers (or start the file).

    The rest of docs/performance.md, its table of optimizations among it, is written by hand.
    """
    text = path.read_text() if path.exists() else f"# Performance\n\n## Latest results\n\n{START}\n{END}\n"
    if START in text and END in text:
        head, rest = text.split(START, 1)
        tail = rest.split(END, 1)[1]
        text = head + section + tail
    else:
        text = text.rstrip() + "\n\n## Latest results\n\n" + section + "\n"
    path.write_text(text)


def replace_settlement_lines(
    path: Path, verdicts: Sequence[Verdict], notes: Sequence[str], prefixes: Sequence[str] = ("W4 ",)
) -> None:
    """Swap these targets' rows and the notes starting with `prefixes` inside the generated section.

    Everything else (W1-W3, the other settlement workloads) stays as it was; a target the section
    has no row for yet gets one after the last target row.
    """
    text = path.read_text()
    head, rest = text.split(START, 1)
    section, tail = rest.split(END, 1)
    lines = [line for line in section.split("\n") if not any(line.startswith(f"- {p}") for p in prefixes)]
    for verdict in verdicts:
        row = f"| {verdict.target} | {verdict.measured} | {verdict.status} |"
        at = [n for n, line in enumerate(lines) if line.startswith(f"| {verdict.target} |")]
        if at:
            lines[at[0]] = row
        else:
            rows = [n for n, line in enumerate(lines) if line.startswith("| ") and line.endswith(" |")]
            lines.insert(rows[-1] + 1 if rows else len(lines), row)
    while lines and not lines[-1].strip():
        lines.pop()
    lines += [f"- {note}" for note in notes]
    path.write_text(head + START + "\n".join(lines) + "\n" + END + tail)
