"""Metrics of a real gunicorn with several workers: each worker counts in its own file, a scrape adds them up."""

from __future__ import annotations

from pathlib import Path

import requests
from prometheus_client.parser import text_string_to_metric_families

from telemetry.metrics import authorized
from tests.support.databases import sqlite_url
from tests.support.gunicorn import gunicorn

REQUESTS = 40


def healthz_count(text: str) -> float:
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "tkn_http_requests_total" and sample.labels["endpoint"] == "health.healthz":
                return sample.value
    return 0.0


def test_a_scrape_counts_every_request_whichever_worker_served_it(tmp_path: Path) -> None:
    metrics_dir = tmp_path / "metrics"
    metrics_dir.mkdir()
    (metrics_dir / "counter_999999.db").write_bytes(b"left by an earlier run")  # wiped at start
    url = sqlite_url(tmp_path)
    with gunicorn(url, "--workers", "2", "--no-control-socket", PROMETHEUS_MULTIPROC_DIR=str(metrics_dir)) as server:
        base = f"http://127.0.0.1:{server.port}"
        before = healthz_count(requests.get(base + "/metrics", timeout=10).text)
        with requests.Session() as session:
            for _ in range(REQUESTS):
                session.get(base + "/healthz", timeout=10, headers={"Connection": "close"})
        after = healthz_count(requests.get(base + "/metrics", timeout=10).text)
        files = sorted(path.name for path in metrics_dir.glob("*.db"))
    assert after - before == REQUESTS
    assert "counter_999999.db" not in files
    assert files  # the workers' own files, where every request of either worker was counted


def test_a_bearer_token_is_compared_whole() -> None:
    assert authorized(None, "")
    assert authorized("Bearer t0ken", "t0ken")
    assert not authorized("Bearer t0ke", "t0ken")
    assert not authorized("t0ken", "t0ken")
    assert not authorized(None, "t0ken")
