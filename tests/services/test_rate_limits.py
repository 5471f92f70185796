"""The limiter: each organization's rate per endpoint, its overrides, and when a refused caller may send again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from freezegun import freeze_time

from services.rate_limits import RateEndpoint, RateLimited, RateLimiter, set_rate_limit
from storage import rate_limits as rate_store
from storage.database import database
from storage.organizations import insert_organization
from storage.rate_limits import RateSchedule

NOW = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def limiter(**defaults: float) -> RateLimiter:
    rates = {RateEndpoint(name.replace("_", "-")): value for name, value in defaults.items()}
    return RateLimiter(rates, override_seconds=0)


def admitted(limits: RateLimiter, organization_id: int, endpoint: RateEndpoint, count: int, now: datetime) -> int:
    """How many of `count` requests at `now` are let through."""
    through = 0
    for _ in range(count):
        try:
            limits.admit(organization_id, endpoint, now)
            through += 1
        except RateLimited:
            pass
    return through


def test_a_second_s_worth_at_once_then_the_rate(organization_id: int) -> None:
    limits = limiter(pacs008=5)
    with database.connection_context():
        assert admitted(limits, organization_id, RateEndpoint.PACS008, 8, NOW) == 5
        assert admitted(limits, organization_id, RateEndpoint.PACS008, 3, NOW + timedelta(seconds=0.2)) == 1
        assert admitted(limits, organization_id, RateEndpoint.PACS008, 8, NOW + timedelta(seconds=2)) == 5


def test_a_refusal_says_when_to_send_again(organization_id: int) -> None:
    limits = limiter(pacs028=0.25)  # one every 4 seconds
    with database.connection_context():
        limits.admit(organization_id, RateEndpoint.PACS028, NOW)
        with pytest.raises(RateLimited) as refused:
            limits.admit(organization_id, RateEndpoint.PACS028, NOW + timedelta(seconds=1.5))
    assert refused.value.retry_after_seconds == 3  # 2.5 s, in whole seconds up
    assert refused.value.endpoint is RateEndpoint.PACS028
    assert "0.25 pacs.028 requests a second" in refused.value.text
    assert "again in 3 seconds" in refused.value.text


def test_a_refusal_always_asks_for_at_least_a_second(organization_id: int) -> None:
    limits = limiter(pacs008=100)
    with database.connection_context():
        assert admitted(limits, organization_id, RateEndpoint.PACS008, 100, NOW) == 100
        with pytest.raises(RateLimited) as refused:
            limits.admit(organization_id, RateEndpoint.PACS008, NOW)
    assert refused.value.retry_after_seconds == 1


def test_a_rate_of_zero_limits_nothing_and_writes_nothing(organization_id: int) -> None:
    limits = limiter(pacs008=0)
    with database.connection_context():
        assert admitted(limits, organization_id, RateEndpoint.PACS008, 50, NOW) == 50
        assert admitted(limits, organization_id, RateEndpoint.BATCH_STATUS, 50, NOW) == 50  # no default: none
        assert RateSchedule.select().count() == 0


def test_an_organization_s_override_replaces_the_default_for_it_alone(organization_id: int) -> None:
    limits = limiter(pacs008=2)
    with database.connection_context():
        other = int(insert_organization("Other Bank").id)
        set_rate_limit(organization_id, RateEndpoint.PACS008, 4)
        assert admitted(limits, organization_id, RateEndpoint.PACS008, 9, NOW) == 4
        assert admitted(limits, other, RateEndpoint.PACS008, 9, NOW) == 2
        set_rate_limit(other, RateEndpoint.PACS008, 0)
        assert admitted(limits, other, RateEndpoint.PACS008, 9, NOW) == 9
        set_rate_limit(other, RateEndpoint.PACS008, None)
        assert admitted(limits, other, RateEndpoint.PACS008, 9, NOW + timedelta(seconds=5)) == 2


def test_overrides_are_read_once_per_interval_per_process(organization_id: int) -> None:
    limits = RateLimiter({RateEndpoint.PACS008: 2}, override_seconds=10)
    with freeze_time(NOW) as clock, database.connection_context():
        assert limits.rate(organization_id, RateEndpoint.PACS008) == 2
        set_rate_limit(organization_id, RateEndpoint.PACS008, 6)
        assert limits.rate(organization_id, RateEndpoint.PACS008) == 2  # still the one read 0 s ago
        clock.tick(10)
        assert limits.rate(organization_id, RateEndpoint.PACS008) == 6


@pytest.mark.parametrize("bad", [-1.0, float("inf"), float("nan")])
def test_a_rate_is_a_finite_number_not_below_zero(organization_id: int, bad: float) -> None:
    with database.connection_context(), pytest.raises(ValueError, match="requests a second"):
        set_rate_limit(organization_id, RateEndpoint.PACS008, bad)


def test_a_busy_process_asks_the_store_once_per_lease_not_per_request(
    organization_id: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = []
    take_slot = rate_store.take_slot

    def counted(*args: Any) -> bool:
        asked.append(args)
        return take_slot(*args)

    monkeypatch.setattr(rate_store, "take_slot", counted)
    limits = limiter(pacs008=10_000)
    with database.connection_context():
        moments = [NOW + timedelta(microseconds=200 * n) for n in range(1_000)]  # 5,000 a second
        assert sum(admitted(limits, organization_id, RateEndpoint.PACS008, 1, at) for at in moments) == 1_000
    assert len(asked) < 40


def test_two_processes_under_the_rate_are_never_refused_for_each_other_s_leases(organization_id: int) -> None:
    first, second = limiter(pacs008=200), limiter(pacs008=200)
    with database.connection_context():
        through = 0
        for n in range(400):  # 100 a second in all, alternating between the two processes
            at = NOW + timedelta(milliseconds=10 * n)
            through += admitted(first if n % 2 else second, organization_id, RateEndpoint.PACS008, 1, at)
    assert through == 400


def test_two_processes_over_the_rate_get_no_more_than_it_between_them(organization_id: int) -> None:
    first, second = limiter(pacs008=200), limiter(pacs008=200)
    with database.connection_context():
        through = 0
        for n in range(2_000):  # 1,000 a second for two seconds, half to each process
            at = NOW + timedelta(milliseconds=n)
            through += admitted(first if n % 2 else second, organization_id, RateEndpoint.PACS008, 1, at)
    assert 200 + 2 * 200 - 20 <= through <= 200 + 2 * 200  # the burst, then the rate: never more
