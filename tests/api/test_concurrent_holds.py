"""Concurrent pacs.008 against one prefunded account on Postgres, through gunicorn with 4 workers.

50 requests of 10.00 USD race for an account funded with 100.00: exactly 10 may be accepted, the
account's balance slices may never show available below zero, nor may their sum, and the store
reconciles afterwards. With 100.00 shared over 16 slices, nearly every hold first gathers money
into its slice while the others place theirs.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import pytest
import requests
from flask import Flask

from storage.accounts import list_accounts
from storage.database import database
from storage.models import BalanceSlice
from tests.support.accounts import account, failed_checks, prefund
from tests.support.databases import postgres_url
from tests.support.gunicorn import gunicorn
from tests.support.messages import pacs008
from tests.support.reports import parse_report

pytestmark = pytest.mark.skipif(postgres_url() is None, reason="row locks under concurrency: Postgres only")

REQUESTS = 50


def lowest_available(stop: threading.Event, seen: list[Decimal], organization: int) -> None:
    """Read the slices' and the account's available balance over and over until `stop`, keeping the lowest."""
    with database.connection_context():
        while not stop.is_set():
            seen.append(min(row.available for row in BalanceSlice.select(BalanceSlice.available)))
            seen.append(min(a.available for a in list_accounts(organization)))


def test_fifty_concurrent_transfers_on_a_hundred_dollars_accept_exactly_ten(app: Flask, api_key: str) -> None:
    organization = prefund("Acme Bank", "ACC-HOT", "100.00")
    bodies = [pacs008(amount="10.00", debtor="ACC-HOT") for _ in range(REQUESTS)]
    with gunicorn(app.config["DATABASE_URL"], "--workers", "4", "--no-control-socket") as server:
        url = f"http://127.0.0.1:{server.port}/v1/pacs008/net"
        headers = {"Content-Type": "application/xml", "NET-API-KEY": api_key}
        barrier = threading.Barrier(REQUESTS)

        def send(body: bytes) -> tuple[int, str]:
            barrier.wait()
            answer = requests.post(url, data=body, headers=headers, timeout=60)
            report = parse_report(answer.content)
            return answer.status_code, (report.codes or [report.status])[0]

        stop, seen = threading.Event(), [Decimal(100)]
        watcher = threading.Thread(target=lowest_available, args=(stop, seen, organization))
        watcher.start()
        try:
            with ThreadPoolExecutor(REQUESTS) as pool:
                answers = list(pool.map(send, bodies))
        finally:
            stop.set()
            watcher.join()

    assert sorted(set(answers)) == [(201, "ACCP"), (400, "AM04")]
    assert answers.count((201, "ACCP")) == 10
    assert answers.count((400, "AM04")) == 40
    assert min(seen) >= 0
    final = account("Acme Bank", "ACC-HOT")
    assert (final.balance, final.held, final.available) == (Decimal(100), Decimal(100), Decimal(0))
    assert failed_checks() == []
