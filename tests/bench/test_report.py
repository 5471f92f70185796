"""`make bench` rewrites only the results section of docs/performance.md, machine and versions stated once."""

from __future__ import annotations

from pathlib import Path

from bench.load import LoadResult
from bench.machine import MachineInfo
from bench.report import END, START, Point, Verdict, replace_settlement_lines, results_section, write_document

DOCS = Path(__file__).resolve().parents[2] / "docs" / "performance.md"
MACHINE = MachineInfo("2026-11-25", 2, 24.0, "Test CPU", "3.11.2", "27.0.1", "15.20", "4.1.0")


def point(workload: str, concurrency: int, rate: int) -> Point:
    return Point(workload, concurrency, LoadResult(rate * 10, 10.0, 0, 1.0, 2.0, 3.0), cpu_ms=0.5)


POINTS = [point("floor", 32, 3000), point("W1", 32, 1500), point("W2", 32, 1600)]
VERDICTS = [Verdict("W1 ≥ 1,000 req/s", "1,500 req/s", True), Verdict("W4 ≥ 150 transfers/s", "100", False)]


def section() -> str:
    return results_section(POINTS, VERDICTS, ["W4 settlement, 1 worker: 100"], MACHINE, "p.png", "gunicorn app")


def outside_markers(text: str) -> tuple[str, str]:
    head, rest = text.split(START, 1)
    return head, rest.split(END, 1)[1]


def test_the_machine_and_versions_are_stated_once_above_the_table() -> None:
    text = section()
    assert text.count(MACHINE.versions) == 1 and text.count(MACHINE.date) == 1
    assert text.index(MACHINE.versions) < text.index("| Workload |")
    rows = [line for line in text.splitlines() if line.startswith("| W1 pacs.008")]
    assert rows == ["| W1 pacs.008 accepted | 32 | 15000 | 0 | 1,500 | 1.0 | 2.0 | 0.50 | 0.50 |"]


def test_a_run_rewrites_the_results_and_keeps_every_hand_written_line(tmp_path: Path) -> None:
    page = tmp_path / "performance.md"
    page.write_text(DOCS.read_text())
    before = outside_markers(page.read_text())
    assert "## Optimizations in force" in before[1]  # the hand-written table lives outside the markers

    write_document(page, section())
    assert outside_markers(page.read_text()) == before
    assert "| W1 pacs.008 accepted | 32 | 15000 |" in page.read_text()
    once = page.read_text()
    write_document(page, section())
    assert page.read_text() == once

    replace_settlement_lines(page, [Verdict("W4 ≥ 150 transfers/s", "200", True)], ["W4 settlement, 1 worker: 200"])
    text = page.read_text()
    assert outside_markers(text) == before
    assert "| W4 ≥ 150 transfers/s | 200 | met |" in text and "| W1 ≥ 1,000 req/s | 1,500 req/s | met |" in text
    assert "- W4 settlement, 1 worker: 200" in text and "- W4 settlement, 1 worker: 100" not in text

    latency = [Verdict("W4-latency p50 ≤ 5 s", "3.1 s", True), Verdict("W4-latency p99 ≤ 10 s", "6.0 s", True)]
    replace_settlement_lines(page, latency, ["W4-latency: 9,000 accepted"], ("W4-latency",))
    replace_settlement_lines(page, latency[:1], ["W4-latency: 8,000 accepted"], ("W4-latency",))
    text = page.read_text()
    assert outside_markers(text) == before
    assert text.count("| W4-latency p50 ≤ 5 s |") == 1 and "| W4-latency p99 ≤ 10 s | 6.0 s | met |" in text
    assert "- W4-latency: 8,000 accepted" in text and "- W4-latency: 9,000" not in text
    assert "- W4 settlement, 1 worker: 200" in text  # another workload's notes are kept


def test_a_missing_page_is_started_with_the_section(tmp_path: Path) -> None:
    page = tmp_path / "new.md"
    write_document(page, section())
    assert page.read_text().startswith("# Performance\n") and "| W2 pacs.028" in page.read_text()
