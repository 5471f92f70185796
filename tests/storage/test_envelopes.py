"""Envelopes and channel leases: what may be stored, and that each is closed and freed exactly once."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from storage import envelopes
from storage import settlement as store
from storage.database import database
from storage.models import SettlementAttempt, Transfer
from tests.support.transfers import new_transfer, processing_transfers

NOW = datetime(2026, 11, 22, 12, 5, 0)
CLAIM = NOW + timedelta(seconds=60)  # as processing_transfers claims
STALE_BEFORE = NOW - timedelta(seconds=120)


def envelope(tx_hash: str, channel: str) -> envelopes.NewEnvelope:
    return envelopes.NewEnvelope(channel, 11, 100, 50, 1_000, tx_hash, "AAAA")


def processing(organization_id: int, count: int) -> list[uuid.UUID]:
    """`count` transfers claimed by worker "w" until CLAIM and moved to Processing."""
    return processing_transfers(organization_id, count, NOW)


def leased(channel: str, holder: str, now: datetime = NOW) -> str | None:
    envelopes.ensure_channels("Sandbox", [channel])
    return envelopes.lease_channel("Sandbox", [channel], holder, now, now - timedelta(seconds=120))


def test_operations_follow_the_order_given_and_each_payment_counts_its_transfers_envelopes(
    organization_id: int,
) -> None:
    first, second, third = processing(organization_id, 3)
    with database.connection_context():
        assert leased("GA", "w:1") == "GA"
        stored = envelopes.store_envelope([third, first, second], "w", "w:1", envelope("h1", "GA"), NOW)
        assert stored is not None and stored.op_count == 3
        assert [(p.transfer_id, p.op_index, p.number) for p in envelopes.members(stored.id)] == [
            (third, 0, 1),
            (first, 1, 1),
            (second, 2, 1),
        ]
        assert envelopes.open_envelopes([first, second, third]) == dict.fromkeys([first, second, third], stored)
        assert Transfer.get_by_id(first).attempt_count == 1


def test_a_created_or_unknown_or_lapsed_member_stores_nothing(organization_id: int) -> None:
    (ready,) = processing(organization_id, 1)
    created = new_transfer(organization_id)
    with database.connection_context():
        store.claim_due_transfers("w", NOW, CLAIM, 1)  # claimed, but never started
        assert leased("GB", "w:1") == "GB"
        for members in ([ready, created], [ready, uuid.uuid4()]):
            assert envelopes.store_envelope(members, "w", "w:1", envelope("h2", "GB"), NOW) is None
        after_claim = CLAIM + timedelta(seconds=1)
        assert envelopes.store_envelope([ready], "w", "w:1", envelope("h2", "GB"), after_claim) is None
        assert SettlementAttempt.select().count() == 0
        assert Transfer.get_by_id(ready).attempt_count == 0
        assert envelopes.store_envelope([ready], "w", "w:1", envelope("h2", "GB"), NOW) is not None


def test_closing_frees_the_channel_once_and_payments_close_by_transfer(organization_id: int) -> None:
    paid, requeued = processing(organization_id, 2)
    with database.connection_context():
        assert leased("GC", "w:1") == "GC"
        stored = envelopes.store_envelope([paid, requeued], "w", "w:1", envelope("h3", "GC"), NOW)
        assert stored is not None
        envelopes.mark_submitted(stored.id, NOW)
        envelopes.mark_submitted(stored.id, NOW)
        assert SettlementAttempt.get_by_id(stored.id).submissions == 2
        assert envelopes.unresolved_attempt(paid) == stored
        assert leased("GC", "w:2") is None  # held by the open envelope

        assert envelopes.close_envelope(stored.id, "failed", "tx_failed", 9, NOW)
        assert not envelopes.close_envelope(stored.id, "applied", "tx_success", 9, NOW)  # closed once
        envelopes.close_payments(stored.id, "failed", "op_no_trust", NOW, [paid])
        envelopes.close_payments(stored.id, "requeued", "op_success", NOW)  # the rest
        outcomes = {p.transfer_id: (p.outcome, p.result_code) for p in envelopes.members(stored.id)}
        assert outcomes == {paid: ("failed", "op_no_trust"), requeued: ("requeued", "op_success")}
        assert SettlementAttempt.get_by_id(stored.id).outcome == "failed"
        assert envelopes.unresolved_attempt(paid) is None and envelopes.open_envelopes([paid, requeued]) == {}
        assert leased("GC", "w:2") == "GC"


def test_a_lease_whose_envelope_was_stored_never_goes_stale(organization_id: int) -> None:
    (transfer_id,) = processing(organization_id, 1)
    much_later = NOW + timedelta(days=1)
    with database.connection_context():
        assert leased("GD", "w:1") == "GD"
        assert envelopes.store_envelope([transfer_id], "w", "w:1", envelope("h4", "GD"), NOW) is not None
        assert envelopes.count_free_channels("Sandbox", ["GD"], much_later) == 0
        assert leased("GD", "other", much_later) is None
        envelopes.release_lease("w:1")  # only frees a lease with no stored envelope
        assert envelopes.count_free_channels("Sandbox", ["GD"], much_later) == 0


def test_free_channels_are_counted_as_leasing_finds_them() -> None:
    with database.connection_context():
        envelopes.ensure_channels("Sandbox", ["G1", "G2", "G3"])
        envelopes.ensure_channels("Sandbox", ["G1", "G2", "G3"])  # idempotent
        envelopes.ensure_channels("Production", ["G1"])  # another environment's channel of that name
        channels = ["G1", "G2", "G3"]
        assert envelopes.count_free_channels("Sandbox", channels, STALE_BEFORE) == 3
        taken = [envelopes.lease_channel("Sandbox", channels, f"h{n}", NOW, STALE_BEFORE) for n in range(4)]
        assert sorted(t for t in taken if t) == channels and taken[3] is None
        assert envelopes.count_free_channels("Sandbox", channels, STALE_BEFORE) == 0
        assert envelopes.count_free_channels("Production", ["G1"], STALE_BEFORE) == 1
        # Leased at NOW and never stored: free for whoever looks after the claim time.
        assert envelopes.count_free_channels("Sandbox", channels, NOW + timedelta(seconds=1)) == 3


def test_recent_bids_are_per_operation_as_fee_stats_counts_them_and_only_on_the_channels_asked(
    organization_id: int,
) -> None:
    transfers = processing(organization_id, 4)
    with database.connection_context():
        assert leased("GA", "w:1") == "GA" and leased("GB", "w:2") == "GB"
        three = envelopes.NewEnvelope("GA", 11, 600, 50, 1_000, "h1", "AAAA")  # 200 per operation
        stored = envelopes.store_envelope(transfers[:3], "w", "w:1", three, NOW)
        assert stored is not None
        # A fee bump pays for one operation more: 1,600 over 3 + 1 is 400 per operation.
        assert envelopes.store_fee_bump(stored.id, "b1", 1_600, "BBBB")
        other = envelopes.NewEnvelope("GB", 11, 999, 50, 1_000, "h2", "AAAA")
        assert envelopes.store_envelope(transfers[3:], "w", "w:2", other, NOW) is not None
        assert envelopes.recent_bids(["GA"]) == {200, 400}
        assert envelopes.recent_bids(["GA", "GB"]) == {200, 400, 999}
        assert envelopes.recent_bids(["GA", "GB"], limit=1) == {999}  # the latest first
