"""Claims, channel leases and the one-open-envelope rule, on SQLite and Postgres."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from decimal import Decimal

from flask import Flask

from storage import envelopes
from storage import settlement as store
from storage.database import database
from storage.models import Transfer, utc_now
from tests.conftest import make_key
from tests.support.messages import PAYEE, pacs008
from tests.support.reports import parse_report


def new_transfer(app: Flask, key: str) -> uuid.UUID:
    headers = {"Content-Type": "application/xml", "NET-API-KEY": key}
    response = app.test_client().post("/v1/pacs008/net", data=pacs008(creditor=PAYEE), headers=headers)
    return uuid.UUID(parse_report(response.data).info()["TransferId"])


def envelope(tx_hash: str, channel: str = "GCHANNEL") -> envelopes.NewEnvelope:
    return envelopes.NewEnvelope(channel, 11, 100, 50, 1_000, tx_hash, "AAAA")


def lease(channel: str, holder: str, now: datetime) -> str | None:
    stale_before = now - timedelta(seconds=120)
    return envelopes.lease_channel("Sandbox", [channel], holder, now, stale_before)


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
        envelopes.ensure_channels("Sandbox", ["GCHANNEL"])
        store.claim_due_transfers("a", now, now + timedelta(seconds=60), 10)
        assert store.start_processing(transfer_id, Decimal("125.5"), now)
        assert not store.start_processing(transfer_id, Decimal("125.5"), now)
        assert lease("GCHANNEL", "a:1", now) == "GCHANNEL"
        assert envelopes.store_envelope([transfer_id], "b", "a:1", envelope("h1"), now) is None  # not the claimant
        assert envelopes.store_envelope([transfer_id], "a", "x:9", envelope("h1"), now) is None  # not the lease
        first = envelopes.store_envelope([transfer_id], "a", "a:1", envelope("h1"), now)
        assert first is not None and [p.number for p in envelopes.attempts_for(transfer_id)] == [1]
        assert lease("GCHANNEL", "a:2", now) is None  # the channel stays with the open envelope
        envelopes.ensure_channels("Sandbox", ["GOTHER"])
        assert lease("GOTHER", "a:2", now) == "GOTHER"
        second = envelope("h2", channel="GOTHER")
        assert envelopes.store_envelope([transfer_id], "a", "a:2", second, now) is None  # one is still open
        assert envelopes.close_envelope(first.id, "expired", None, None, now)
        envelopes.close_payments(first.id, "expired", None, now)
        assert not envelopes.close_envelope(first.id, "applied", None, 5, now)
        assert envelopes.store_envelope([transfer_id], "a", "a:2", second, now) is not None
        assert [p.number for p in envelopes.attempts_for(transfer_id)] == [1, 2]
        assert store.get_transfer(transfer_id).attempt_count == 2


def test_a_batch_is_stored_whole_or_not_at_all(app: Flask) -> None:
    key = make_key("Batch Bank")
    new_transfer(app, key), new_transfer(app, key)
    now = utc_now()
    with database.connection_context():
        envelopes.ensure_channels("Sandbox", ["GBATCH"])
        (mine,) = store.claim_due_transfers("a", now, now + timedelta(seconds=60), 1)
        (theirs,) = store.claim_due_transfers("b", now, now + timedelta(seconds=60), 1)
        store.start_processing_many({mine: Decimal(1), theirs: Decimal(1)}, now)
        assert lease("GBATCH", "a:1", now) == "GBATCH"
        assert envelopes.store_envelope([mine, theirs], "a", "a:1", envelope("hb", "GBATCH"), now) is None
        assert envelopes.open_payments_of([mine, theirs]) == []
        assert store.get_transfer(mine).attempt_count == 0
        stored = envelopes.store_envelope([mine], "a", "a:1", envelope("hb", "GBATCH"), now)
        assert stored is not None and stored.op_count == 1


def test_channels_are_leased_to_one_envelope_at_a_time(app: Flask) -> None:
    now = utc_now()
    with database.connection_context():
        envelopes.ensure_channels("Sandbox", ["GC1"])
        envelopes.ensure_channels("Sandbox", ["GC1"])
        assert lease("GC1", "first", now) == "GC1"
        assert lease("GC1", "second", now) is None
        envelopes.release_lease("first")
        assert lease("GC1", "second", now) == "GC1"
        # A builder that died before storing its envelope: the lease is free again after the claim time.
        assert lease("GC1", "third", now + timedelta(seconds=60)) is None
        assert lease("GC1", "third", now + timedelta(seconds=121)) == "GC1"


def test_claims_take_the_soonest_due_first_not_the_oldest(app: Flask) -> None:
    key = make_key("Due Bank")
    handed_back, newer = new_transfer(app, key), new_transfer(app, key)
    now = utc_now()
    with database.connection_context():
        store.claim_due_transfers("a", now, now + timedelta(seconds=60), 1)
        store.release_claims([handed_back], "a", now + timedelta(seconds=5))  # backed off
        later = now + timedelta(seconds=10)
        assert store.claim_due_transfers("b", later, later + timedelta(seconds=60), 1) == [newer]


def test_transfers_with_an_open_envelope_are_claimed_apart_from_those_without(app: Flask) -> None:
    key = make_key("Follow Bank")
    carried, waiting = new_transfer(app, key), new_transfer(app, key)
    now = utc_now()
    with database.connection_context():
        envelopes.ensure_channels("Sandbox", ["GFOLLOW"])
        store.claim_due_transfers("a", now, now + timedelta(seconds=60), 2)
        store.start_processing_many({carried: Decimal(1), waiting: Decimal(1)}, now)
        assert lease("GFOLLOW", "a:1", now) == "GFOLLOW"
        assert envelopes.store_envelope([carried], "a", "a:1", envelope("hf", "GFOLLOW"), now) is not None
        store.release_claims([carried, waiting], "a", None)
        assert store.claim_due_transfers("b", now, now + timedelta(seconds=60), 5, open_envelope=True) == [carried]
        assert store.claim_due_transfers("c", now, now + timedelta(seconds=60), 5) == [waiting]


def test_waking_makes_due_now_only_what_our_setup_or_a_silent_ledger_held_up(app: Flask) -> None:
    key = make_key("Waking Bank")
    funding, other, due, silent = (new_transfer(app, key) for _ in range(4))
    now = utc_now()
    later = now + timedelta(seconds=60)
    with database.connection_context():
        store.note_problems([funding, due], "op_underfunded: not paid", blocked=True, now=now)
        store.note_problem(other, "tx_too_late", blocked=False, now=now)
        store.note_problem(silent, f"{store.LEDGER_UNAVAILABLE}: connection refused", blocked=False, now=now)
        for transfer_id, at in ((funding, later), (other, later), (due, now - timedelta(seconds=1)), (silent, later)):
            Transfer.update(next_attempt_at=at).where(Transfer.id == transfer_id).execute()
        assert store.wake_blocked("Production", now) == 0  # another environment's condition
        assert store.wake_blocked("Sandbox", now) == 1
        assert store.wake_unanswered("Sandbox", now) == 1
        due_at = {t.id: t.next_attempt_at for t in store.get_transfers([funding, other, due, silent])}
    assert due_at[funding] == now and due_at[silent] == now
    assert due_at[other] == later  # its own backoff: no condition of ours held it
    assert due_at[due] == now - timedelta(seconds=1)


def test_progress_says_when_the_last_completion_was_and_how_old_the_oldest_open_transfer_is(app: Flask) -> None:
    key = make_key("Progress Bank")
    first, second = new_transfer(app, key), new_transfer(app, key)
    now = utc_now()
    with database.connection_context():
        envelopes.ensure_channels("Sandbox", ["GCHANNEL"])
        assert store.progress("Sandbox", ["GCHANNEL"]).last_completed_at is None
        store.claim_due_transfers("a", now, now + timedelta(seconds=60), 10)
        assert store.start_processing(first, Decimal("1.5"), now)
        assert store.start_processing(second, Decimal("2.25"), now)
        assert store.amount_of([first, second]) == Decimal("3.75")
        lease("GCHANNEL", "a:1", now)
        attempt = envelopes.store_envelope([first], "a", "a:1", envelope("p1"), now)
        assert attempt is not None
        envelopes.close_envelope(attempt.id, "applied", "tx_success", 77, now + timedelta(seconds=5), 100)
        store.complete_transfers([(first, 1)], "p1", 77, now + timedelta(seconds=5))
        progress = store.progress("Sandbox", ["GCHANNEL"])
        created = store.get_transfer(second).created_at
    assert progress.last_completed_ledger == 77 and progress.open_transfers == 1
    assert progress.last_completed_at == now + timedelta(seconds=5)
    assert progress.oldest_open_at == created


def test_many_transfers_start_processing_each_with_its_own_amount_and_only_once(app: Flask) -> None:
    key = make_key("Amounts Bank")
    first, second, third = new_transfer(app, key), new_transfer(app, key), new_transfer(app, key)
    now = utc_now()
    with database.connection_context():
        assert store.start_processing(third, Decimal("9"), now)  # another worker moved it first
        amounts = {first: Decimal("1.5"), second: Decimal("0.0000001"), third: Decimal(7)}
        assert store.start_processing_many(amounts, now) == {first, second}
        assert store.start_processing_many({first: Decimal(3)}, now) == set()
        rows = {t.id: (t.state, t.amount_tkn) for t in store.get_transfers([first, second, third])}
    assert rows == {
        first: (store.PROCESSING, Decimal("1.5")),
        second: (store.PROCESSING, Decimal("0.0000001")),
        third: (store.PROCESSING, Decimal("9")),
    }
