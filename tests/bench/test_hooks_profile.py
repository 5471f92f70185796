"""The hooks profile: every hook and view of the app timed, nested time counted once."""

from __future__ import annotations

from itertools import count

from bench.hooks_profile import _REST, Profile, Tally, Timer, profile


def test_a_wrapped_call_inside_another_counts_only_toward_its_own_tally() -> None:
    ticks = count(step=10)
    timer = Timer(clock=lambda: next(ticks))

    def nothing() -> None:
        return None

    inner = timer.wrap("inner", nothing)

    def outer_body() -> None:
        inner()
        inner()

    outer = timer.wrap("outer", outer_body)
    outer()
    # Clock reads: outer 0, inner 10..20, inner 30..40, outer 50: 50 in all, 20 of it in inner.
    assert timer.tallies["inner"] == Tally(calls=2, cpu_ns=20)
    assert timer.tallies["outer"] == Tally(calls=1, cpu_ns=30)
    timer.reset()
    assert timer.tallies["outer"] == Tally()


def test_the_table_puts_the_costliest_part_first_and_the_rest_last() -> None:
    result = Profile("W", 2, {201: 2}, total_ns=10_000, parts={"a": Tally(2, 2_000), "b": Tally(2, 6_000)})
    lines = result.lines()
    assert lines[0] == "## W: 2 requests (2 x 201), 5.0 µs CPU per request"
    assert [line.split(" | ")[0] for line in lines[4:]] == ["| b", "| a", f"| {_REST}"]
    assert lines[-1] == f"| {_REST} | 1.00 | 1.0 | 20.0 % |"


def test_every_workload_is_answered_as_expected_with_every_hook_timed() -> None:
    results = profile(None, requests=3, warmup=1)
    assert [r.statuses for r in results] == [{201: 3}, {200: 3}, {200: 3}, {401: 3}]
    for result in results:
        assert {"before api.request_log._begin", "after api.request_log._finish"} <= set(result.parts)
        assert any(name.startswith("before api.request_context.require_api_key") for name in result.parts)
        assert any(name.startswith("teardown ") for name in result.parts)
        assert all(t.calls == 3 for name, t in result.parts.items() if name.startswith(("before", "after")))
        assert result.rest_ns() >= 0
    assert "in view: accept" in results[0].parts
    assert "in view: jsonify" in results[2].parts
