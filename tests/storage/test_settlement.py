"""Claims, channel leases and the one-open-envelope rule, on SQLite and Postgres."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

from flask import Flask

from storage import settlement as store
from storage.database import database
from storage.models import utc_now
from tests.conftest import make_key
from tests.support.messages import PAYEE, pacs008
from tests.support.reports import parse_report


def new_transfer(app: Flask, key: str) -> uuid.UUID:
    headers = {"Content-Type": "application/xml", "NET-API-KEY": key}
    response = app.test_client().post("/v1/pacs008/net", data=pacs008(creditor=PAYEE), headers=headers)
    return uuid.UUID(parse_report(response.data).info()["TransferId"])


def attempt(tx_hash: str) -> store.NewAttempt:
    return store.NewAttempt("GCHANNEL", 11, 100, 50, 1_000, tx_hash, "AAAA")


def test_a_claimed_transfer_is_not_claimed_again_until_the_claim_lapses(app: Flask) -> None:
    transfer_id = new_transfer(app, make_key("Claims Bank"))
    now = utc_now()
    with database.connection_context():
        assert store.claim_due_transfers("a", now, now + timedelta(seconds=60), 10) == [transfer_id]
        assert store.claim_due_transfers("b", now, now + timedelta(seconds=60), 10) == []
        later = now + timedelta(seconds=61)
        assert store.claim_due_transfers("b", later, later + timedelta(seconds=60), 10) == [transfer_id]


def test_only_one_open_envelope_per_transfer_and_only_for_the_claim_holder(app: Flask) -> None:
    transfer_id = new_transfer(app, make_key("Envelope Bank"))
    now = utc_now()
    with database.connection_context():
        store.claim_due_transfers("a", now, now + timedelta(seconds=60), 10)
        assert store.start_processing(transfer_id, Decimal("125.5"), now)
        assert not store.start_processing(transfer_id, Decimal("125.5"), now)
        assert store.store_attempt(transfer_id, "b", attempt("h1"), now) is None  # not the claim holder
        first = store.store_attempt(transfer_id, "a", attempt("h1"), now)
        assert first is not None and first.number == 1
        assert store.store_attempt(transfer_id, "a", attempt("h2"), now) is None  # one is still open
        assert store.resolve_attempt(transfer_id, first.id, "expired", None, None, now)
        assert not store.resolve_attempt(transfer_id, first.id, "applied", None, 5, now)
        second = store.store_attempt(transfer_id, "a", attempt("h2"), now)
        assert second is not None and second.number == 2


def test_channels_are_leased_to_one_transfer_at_a_time(app: Flask) -> None:
    key = make_key("Lease Bank")
    first, second = new_transfer(app, key), new_transfer(app, key)
    now = utc_now()
    with database.connection_context():
        store.ensure_channels("Sandbox", ["GC1"])
        store.ensure_channels("Sandbox", ["GC1"])
        assert store.lease_channel("Sandbox", ["GC1"], first, now) == "GC1"
        assert store.lease_channel("Sandbox", ["GC1"], first, now) == "GC1"  # already held
        assert store.lease_channel("Sandbox", ["GC1"], second, now) is None
        store.release_channel(first)
        assert store.lease_channel("Sandbox", ["GC1"], second, now) == "GC1"
