"""Settlement honours Horizon's rate limit: Retry-After after a 429, and spaced requests when the budget runs low."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import requests
from ledger.config import DEFAULT_PASSPHRASE

from services.settlement.ledger_client import HorizonLedgerClient, LedgerUnavailable
from services.settlement.pacing import RatePacer
from tests.ledger.conftest import served

PER_HOUR = 7_200  # one request back every half second
BURST = 4
STINGY_INTERVAL = 600  # seconds


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def test_a_429_holds_requests_until_retry_after() -> None:
    clock = FakeClock()
    pacer = RatePacer(max_wait_seconds=60, clock=clock, sleep=clock.sleep)
    pacer.observe(429, {"Retry-After": "7", "X-RateLimit-Reset": "30"})
    pacer.before_request()
    assert clock.slept == [7]
    assert pacer.refused == 1


def test_without_retry_after_a_429_waits_for_the_reset() -> None:
    clock = FakeClock()
    pacer = RatePacer(max_wait_seconds=60, clock=clock, sleep=clock.sleep)
    pacer.observe(429, {"X-RateLimit-Reset": "12"})
    assert pacer.wait_seconds() == 12


def test_requests_are_spaced_once_the_budget_runs_low() -> None:
    clock = FakeClock()
    pacer = RatePacer(max_wait_seconds=60, clock=clock, sleep=clock.sleep)
    pacer.observe(200, {"X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "50", "X-RateLimit-Reset": "50"})
    pacer.before_request()
    pacer.before_request()
    assert clock.slept == []  # plenty left: no waiting
    # 100 spent, 100 seconds until all are back: one request a second from now on.
    pacer.observe(200, {"X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "100"})
    pacer.before_request()
    pacer.before_request()
    assert clock.slept == [1.0, 1.0]


def test_the_spacing_counts_from_the_answer_not_the_send() -> None:
    clock = FakeClock()
    pacer = RatePacer(max_wait_seconds=60, clock=clock, sleep=clock.sleep)
    pacer.before_request()
    clock.now += 0.3  # the request and its answer take this long on the way
    pacer.observe(200, {"X-RateLimit-Limit": "4", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "2"})
    pacer.before_request()
    # The server may have counted the request just before answering: a whole gap from there.
    assert clock.slept == [0.5]


def test_a_429_without_headers_adds_no_wait() -> None:
    pacer = RatePacer(max_wait_seconds=60, clock=FakeClock())
    pacer.observe(429, {})
    assert pacer.wait_seconds() == 0


def test_a_wait_is_capped() -> None:
    clock = FakeClock()
    pacer = RatePacer(max_wait_seconds=5, clock=clock, sleep=clock.sleep)
    pacer.observe(429, {"Retry-After": "3600"})
    assert pacer.wait_seconds() == 5


@pytest.fixture(scope="module")
def limited_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served(
        tmp_path_factory, "limited-settlement-ledger",
        ledger_close_seconds=0.1, rate_limit_per_hour=PER_HOUR, rate_limit_burst=BURST,
    )  # fmt: skip


def test_the_client_reads_past_the_burst_without_a_429(limited_url: str) -> None:
    client = HorizonLedgerClient(limited_url, DEFAULT_PASSPHRASE, timeout_seconds=10)
    tips = [client.latest_ledger().sequence for _ in range(3 * BURST)]
    assert tips == sorted(tips)
    assert client.pacer.refused == 0


@pytest.fixture(scope="module")
def stingy_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    # One request back every STINGY_INTERVAL seconds: no test outlasts it, so a spent budget stays spent.
    yield from served(
        tmp_path_factory, "stingy-settlement-ledger",
        ledger_close_seconds=0.1, rate_limit_per_hour=3600 // STINGY_INTERVAL, rate_limit_burst=1,
    )  # fmt: skip


def test_the_client_honours_retry_after_from_a_real_429(stingy_url: str) -> None:
    while requests.get(f"{stingy_url}/fee_stats", timeout=5).status_code != 429:
        pass  # spend the budget from elsewhere on this address
    client = HorizonLedgerClient(stingy_url, DEFAULT_PASSPHRASE, timeout_seconds=10)
    slept: list[float] = []
    client.pacer = RatePacer(max_wait_seconds=10, sleep=slept.append)
    with pytest.raises(LedgerUnavailable):
        client.fee_stats()
    assert client.pacer.refused == 1
    with pytest.raises(LedgerUnavailable):
        client.fee_stats()  # still refused: the budget comes back only after STINGY_INTERVAL
    # The second request first waited out the Retry-After (capped at the client's timeout).
    assert len(slept) == 1 and slept[0] > 0
