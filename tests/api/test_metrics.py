"""GET /metrics in one process: request counts and latencies, and the store's gauges read at scrape time."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import freezegun
from flask import Flask
from flask.testing import FlaskClient
from prometheus_client.parser import text_string_to_metric_families

from storage import envelopes
from storage import settlement as store
from storage.database import database
from storage.models import utc_now
from tests.support.messages import pacs008, pacs028
from tests.support.reports import parse_report

XML = {"Content-Type": "application/xml"}


def scrape(client: FlaskClient, **headers: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of GET /metrics, by name and labels, parsed by prometheus_client's own parser."""
    response = client.get("/metrics", headers=headers)
    assert response.status_code == 200, response.data
    assert response.mimetype == "text/plain"
    samples = {}
    for family in text_string_to_metric_families(response.get_data(as_text=True)):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def requests_of(samples: dict[Any, float], endpoint: str, status: str, reason: str) -> float:
    labels = (("endpoint", endpoint), ("reason", reason), ("status", status))
    return samples.get(("tkn_http_requests_total", labels), 0.0)


def test_requests_are_counted_by_endpoint_status_and_reason(client: FlaskClient, api_key: str) -> None:
    before = scrape(client)
    headers = {**XML, "NET-API-KEY": api_key}
    assert client.post("/v1/pacs008/net", data=pacs008(), headers=headers).status_code == 201
    assert client.post("/v1/pacs008/net", data=pacs008(amount="20000"), headers=headers).status_code == 400
    assert (
        client.post("/v1/pacs028/net", data=pacs028(instruction_id=str(uuid.uuid4())), headers=headers).status_code
        == 404
    )
    assert client.post("/v1/pacs008/net", data=pacs008(), headers=XML).status_code == 401
    after = scrape(client)
    for endpoint, status, reason in [
        ("transfers.submit_pacs008", "201", ""),
        ("transfers.submit_pacs008", "400", "AM09"),
        ("transfers.query_pacs028", "404", "AC01"),
        ("transfers.submit_pacs008", "401", ""),
    ]:
        assert requests_of(after, endpoint, status, reason) - requests_of(before, endpoint, status, reason) == 1
    query_labels = (("endpoint", "transfers.query_pacs028"), ("reason", "AC01"), ("status", "404"))
    latency = ("tkn_http_request_duration_seconds_count", query_labels)
    assert after[latency] - before.get(latency, 0.0) == 1


def test_the_store_gauges_are_read_at_scrape_time(client: FlaskClient, api_key: str) -> None:
    accepted = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
    with freezegun.freeze_time(accepted) as clock:
        headers = {**XML, "NET-API-KEY": api_key}
        first = client.post("/v1/pacs008/net", data=pacs008(), headers=headers)
        clock.tick(timedelta(seconds=30))
        client.post("/v1/pacs008/net", data=pacs008(), headers=headers)
        clock.tick(timedelta(seconds=60))
        with database.connection_context():
            blocked_id = uuid.UUID(parse_report(first.data).info()["TransferId"])
            store.note_problems([blocked_id], "op_underfunded", blocked=True, now=utc_now())
            envelopes.ensure_channels("Sandbox", ["G" + "A" * 55, "G" + "B" * 55])
            now = utc_now()
            envelopes.lease_channel("Sandbox", ["G" + "A" * 55], "w:1", now, now - timedelta(seconds=120))
        samples = scrape(client)
    assert samples[("tkn_store_up", ())] == 1
    assert samples[("tkn_transfers", (("state", "Created"),))] == 2
    assert samples[("tkn_transfers", (("state", "Completed"),))] == 0
    assert samples[("tkn_oldest_created_transfer_age_seconds", ())] == 90
    assert samples[("tkn_settlement_blocked_transfers", ())] == 1
    assert samples[("tkn_settlement_channels", (("environment", "Sandbox"), ("state", "leased")))] == 1
    assert samples[("tkn_settlement_channels", (("environment", "Sandbox"), ("state", "free")))] == 1


def test_no_created_transfer_means_no_backlog_age(client: FlaskClient) -> None:
    assert scrape(client)[("tkn_oldest_created_transfer_age_seconds", ())] == 0


def test_a_metrics_token_is_required_when_set(app: Flask, client: FlaskClient) -> None:
    app.config["METRICS_TOKEN"] = "s3cret-scraper-token"
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "s3cret-scraper-token"}):
        response = client.get("/metrics", headers=headers)
        assert response.status_code == 401
        assert response.headers["WWW-Authenticate"] == 'Bearer realm="metrics"'
        assert response.data == b""
        assert "Content-Type" not in response.headers
    assert scrape(client, Authorization="Bearer s3cret-scraper-token")[("tkn_store_up", ())] == 1
