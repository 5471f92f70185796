"""The bench judges W1 and W2 on the median of its target rounds; each W1 / floor figure takes its own round's floor."""

from __future__ import annotations

from bench.load import LoadResult
from bench.report import Point
from bench.run import verdicts
from bench.settlement import SettlementResult

NO_W4 = SettlementResult(skipped="not requested")


def load(rate: float, p99: float = 20.0, errors: int = 0) -> LoadResult:
    return LoadResult(requests=int(rate * 10), seconds=10.0, errors=errors, p50_ms=p99 / 2, p99_ms=p99, max_ms=p99)


def judged(points: list[Point], rounds: list[dict[str, LoadResult]]) -> dict[str, tuple[bool, str]]:
    return {v.target: (v.met, v.measured) for v in verdicts(points, rounds, NO_W4, None)}


def figures(points: list[Point], rounds: list[dict[str, LoadResult]]) -> dict[str, str]:
    return {v.target: v.measured for v in verdicts(points, rounds, NO_W4, None) if v.figure}


def test_one_slow_round_does_not_decide_the_ratio() -> None:
    rounds = [
        {"floor": load(3000), "W1": load(1560), "W2": load(1500)},
        {"floor": load(3100), "W1": load(1200), "W2": load(1600)},  # the host slowed in this W1 window
        {"floor": load(2800), "W1": load(1430), "W2": load(1300)},
    ]
    found = judged([], rounds)
    assert figures([], rounds)["W1 / floor"] == (
        "0.51 x (median of 3 rounds: 0.52 x, 0.39 x, 0.51 x) of a floor of 3,000 req/s "
        "(median of 3 rounds: 3,000 req/s, 3,100 req/s, 2,800 req/s)"
    )
    assert found["W1 ≥ 1,000 req/s"][0] and found["W2 ≥ 1,200 req/s"][0]


def test_each_ratio_takes_its_own_rounds_floor() -> None:
    # Against the median floor (3,000) the median W1 (1,550) would pass; round by round it does not.
    rounds = [
        {"floor": load(3200), "W1": load(1550)},
        {"floor": load(3000), "W1": load(1450)},
        {"floor": load(2800), "W1": load(1600)},
    ]
    assert figures([], rounds)["W1 / floor"].startswith("0.48 x")


def test_the_floor_ratio_is_a_figure_that_no_run_misses() -> None:
    # Issue 30 retired W1 >= 0.5 x floor as a target: intake is judged against the baseline tree.
    rounds = [{"floor": load(3000), "W1": load(1000)}]
    (ratio,) = [v for v in verdicts([], rounds, NO_W4, None) if "floor" in v.target]
    assert (ratio.target, ratio.figure, ratio.status) == ("W1 / floor", True, "figure")


def test_most_rounds_over_a_limit_miss_it() -> None:
    rounds = [{"floor": load(3000), "W2": load(1250, p99=p99)} for p99 in (41.0, 38.0, 45.0)]
    assert judged([], rounds)["W2 p99 ≤ 40 ms"][0] is False


def test_an_error_in_any_round_fails_no_errors() -> None:
    rounds = [{"floor": load(3000), "W1": load(1500, errors=e)} for e in (0, 1, 0)]
    assert judged([], rounds)["W1 no errors"] == (False, "1 errors")


def test_without_rounds_the_sweep_at_32_connections_is_judged() -> None:
    points = [
        Point("floor", 32, load(3000), 0.3),
        Point("W1", 32, load(1400), 0.9),
        Point("W1", 8, load(1700), 0.8),
    ]
    found = judged(points, [])
    assert figures(points, [])["W1 / floor"] == "0.47 x of a floor of 3,000 req/s"
    assert found["W1 ≥ 1,000 req/s"] == (True, "1,400 req/s")
    assert "W2 ≥ 1,200 req/s" not in found


def test_w4_is_judged_on_each_ledger_api_by_its_worst_worker_count() -> None:
    settlement = SettlementResult(
        rates={("horizon", 1): 199.0, ("rpc", 1): 198.5, ("horizon", 4): 196.0, ("rpc", 4): 120.0},
        details={key: "detail" for key in (("horizon", 1), ("rpc", 1), ("horizon", 4), ("rpc", 4))},
    )
    found = {v.target: (v.met, v.measured) for v in verdicts([], [], settlement, None)}
    assert found["W4 ≥ 150 transfers/s"] == (True, "196.0 transfers/s at worst (1 worker(s) 199.0, 4 worker(s) 196.0)")
    assert found["W4 ≥ 150 transfers/s on Stellar RPC"] == (
        False,
        "120.0 transfers/s at worst (1 worker(s) 198.5, 4 worker(s) 120.0)",
    )
    assert settlement.notes()[1] == "W4 settlement on Stellar RPC, 1 worker process(es): 198.5 transfers/s (detail)"
