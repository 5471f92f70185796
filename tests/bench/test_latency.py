"""W4-latency per ledger API: each backend's verdicts, and the reads that follow the ledger against their budget."""

from __future__ import annotations

from bench.latency import LatencyResult


def _result(api: str, following: float) -> LatencyResult:
    return LatencyResult(
        "W4-latency", offered=10, accepted=10, completed=10, seconds=1.0, latencies=[1.0] * 10,
        requests_per_ledger=30.0, following_per_ledger=following, submissions_per_ledger=20.0, api=api,
    )  # fmt: skip


def test_each_backend_has_its_own_verdicts_and_horizon_keeps_the_rows_it_had() -> None:
    horizon, rpc = _result("horizon", 2.0).verdicts(), _result("rpc", 2.0).verdicts()
    assert [v.target for v in horizon] == [
        "W4-latency p50 ≤ 5 s",
        "W4-latency p99 ≤ 10 s",
        "W4-latency following reads ≤ 3 per ledger on Horizon",
    ]
    assert [v.target for v in rpc][:2] == [
        "W4-latency p50 ≤ 5 s on Stellar RPC",
        "W4-latency p99 ≤ 10 s on Stellar RPC",
    ]
    assert _result("rpc", 2.0).notes()[0].startswith("W4-latency on Stellar RPC: ")


def test_more_than_three_following_reads_a_ledger_misses_the_budget() -> None:
    assert _result("rpc", 3.0).verdicts()[-1].met
    assert not _result("rpc", 3.5).verdicts()[-1].met


def test_the_notes_say_where_the_requests_went_most_first_and_leave_out_endpoints_hardly_used() -> None:
    result = _result("horizon", 2.0)
    result.by_endpoint = {"/ledgers": 1.0, "/transactions_async": 20.0, "/fee_stats": 0.01}
    assert result.notes()[1] == (
        "W4-latency on Horizon, requests per ledger by endpoint: `/transactions_async` 20.0, `/ledgers` 1.0"
    )
    assert len(_result("horizon", 2.0).notes()) == 1  # none counted: no line
