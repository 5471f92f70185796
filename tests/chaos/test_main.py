"""chaos.__main__: one scenario's error is its own failed row."""

from __future__ import annotations

from pathlib import Path

import pytest

from chaos import faults
from chaos.__main__ import Outcome, Scenario, main


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
