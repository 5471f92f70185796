"""chaos.__main__: one scenario's error is its own failed row, and every long-running process is checked."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from chaos import faults
from chaos.__main__ import (
    DATABASE_PREFIX,
    FUNDING_OUTAGE,
    SCENARIOS,
    SUPERVISED,
    Outcome,
    Scenario,
    _outcome,
    main,
    unique_database,
)
from chaos.invariants import Verdict
from harness.postgres import drop
from harness.stack import RunStack

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


def test_a_scenario_with_a_recovery_bound_breaks_when_it_recovers_later() -> None:
    (outage,) = [s for s in SCENARIOS if s.name == "funding-outage"]
    assert outage.shapes == FUNDING_OUTAGE and outage.recover_within == 30.0
    full, short = FUNDING_OUTAGE
    assert (full.rate, full.seconds - full.fault_at) == (25.0, faults.FUNDING_OUTAGE_SECONDS + 10)
    assert short.seconds - short.fault_at > faults.FUNDING_OUTAGE_SHORT_SECONDS
    settled = Verdict(completed=10)
    assert _outcome(outage, "10 accepted", "drained", settled, [], [], 29.0).holds
    late = _outcome(outage, "10 accepted", "drained", settled, [], [], 31.0)
    assert not late.holds and "not recovered within 30 s" in late.row
    assert not _outcome(outage, "10 accepted", "drained", settled, [], [], None).holds
    unbounded = Scenario("kill-worker", faults.kill_worker)
    assert _outcome(unbounded, "10 accepted", "killed", settled, [], [], 200.0).holds


def _recorder(ran: list[tuple[str, str]]) -> Callable[[Scenario, bool, Path], Outcome]:
    def run(scenario: Scenario, short: bool, workdir: Path) -> Outcome:
        ran.append((scenario.name, scenario.ledger_api))
        return Outcome(f"| {scenario.label} | fine | | 0 | 0 | 0 | 1 s |", True, [])

    return run


def test_both_ledger_apis_run_every_chosen_scenario_on_each_and_label_the_rpc_rows(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CHAOS_LEDGER_API", raising=False)
    scenarios = [Scenario("one", faults.kill_worker), Scenario("two", faults.kill_worker)]
    ran: list[tuple[str, str]] = []
    assert main(["--ledger-api", "both", "one"], scenarios=scenarios, run=_recorder(ran)) == 0
    assert ran == [("one", "horizon"), ("one", "rpc")]
    out = capsys.readouterr().out
    assert "| one | fine |" in out and "| one (rpc) | fine |" in out


def test_the_ledger_api_is_horizon_unless_chosen_and_the_environment_may_choose_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scenarios = [Scenario("one", faults.kill_worker)]
    ran: list[tuple[str, str]] = []
    monkeypatch.delenv("CHAOS_LEDGER_API", raising=False)
    main([], scenarios=scenarios, run=_recorder(ran))
    monkeypatch.setenv("CHAOS_LEDGER_API", "rpc")
    main([], scenarios=scenarios, run=_recorder(ran))
    assert ran == [("one", "horizon"), ("one", "rpc")]


def test_the_stack_settles_through_the_chosen_face_of_its_own_ledger(tmp_path: Path) -> None:
    environ = RunStack(tmp_path, ledger_api="rpc").environment()
    assert environ["SANDBOX_LEDGER_API"] == "rpc"
    assert environ["SANDBOX_RPC_URL"] == f"{environ['SANDBOX_HORIZON_URL']}/rpc"
    assert RunStack(tmp_path).environment()["SANDBOX_LEDGER_API"] == "horizon"


def test_each_scenario_gets_a_database_of_its_own_that_may_be_dropped() -> None:
    url = "postgresql://postgres@127.0.0.1:5432/chaos_gateway"
    first, second = unique_database(url), unique_database(url)
    assert first != second
    assert first.startswith(url + "_") and first.rsplit("/", 1)[1].startswith(DATABASE_PREFIX)
    with pytest.raises(ValueError, match="refusing to drop"):
        drop("postgresql://postgres@127.0.0.1:5432/test", DATABASE_PREFIX)
