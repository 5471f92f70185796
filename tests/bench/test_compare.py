"""The side-by-side comparison: each round's ratio, the median against 0.75, and the published section."""

from __future__ import annotations

from pathlib import Path

from bench.compare import (
    END,
    START,
    baseline_database_url,
    compare_section,
    compare_verdicts,
    write_compare_section,
)
from bench.measured import Measured, Pair


def measured(rate: float, cpu_ms: float | None = 1.0, errors: int = 0) -> Measured:
    return Measured(rate, errors, cpu_ms)


def pairs(workload: str, *rates: tuple[float, float]) -> list[Pair]:
    return [Pair(workload, measured(base), measured(current)) for base, current in rates]


def test_the_median_round_decides_not_one_slow_round() -> None:
    rounds = pairs("W1", (1000, 800), (1000, 500), (900, 720))  # the host slowed during round 2's current run
    (ratio, errors) = compare_verdicts(rounds, "3f05075")
    assert (ratio.target, ratio.met) == ("W1 ≥ 0.75 x 3f05075", True)
    assert ratio.measured == "0.80 x (median of 3 rounds: 0.80, 0.50, 0.80)"
    assert (errors.target, errors.met) == ("W1 no errors, both trees", True)


def test_a_median_below_three_quarters_is_not_met() -> None:
    found = {v.target: v for v in compare_verdicts(pairs("W2", (1000, 740), (1000, 760), (1000, 700)), "abc1234")}
    assert not found["W2 ≥ 0.75 x abc1234"].met
    assert found["W2 ≥ 0.75 x abc1234"].measured.startswith("0.74 x")


def test_exactly_three_quarters_is_met() -> None:
    (ratio, _) = compare_verdicts(pairs("W1", (1000, 750)), "abc1234")
    assert ratio.met


def test_an_error_on_either_tree_fails_the_comparison() -> None:
    rounds = [Pair("W1", measured(1000, errors=1), measured(900)), *pairs("W1", (1000, 900))]
    (_, errors) = compare_verdicts(rounds, "abc1234")
    assert (errors.met, errors.measured) == (False, "1 errors")


def test_a_baseline_that_served_nothing_gives_no_ratio_to_pass_on() -> None:
    (ratio, _) = compare_verdicts(pairs("W1", (0, 900)), "abc1234")
    assert not ratio.met


def test_the_section_shows_every_round_both_trees_cpu_and_the_medians() -> None:
    rounds = [
        Pair("W1", measured(1000, 1.00), measured(800, 1.30)),
        Pair("W2", measured(1200, 0.90), measured(1000, 1.10)),
        Pair("W1", measured(900, 1.10), measured(810, 1.20)),
    ]
    section = compare_section(rounds, compare_verdicts(rounds, "3f05075"), "3f05075", "Compared: today.")
    assert section.startswith(START + "\nCompared: today.") and section.endswith(END)
    assert "| 2 | W1 | 900 | 810 | 0.90 | 1.10 | 1.20 |" in section
    assert "| median | W1 | 950 | 805 | 0.85 | 1.05 | 1.25 |" in section
    assert "| W2 ≥ 0.75 x 3f05075 | 0.83 x (median of 1 rounds: 0.83) | met |" in section


def test_w4_has_no_worker_cpu_and_counts_failed_transfers() -> None:
    rounds = [Pair("W4", measured(200.0, None), measured(190.0, None, errors=3))]
    found = compare_verdicts(rounds, "3f05075")
    assert [(v.target, v.measured, v.met) for v in found] == [
        ("W4 ≥ 0.75 x 3f05075", "0.95 x (median of 1 rounds: 0.95)", True),
        ("W4 no failed transfers, both trees", "3 failed transfers", False),
    ]
    section = compare_section(rounds, found, "3f05075", "Compared.")
    assert "| 1 | W4 | 200 | 190 | 0.95 | n/a | n/a |" in section


def test_a_new_comparison_replaces_only_its_own_section(tmp_path: Path) -> None:
    document = tmp_path / "performance.md"
    document.write_text(f"# Performance\n\nby hand\n\n{START}\nold\n{END}\n\nafter\n")
    write_compare_section(document, f"{START}\nnew\n{END}")
    assert document.read_text() == f"# Performance\n\nby hand\n\n{START}\nnew\n{END}\n\nafter\n"


def test_a_document_without_the_section_gets_it_at_its_end(tmp_path: Path) -> None:
    document = tmp_path / "performance.md"
    document.write_text("# Performance\n")
    write_compare_section(document, f"{START}\nnew\n{END}")
    assert document.read_text() == f"# Performance\n\n## Against the baseline\n\n{START}\nnew\n{END}\n"


def test_the_baseline_gets_a_database_of_its_own() -> None:
    url = "postgresql://postgres@127.0.0.1:5432/bench_h13"
    assert baseline_database_url(url) == "postgresql://postgres@127.0.0.1:5432/bench_h13_baseline"
