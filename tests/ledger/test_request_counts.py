"""The sandbox counts the Horizon requests it serves, by endpoint, and not its own admin requests."""

from __future__ import annotations

import requests
from ledger.testing import LedgerAdmin


def test_every_horizon_request_is_counted_by_endpoint(ledger_url: str) -> None:
    admin = LedgerAdmin(ledger_url)
    before = admin.status()["horizon_requests"]
    requests.get(f"{ledger_url}/ledgers", params={"order": "desc", "limit": "1"}, timeout=10)
    requests.get(f"{ledger_url}/transactions/{'0' * 64}", timeout=10)  # a 404 is served, and counted
    requests.get(f"{ledger_url}/fee_stats", timeout=10)
    after = admin.status()["horizon_requests"]
    assert after.get("/ledgers", 0) - before.get("/ledgers", 0) == 1
    assert after.get("/transactions/<tx_hash>", 0) - before.get("/transactions/<tx_hash>", 0) == 1
    assert after.get("/fee_stats", 0) - before.get("/fee_stats", 0) == 1
    assert not any(endpoint.startswith("/_sandbox") for endpoint in after)
