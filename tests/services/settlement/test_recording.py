"""services/settlement/recording.py: what each outcome of an envelope does to every transfer it carries."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from stellar_sdk import Asset, Keypair

from services.settlement import recording
from services.settlement.ledger_client import HorizonLedgerClient
from services.settlement.outages import Outages
from services.settlement.outcomes import Kind, Outcome
from services.settlement.settings import SettlementNetwork, SettlementSettings
from storage import envelopes
from storage.database import database
from storage.events import events_for
from storage.models import SettlementAttempt, Transfer
from tests.support.transfers import processing_transfers

NOW = datetime(2026, 11, 22, 12, 5, 0)
SETTINGS = SettlementSettings(usd_to_tkn_rate=Decimal(1), retry_base_seconds=2.0, retry_max_seconds=60.0)
ISSUER = Keypair.random()
# Recording never talks to the ledger; the network is only carried along with the envelope.
NETWORK = SettlementNetwork(
    "Sandbox", "test", Asset("TKN", ISSUER.public_key), Keypair.random(), (Keypair.random(),),
    HorizonLedgerClient("http://127.0.0.1:9", "test", 1.0),
)  # fmt: skip


class Worker:
    """What recording reads of the worker, with the points its hook was called at."""

    def __init__(self, now: datetime = NOW) -> None:
        self.settings = SETTINGS
        self.clock: Callable[[], datetime] = lambda: now
        self.outages = Outages()
        self.reached: list[tuple[str, bool]] = []
        self.hook: Callable[[str], None] = lambda point: self.reached.append((point, database.in_transaction()))


def flight(organization_id: int, count: int, submissions: int = 1) -> recording.Flight:
    """An open envelope of `count` Processing transfers, stored as the worker stores one."""
    ids = processing_transfers(organization_id, count, NOW)
    with database.connection_context():
        envelopes.ensure_channels("Sandbox", ["GCHANNEL"])
        envelopes.lease_channel("Sandbox", ["GCHANNEL"], "w:1", NOW, NOW - timedelta(seconds=120))
        new = envelopes.NewEnvelope("GCHANNEL", 11, 100, 50, 1_000, uuid.uuid4().hex * 2, "AAAA")
        attempt = envelopes.store_envelope(ids, "w", "w:1", new, NOW)
        assert attempt is not None
        for _ in range(submissions):
            envelopes.mark_submitted(attempt.id, NOW)
        return recording.Flight(SettlementAttempt.get_by_id(attempt.id), NETWORK, envelopes.members(attempt.id))


def state_of(transfer_id: uuid.UUID) -> tuple[str, str | None, str | None]:
    with database.connection_context():
        transfer = Transfer.get_by_id(transfer_id)
        return transfer.state, transfer.error_code, transfer.last_error


@pytest.mark.parametrize(("tries", "seconds"), [(0, 2.0), (1, 2.0), (2, 4.0), (5, 32.0), (6, 60.0), (99, 60.0)])
def test_backoff_doubles_from_the_base_up_to_the_cap(tries: int, seconds: float) -> None:
    assert recording.backoff(SETTINGS, tries) == seconds


def test_success_completes_every_transfer_in_the_transaction_that_closes_the_envelope(organization_id: int) -> None:
    carried = flight(organization_id, 2)
    worker = Worker()
    completed = recording.COUNTERS["completed"]
    delays = recording.record(worker, carried, Outcome(Kind.SUCCESS, "ok", applied=True, ledger=42), True)
    assert delays == dict.fromkeys(carried.transfer_ids, recording.DONE)
    assert recording.COUNTERS["completed"] == completed + 2
    assert worker.reached == [("during_result_store", True)]  # a crash there rolls the whole record back
    with database.connection_context():
        assert SettlementAttempt.get_by_id(carried.attempt.id).outcome == "applied"
        for transfer_id in carried.transfer_ids:
            transfer = Transfer.get_by_id(transfer_id)
            assert (transfer.state, transfer.ledger_sequence) == ("Completed", 42)
            assert transfer.ledger_hash == carried.attempt.tx_hash
            assert [e.to_state for e in events_for(transfer_id)][-1] == "Completed"
    # A second worker recording the same answer changes nothing and completes nobody twice.
    assert recording.record(Worker(), carried, Outcome(Kind.SUCCESS, "ok", applied=True, ledger=42), True)
    with database.connection_context():
        assert [e.to_state for e in events_for(carried.transfer_ids[0])].count("Completed") == 1
    assert recording.COUNTERS["completed"] == completed + 2  # nor counts them twice


def test_a_failed_envelope_fails_only_the_payee_s_transfer_and_pays_the_others_again(organization_id: int) -> None:
    carried = flight(organization_id, 3)
    no_trust, innocent, underfunded = carried.transfer_ids
    outcome = Outcome(
        Kind.FAILED, "op_no_trust", applied=True, ledger=7, reason_code="AC01", result_code="op_no_trust",
        op_codes=("op_no_trust", "op_success", "op_underfunded"),
    )  # fmt: skip
    delays = recording.record(Worker(), carried, outcome, True)
    assert delays[no_trust] is recording.DONE
    assert delays[innocent] == recording.backoff(SETTINGS, 1 + 1)  # blocked with the envelope's other payment
    assert state_of(no_trust)[:2] == ("Failed", "AC01")
    assert state_of(innocent)[0] == state_of(underfunded)[0] == "Processing"
    with database.connection_context():
        outcomes = {p.transfer_id: p.outcome for p in envelopes.members(carried.attempt.id)}
        assert outcomes == {no_trust: "failed", innocent: "requeued", underfunded: "failed"}
        assert Transfer.get_by_id(underfunded).blocked_since == NOW  # our own funding: the operator is told


def test_a_failed_envelope_whose_other_payments_were_fine_requeues_them_at_once(organization_id: int) -> None:
    carried = flight(organization_id, 2)
    no_trust, innocent = carried.transfer_ids
    outcome = Outcome(
        Kind.FAILED, "op_no_trust", applied=True, ledger=7, reason_code="AC01", result_code="op_no_trust",
        op_codes=("op_no_trust", "op_success"),
    )  # fmt: skip
    delays = recording.record(Worker(), carried, outcome, True)
    assert delays == {no_trust: recording.DONE, innocent: 0.0}
    state, _, last_error = state_of(innocent)
    assert state == "Processing" and last_error is not None and last_error.startswith("not paid: ")
    with database.connection_context():
        assert envelopes.open_envelopes([innocent]) == {}  # free for a fresh envelope


def test_pending_keeps_the_envelope_open_and_backs_off_by_its_submissions(organization_id: int) -> None:
    carried = flight(organization_id, 2, submissions=3)
    before = recording.COUNTERS["pending"]
    delays = recording.record(Worker(), carried, Outcome(Kind.PENDING, "tx_too_late"), False)
    assert delays == dict.fromkeys(carried.transfer_ids, recording.backoff(SETTINGS, 3))
    assert recording.COUNTERS["pending"] == before + 1
    with database.connection_context():
        assert SettlementAttempt.get_by_id(carried.attempt.id).outcome is None
        transfer = Transfer.get_by_id(carried.transfer_ids[0])
        assert transfer.blocked_since is None and "tx_too_late" in (transfer.last_error or "")


def test_blocked_keeps_the_envelope_open_and_tells_the_operator(
    organization_id: int, caplog: pytest.LogCaptureFixture
) -> None:
    carried = flight(organization_id, 1, submissions=2)
    with caplog.at_level(logging.WARNING):
        delays = recording.record(Worker(), carried, Outcome(Kind.BLOCKED, "tx_bad_auth"), False)
    assert delays == dict.fromkeys(carried.transfer_ids, recording.backoff(SETTINGS, 2 + 1))
    assert any("operator action needed" in r.getMessage() for r in caplog.records)
    with database.connection_context():
        assert SettlementAttempt.get_by_id(carried.attempt.id).outcome is None
        assert Transfer.get_by_id(carried.transfer_ids[0]).blocked_since == NOW
    later = Worker(NOW + timedelta(hours=1))
    recording.record(later, carried, Outcome(Kind.BLOCKED, "tx_bad_auth"), False)
    with database.connection_context():
        assert Transfer.get_by_id(carried.transfer_ids[0]).blocked_since == NOW  # the first time is kept


def test_an_applied_answer_closes_the_envelope_even_when_classified_pending(organization_id: int) -> None:
    carried = flight(organization_id, 1)
    outcome = Outcome(Kind.PENDING, "tx_bad_seq", applied=True, ledger=9, result_code="tx_bad_seq")
    delays = recording.record(Worker(), carried, outcome, True)
    assert delays == dict.fromkeys(carried.transfer_ids, 0.0)  # nothing paid: a fresh envelope at once
    with database.connection_context():
        assert SettlementAttempt.get_by_id(carried.attempt.id).outcome == "failed"
    assert state_of(carried.transfer_ids[0])[0] == "Processing"
