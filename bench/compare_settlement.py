"""W4 side by side: each tree's own `python -m bench` measures its settlement, the baseline's and this
tree's in turn, and the comparison reads the rate each wrote."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from bench.baseline import VERBOSE_IMPORTS, check_own_code
from bench.measured import Measured, Pair
from bench.report import END, START
from bench.servers import BIN, BenchError
from bench.settings import BenchSettings

W4_ROW = "| W4 ≥ 150 transfers/s | "  # the row both trees' `make bench` write for W4
RATE = re.compile(r"([\d,]+\.\d) transfers/s")
FAILED = re.compile(r"; ([\d,]+) failed\)$")
W4_SECONDS_LIMIT = 1800  # one tree's W4 run, setup included; a hung run must not hang the bench


def settled_rate(document: str) -> float | None:
    """The W4 rate a bench run wrote into its document (the worst over its worker counts), None if none."""
    for line in document.splitlines():
        if line.startswith(W4_ROW) and (found := RATE.match(line[len(W4_ROW) :])):
            return float(found.group(1).replace(",", ""))
    return None


def failed_transfers(document: str) -> int:
    """Transfers the W4 run's settlement left Failed, summed over its worker counts."""
    return sum(
        int(found.group(1).replace(",", ""))
        for line in document.splitlines()
        if line.startswith("- W4 settlement, ") and (found := FAILED.search(line))
    )


def tree_settlement(
    name: str, tree: Path, other: Path, database_url: str, settings: BenchSettings, scratch: Path
) -> Measured:
    """One W4 run of `tree`'s own bench (its code, its settle processes, its database); refused if it ran other code."""
    output, log = scratch / f"w4-{name}.md", scratch / f"w4-{name}.log"
    output.write_text(f"{START}\n{END}\n")
    environ = {
        **os.environ,
        **VERBOSE_IMPORTS,
        "BENCH_WORKLOADS": "W4",
        "BENCH_OUTPUT": str(output),
        "BENCH_DATABASE_URL": database_url,
        "BENCH_SETTLEMENT_WORKERS": ",".join(str(n) for n in settings.compare_settlement_workers),
        # The baseline settles through Horizon only; the comparison holds the API still.
        "BENCH_SETTLEMENT_APIS": "horizon",
    }
    with log.open("wb") as out:
        done = subprocess.run(  # noqa: S603 - fixed argv, no shell
            [str(BIN / "python"), "-m", "bench"],
            cwd=tree,
            env=environ,
            stdout=out,
            stderr=subprocess.STDOUT,
            check=False,
            timeout=W4_SECONDS_LIMIT,
        )
    text = log.read_text(errors="replace")
    if done.returncode != 0:
        raise BenchError(f"the {name} tree's W4 run failed: {text[-2000:]}")
    check_own_code(name, tree, other, text)
    document = output.read_text()
    rate = settled_rate(document)
    if rate is None:
        raise BenchError(f"the {name} tree's W4 run wrote no rate: {document[-2000:]}")
    print(f"  {name:8} W4 {rate:,.1f} transfers/s", flush=True)
    return Measured(rate, failed_transfers(document), None)


def settlement_rounds(
    baseline: Path, current: Path, baseline_url: str, settings: BenchSettings, scratch: Path
) -> list[Pair]:
    """W4, the baseline's run then this tree's, `compare_settlement_rounds` times."""
    pairs = []
    for number in range(1, settings.compare_settlement_rounds + 1):
        print(f"W4 round {number} of {settings.compare_settlement_rounds}:", flush=True)
        before = tree_settlement("baseline", baseline, current, baseline_url, settings, scratch)
        after = tree_settlement("current", current, baseline, settings.database_url, settings, scratch)
        pairs.append(Pair("W4", before, after))
    return pairs
