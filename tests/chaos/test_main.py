"""chaos.__main__: one scenario's error is its own failed row, and every long-running process is checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chaos import faults
from chaos.__main__ import SUPERVISED, Outcome, Scenario, main

ROOT = Path(__file__).resolve().parents[2]


def test_an_unexpected_error_fails_its_own_scenario_and_the_others_still_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    scenarios = [Scenario("breaks", faults.kill_worker), Scenario("holds", faults.kill_worker)]
    ran = []

    def run(scenario: Scenario, short: bool, workdir: Path) -> Outcome:
        ran.append(scenario.name)
        if scenario.name == "breaks":
            raise KeyError("no such transfer")
        return Outcome(f"| {scenario.name} | fine | | 0 | 0 | 0 | 1 s |", True, [])

    assert main([], scenarios=scenarios, run=run) == 1
    out = capsys.readouterr().out
    assert ran == ["breaks", "holds"]
    assert "| breaks | harness error: KeyError: 'no such transfer' |" in out
    assert "| holds | fine |" in out
    assert "FAILED: breaks\n" in out


def test_every_procfile_process_but_the_ready_announcement_must_be_up_after_a_fault() -> None:
    procfile = (ROOT / "Procfile").read_text().splitlines()
    names = {match.group(1) for line in procfile if (match := re.match(r"(\w+):", line))}
    assert "deliver" in SUPERVISED
    assert set(SUPERVISED) == names - {"ready"}
