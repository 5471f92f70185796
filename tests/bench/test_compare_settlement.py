"""The comparison reads W4 from what each tree's own bench wrote: its rate and its failed transfers."""

from __future__ import annotations

import subprocess

from bench.compare_settlement import W4_ROW, failed_transfers, settled_rate
from bench.report import START
from bench.settings import DEFAULT_BASELINE, PROJECT_ROOT

# Lines as `make bench` writes them (docs/performance.md).
DOCUMENT = f"""{START}
| W2 no errors | 0 errors | met |
| W4 ≥ 150 transfers/s | 1,190.0 transfers/s at worst (1 worker(s) 1,200.0, 8 worker(s) 1,190.0) | met |
- W4 settlement setup: ledger closing every 5 s, 6,000 transfers per round; 0 failed).
- W4 settlement, 1 worker process(es): 200.0 transfers/s (4,000 payments in 4 ledgers; all 6,000 Completed; 0 failed)
- W4 settlement, 8 worker process(es): 190.0 transfers/s (5,700 payments in 6 ledgers; 5,990 Completed; 1,010 failed)
"""


def test_the_rate_is_the_worst_the_run_wrote() -> None:
    assert settled_rate(DOCUMENT) == 1190.0


def test_failed_transfers_are_summed_over_the_worker_counts() -> None:
    assert failed_transfers(DOCUMENT) == 1010


def test_a_run_that_measured_nothing_has_no_rate() -> None:
    assert (
        settled_rate("| W4 ≥ 150 transfers/s | not measured: settlement worker not available | **not met** |") is None
    )


def baseline_source(path: str) -> str:
    return subprocess.run(
        ["git", "show", f"{DEFAULT_BASELINE}:{path}"],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_the_baseline_bench_writes_what_this_one_reads() -> None:
    # The comparison runs the baseline's own bench: its markers and W4 row must be spelled as read here.
    assert START in baseline_source("bench/report.py")
    run = baseline_source("bench/run.py")
    assert W4_ROW.strip("| ") in run and 'transfers/s at worst ({each})"' in run
