"""Per-organization rate limits at the API: 429 pacs.002 TECH with Retry-After, nothing read or written."""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import pytest
import requests
from flask import Flask
from flask.testing import FlaskClient
from freezegun import freeze_time

from services.rate_limits import RateEndpoint, set_rate_limit
from storage.database import database
from storage.organizations import find_organization
from storage.transfers import count_transfers
from tests.api.test_openapi import check_answer
from tests.support.databases import postgres_url, row_counts
from tests.support.gunicorn import gunicorn
from tests.support.messages import camt056, pacs008, pacs028
from tests.support.reports import rejected

PACS008 = "/v1/pacs008/net"
PACS028 = "/v1/pacs028/net"
BATCH = "/v1/transfers/batch-status"
UNKNOWN = "019abc12-3456-7def-8abc-0123456789ab"


@pytest.fixture()
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    """Two requests a second per organization on each endpoint."""
    return {
        **app_config,
        "RATE_LIMIT_PACS008_PER_SECOND": 2,
        "RATE_LIMIT_PACS028_PER_SECOND": 2,
        "RATE_LIMIT_BATCH_STATUS_PER_SECOND": 2,
    }


def post(client: FlaskClient, key: str, url: str, body: bytes, content_type: str = "application/xml") -> Any:
    return client.post(url, data=body, headers={"NET-API-KEY": key, "Content-Type": content_type})


def assert_rate_limited(response: Any) -> None:
    assert response.status_code == 429, response.data
    assert response.headers["Retry-After"] == "1"
    assert response.mimetype == "application/xml"
    report = rejected(response.data, "TECH")
    assert "may send 2 " in report.text and "again in 1 second;" in report.text


def test_a_third_pacs008_in_a_second_is_429_and_writes_nothing(
    client: FlaskClient, api_key: str, other_api_key: str
) -> None:
    with freeze_time(datetime.now(UTC)) as clock:
        assert [post(client, api_key, PACS008, pacs008()).status_code for _ in range(2)] == [201, 201]
        before = row_counts()
        refused = pacs008()
        assert_rate_limited(post(client, api_key, PACS008, refused))
        assert row_counts() == before
        # Another organization has its own rate, untouched by the first one's.
        assert post(client, other_api_key, PACS008, pacs008()).status_code == 201
        clock.tick(0.5)
        # The refused message was never read: sent again, it is a new transfer, not AM05.
        assert post(client, api_key, PACS008, refused).status_code == 201


def test_the_pacs028_and_batch_rates_are_their_own(client: FlaskClient, api_key: str) -> None:
    with freeze_time(datetime.now(UTC)):
        assert [post(client, api_key, PACS008, pacs008()).status_code for _ in range(2)] == [201, 201]
        query = pacs028(instruction_id=UNKNOWN)
        assert [post(client, api_key, PACS028, query).status_code for _ in range(2)] == [404, 404]
        before = row_counts()
        assert_rate_limited(post(client, api_key, PACS028, query))
        batch = json.dumps({"transfer_ids": []}).encode()
        assert [post(client, api_key, BATCH, batch, "application/json").status_code for _ in range(2)] == [200, 200]
        after_batches = row_counts()
        assert after_batches[2] == before[2] + 2  # each answered batch is recorded, as a query
        assert_rate_limited(post(client, api_key, BATCH, batch, "application/json"))
        assert row_counts() == after_batches


def test_an_organization_s_override_applies_to_it_alone(client: FlaskClient, api_key: str, other_api_key: str) -> None:
    with database.connection_context():
        acme = find_organization("Acme Bank")
        assert acme is not None
        set_rate_limit(int(acme.id), RateEndpoint.PACS008, 0.25)  # before its first request: nothing cached yet
    with freeze_time(datetime.now(UTC)):
        assert post(client, api_key, PACS008, pacs008()).status_code == 201
        refused = post(client, api_key, PACS008, pacs008())
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "4"
        assert "may send 0.25 pacs.008 requests a second" in rejected(refused.data, "TECH").text
        assert [post(client, other_api_key, PACS008, pacs008()).status_code for _ in range(3)] == [201, 201, 429]


@pytest.mark.parametrize(
    ("path", "endpoint", "body", "content_type", "first"),
    [
        ("/v1/pacs008/{network}", RateEndpoint.PACS008, pacs008, "application/xml", 201),
        (
            "/v1/pacs028/{network}",
            RateEndpoint.PACS028,
            lambda: pacs028(instruction_id=UNKNOWN),
            "application/xml",
            404,
        ),
        (
            "/v1/camt056/{network}",
            RateEndpoint.CAMT056,
            lambda: camt056("CXL-RATE", instruction_id=UNKNOWN),
            "application/xml",
            404,
        ),
        (
            "/v1/transfers/batch-status",
            RateEndpoint.BATCH_STATUS,
            lambda: b'{"transfer_ids": []}',
            "application/json",
            200,
        ),
    ],
)
def test_the_429_is_the_documented_one(
    live_server: str,
    api_key: str,
    path: str,
    endpoint: RateEndpoint,
    body: Callable[[], bytes],
    content_type: str,
    first: int,
) -> None:
    """Over a real server, without a frozen clock: one request per 100 seconds, so the second is refused."""
    with database.connection_context():
        acme = find_organization("Acme Bank")
        assert acme is not None
        set_rate_limit(int(acme.id), endpoint, 0.01)
    url = live_server + path.format(network="net")
    headers = {"NET-API-KEY": api_key, "Content-Type": content_type}
    assert requests.post(url, data=body(), headers=headers).status_code == first
    refused = requests.post(url, data=body(), headers=headers)
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 100
    check_answer("post", path, refused)


@pytest.mark.skipif(postgres_url() is None, reason="API processes share a store only on Postgres")
def test_the_rate_holds_across_api_processes_and_other_organizations_are_not_held(
    app: Flask, api_key: str, other_api_key: str
) -> None:
    """Two gunicorns, one with two workers, on one store: Acme may send one pacs.008 per 100 seconds in all.

    Acme's requests go to the servers in turn, so each server sees some; Other Bank sends at the same
    time, at its default rate, and is never refused.
    """
    with database.connection_context():
        acme = find_organization("Acme Bank")
        assert acme is not None
        set_rate_limit(int(acme.id), RateEndpoint.PACS008, 0.01)
    url = app.config["DATABASE_URL"]
    with (
        gunicorn(url, "--workers", "2", "--no-control-socket") as first,
        gunicorn(url, "--no-control-socket") as second,
    ):
        servers = [f"http://127.0.0.1:{server.port}/v1/pacs008/net" for server in (first, second)] * 4

        def send(key: str, server: str) -> requests.Response:
            headers = {"NET-API-KEY": key, "Content-Type": "application/xml"}
            return requests.post(server, data=pacs008(), headers=headers, timeout=60)

        with ThreadPoolExecutor(2) as pool:
            others = pool.submit(lambda: [send(other_api_key, server).status_code for server in servers])
            acme_answers = [send(api_key, server) for server in servers]
            other_statuses = others.result()

    assert [answer.status_code for answer in acme_answers] == [201] + [429] * 7
    for refused in acme_answers[1:]:
        assert 1 <= int(refused.headers["Retry-After"]) <= 100
        assert "may send 0.01 pacs.008 requests a second" in rejected(refused.content, "TECH").text
    assert other_statuses == [201] * 8
    with database.connection_context():
        assert count_transfers() == 9  # Acme's one and Other Bank's eight: a 429 writes nothing
