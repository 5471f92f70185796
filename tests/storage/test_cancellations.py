"""Cancellations against envelopes in the store: each rule, and every interleaving of the steps (a property)."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from storage import cancellations, envelopes
from storage import settlement as store
from storage.cancellations import CancellationRequest, CancellationState, NewRequest
from storage.database import database
from storage.models import SettlementAttempt, SettlementPayment, Transfer
from tests.support.transfers import new_transfer

NOW = datetime(2026, 11, 22, 12, 5, 0)
STEPS = ("cancel", "envelope", "applied", "expired", "settle_pass")


def request(organization_id: int, assignment_id: str) -> NewRequest:
    return NewRequest(organization_id, assignment_id, "0" * 64, b"<Document/>", "DUPL", NOW)


def cancel(organization_id: int, transfer_id: uuid.UUID, assignment_id: str) -> CancellationState:
    new = request(organization_id, assignment_id)
    with database.atomic():
        decision = cancellations.decide(new, transfer_id, cancellations.cancelled_reason(assignment_id, NOW), None)
        cancellations.record_decision(new, decision, b"<answer/>")
    return decision.state


def pay(transfer_id: uuid.UUID, channel: str) -> SettlementAttempt | None:
    """Claim the transfer and store an envelope for it on `channel`, as a worker would; None if refused."""
    Transfer.update(claimed_by="w", claimed_until=NOW + timedelta(hours=1)).where(Transfer.id == transfer_id).execute()
    envelopes.ensure_channels("Sandbox", [channel])
    if envelopes.lease_channel("Sandbox", [channel], "w:1", NOW, NOW) is None:
        return None
    stored = envelopes.NewEnvelope(channel, 11, 100, 50, 1_000, uuid.uuid4().hex * 2, "AAAA")
    attempt = envelopes.store_envelope([transfer_id], "w", "w:1", stored, NOW, {transfer_id: Decimal(1)})
    if attempt is None:
        envelopes.release_lease("w:1")
    return attempt


def close(transfer_id: uuid.UUID, outcome: str) -> None:
    attempt = envelopes.unresolved_attempt(transfer_id)
    if attempt is None:
        return
    with database.atomic():
        assert envelopes.close_envelope(attempt.id, outcome, None, 7 if outcome == "applied" else None, NOW)
        envelopes.close_payments(attempt.id, outcome, None, NOW)
        if outcome == "applied":
            store.complete_transfers([(transfer_id, 1)], attempt.tx_hash, 7, NOW)


def test_an_envelope_is_refused_for_a_transfer_a_cancellation_waits_on(organization_id: int) -> None:
    transfer_id = new_transfer(organization_id)
    with database.connection_context():
        assert pay(transfer_id, "GA") is not None
        assert cancel(organization_id, transfer_id, "CXL-1") is CancellationState.PENDING
        close(transfer_id, "expired")
        assert pay(transfer_id, "GA") is None  # proven unapplied: cancelled, not rebuilt
        assert cancellations.cancel_pending(transfer_id, NOW) is not None
        assert Transfer.get_by_id(transfer_id).state == "Failed"
        assert CancellationRequest.get().state == "cancelled"


def test_a_pending_cancellation_waits_while_the_envelope_is_open_and_is_refused_when_it_applies(
    organization_id: int,
) -> None:
    transfer_id = new_transfer(organization_id)
    with database.connection_context():
        assert pay(transfer_id, "GB") is not None
        assert cancel(organization_id, transfer_id, "CXL-2") is CancellationState.PENDING
        assert cancellations.cancel_pending(transfer_id, NOW) is None
        close(transfer_id, "applied")
        assert (Transfer.get_by_id(transfer_id).state, CancellationRequest.get().state) == ("Completed", "refused")
        assert cancel(organization_id, transfer_id, "CXL-3") is CancellationState.REFUSED


@given(st.lists(st.sampled_from(STEPS), max_size=12))
def test_no_interleaving_pays_a_cancelled_transfer_or_cancels_a_paid_one(
    organization_id: int, steps: list[str]
) -> None:
    transfer_id = new_transfer(organization_id)
    channel = f"G{uuid.uuid4().hex}"
    with database.connection_context():
        for number, step in enumerate([*steps, "expired", "settle_pass"]):
            if step == "cancel":
                cancel(organization_id, transfer_id, f"CXL-{transfer_id.hex[:8]}-{number}")
            elif step == "envelope":
                pay(transfer_id, channel)
            elif step in ("applied", "expired"):
                close(transfer_id, step)
            elif transfer_id in cancellations.pending_transfer_ids([transfer_id]):
                cancellations.cancel_pending(transfer_id, NOW)  # what a settlement pass does
        transfer = Transfer.get_by_id(transfer_id)
        payments = [p.outcome for p in SettlementPayment.select().where(SettlementPayment.transfer == transfer_id)]
        states = {r.state for r in CancellationRequest.select().where(CancellationRequest.transfer == transfer_id)}
    assert "pending" not in states  # every request is decided once no envelope is open
    assert payments.count("applied") <= 1
    if "applied" in payments:
        assert transfer.state == "Completed" and "cancelled" not in states
    if "cancelled" in states:
        assert (transfer.state, transfer.error_code) == ("Failed", "DUPL") and "applied" not in payments
    if "cancel" in steps and "applied" not in payments:
        assert transfer.state == "Failed"  # asked before it was paid, and it never was: cancelled
