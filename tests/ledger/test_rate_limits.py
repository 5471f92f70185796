"""Horizon's per-client rate limit on every endpoint, with its X-RateLimit-* headers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from flask.testing import FlaskClient
from freezegun import freeze_time
from ledger.app import create_app
from ledger.ratelimit import RateLimiter
from ledger.testing import LedgerAdmin

from tests.ledger.conftest import served

BURST = 5
PER_HOUR = 36  # one request back every 100 seconds


@pytest.fixture(scope="module")
def limited_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served(
        tmp_path_factory, "limited-ledger", ledger_close_seconds=0, rate_limit_per_hour=PER_HOUR, rate_limit_burst=BURST
    )


def test_every_endpoint_spends_the_budget_then_answers_429(limited_url: str) -> None:
    requests_to_make = [
        lambda: requests.get(f"{limited_url}/fee_stats", timeout=5),
        lambda: requests.get(f"{limited_url}/ledgers/1", timeout=5),
        lambda: requests.get(f"{limited_url}/accounts/{'G' + 'A' * 55}", timeout=5),
        lambda: requests.post(f"{limited_url}/transactions_async", data={"tx": "AAAA"}, timeout=5),
    ]
    # The readiness probe spent some of the budget already: count down from what is left.
    answers = [requests_to_make[0]()]
    while answers[-1].status_code != 429:
        assert len(answers) <= BURST
        answers.append(requests_to_make[len(answers) % len(requests_to_make)]())
    remaining = [int(answer.headers["X-RateLimit-Remaining"]) for answer in answers[:-1]]
    assert remaining == list(range(remaining[0], -1, -1))
    refused = answers[-1]
    assert refused.json()["type"] == "https://stellar.org/horizon-errors/rate_limit_exceeded"
    assert refused.headers["X-RateLimit-Limit"] == str(BURST)
    assert refused.headers["X-RateLimit-Remaining"] == "0"
    assert 0 < int(refused.headers["Retry-After"]) <= 100
    assert int(refused.headers["X-RateLimit-Reset"]) > int(refused.headers["Retry-After"])
    # The sandbox's own admin endpoints are not Horizon's and stay reachable.
    assert LedgerAdmin(limited_url).status()["latest_ledger"] >= 1


def test_the_budget_is_per_client(tmp_path: Path) -> None:
    app = create_app(
        {
            "database": f"{tmp_path}/ledger.sqlite3",
            "ledger_close_seconds": 0,
            "rate_limit_per_hour": PER_HOUR,
            "rate_limit_burst": BURST,
        }
    )
    client: FlaskClient = app.test_client()
    one, two = {"REMOTE_ADDR": "192.0.2.1"}, {"REMOTE_ADDR": "192.0.2.2"}
    statuses = [client.get("/", environ_base=one).status_code for _ in range(BURST + 1)]
    assert statuses == [200] * BURST + [429]
    assert client.get("/", environ_base=two).status_code == 200


def test_the_budget_refills_at_the_hourly_rate() -> None:
    with freeze_time("2026-11-24 12:00:00") as frozen:
        limiter = RateLimiter(PER_HOUR, BURST)
        for _ in range(BURST):
            assert limiter.take("client").allowed
        refused = limiter.take("client")
        assert not refused.allowed and refused.retry_after == 100
        frozen.tick(99)
        assert not limiter.take("client").allowed
        frozen.tick(1)
        assert limiter.take("client").allowed
