"""Taking back a dead worker's claims and unused leases, and nothing of anyone else's."""

from __future__ import annotations

from datetime import datetime, timedelta

from flask import Flask

from storage import envelopes, workers
from storage import settlement as store
from storage.database import database
from storage.models import Transfer
from tests.support.transfers import processing_transfers

NOW = datetime(2026, 11, 22, 12, 5, 0)


def lease(channel: str, holder: str) -> None:
    envelopes.ensure_channels("Sandbox", [channel])
    assert envelopes.lease_channel("Sandbox", [channel], holder, NOW, NOW - timedelta(seconds=120)) == channel


def test_take_back_frees_the_dead_workers_claims_and_unused_leases_only(organization_id: int) -> None:
    dead = processing_transfers(organization_id, 2, NOW, worker="host-1.aaa")
    live = processing_transfers(organization_id, 1, NOW, worker="host-1.aaab")
    with database.connection_context():
        workers.register("host-1.aaa", NOW)
        workers.register("host-1.aaab", NOW)
        lease("C-DEAD", "host-1.aaa:1")
        lease("C-LIVE", "host-1.aaab:1")  # shares the dead ID as a prefix, not the ID
        lease("C-STORED", "host-1.aaa:2")
        signed = envelopes.NewEnvelope("C-STORED", 11, 100, 50, 1_000, "h", "A")
        stored = envelopes.store_envelope([dead[1]], "host-1.aaa", "host-1.aaa:2", signed, NOW)
        assert stored is not None

        back = workers.take_back("host-1.aaa")

        assert back == workers.TakenBack(claims=2, leases=1)
        claims = {t.id: (t.claimed_by, t.claimed_until) for t in Transfer.select()}
        assert claims[dead[0]] == claims[dead[1]] == (None, None)
        assert claims[live[0]][0] == "host-1.aaab"
        holders = {lease.account_id: (lease.holder, lease.attempt_id) for lease in store.channel_leases()}
        assert holders["C-DEAD"] == (None, None)
        assert holders["C-LIVE"] == ("host-1.aaab:1", None)
        assert holders["C-STORED"] == ("host-1.aaa:2", stored.id)  # freed only when its envelope closes
        assert workers.registered() == ["host-1.aaab"]
        assert workers.take_back("host-1.aaa") is None  # once only, whoever is first


def test_registering_twice_keeps_one_row(app: Flask) -> None:
    with database.connection_context():
        workers.register("w.1", NOW)
        workers.register("w.1", NOW)
        assert workers.registered() == ["w.1"]
        workers.unregister("w.1")
        assert workers.registered() == []
