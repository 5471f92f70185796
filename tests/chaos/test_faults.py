"""chaos.faults: how the hostile-bodies scenario reports the API workers' memory."""

from __future__ import annotations

import pytest

from chaos.faults import RSS_GROWTH_ALLOWED, describe_rss, rss_growth


def test_rss_growth_is_the_largest_of_the_workers_alive_at_both_reads() -> None:
    before = {10: 100 * 1024, 11: 200 * 1024, 12: 50 * 1024}
    after = {10: 101 * 1024, 11: 210 * 1024, 13: 60 * 1024}
    assert describe_rss(before, after) == "API worker RSS 100/200 -> 101/210 MiB (max +5.0 %)"


def test_rss_of_replaced_workers_is_not_compared() -> None:
    assert describe_rss({10: 1024}, {11: 1024}) == "API worker RSS not comparable (workers replaced)"


def test_growth_over_the_bound_is_a_breach_of_the_hostile_bodies_scenario() -> None:
    assert rss_growth({10: 100, 11: 100}, {10: 105, 11: 111}) == pytest.approx(0.11)
    assert rss_growth({10: 1024}, {11: 1024}) is None
    assert RSS_GROWTH_ALLOWED == 0.10
