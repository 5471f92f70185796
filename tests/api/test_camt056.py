"""POST /v1/camt056/{network}: a cancellation before claim, in flight and after settlement, each a valid camt.029."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from flask.testing import FlaskClient
from freezegun import freeze_time

import api.cancellations
from storage import envelopes
from storage import settlement as store
from storage.cancellations import CancellationRequest
from storage.database import database
from storage.models import JournalEntry, SettlementAttempt, Transfer
from tests.support.messages import camt056, pacs008, pacs028
from tests.support.reports import parse_report
from tests.support.resolutions import Answer, parse_answer

URL = "/v1/camt056/net"
NOW = datetime(2026, 11, 22, 10, 0, 0)
HASH = "b" * 64


def post(client: FlaskClient, key: str | None, body: bytes, url: str = URL):  # type: ignore[no-untyped-def]
    headers = {"Content-Type": "application/xml"}
    if key is not None:
        headers["NET-API-KEY"] = key
    return client.post(url, data=body, headers=headers)


def create(client: FlaskClient, key: str) -> str:
    response = post(client, key, pacs008(), "/v1/pacs008/net")
    assert response.status_code == 201
    return parse_report(response.data).info()["TransferId"]


def cancel(client: FlaskClient, key: str, body: bytes) -> tuple[int, Answer, bytes]:
    response = post(client, key, body)
    assert response.mimetype == "application/xml"
    return response.status_code, parse_answer(response.data), response.data


def in_flight(transfer_id: str) -> SettlementAttempt:
    """Claim the transfer and store an envelope that pays it, as a worker would."""
    key = uuid.UUID(transfer_id)
    with database.connection_context():
        assert store.claim_due_transfers("w", NOW, NOW + timedelta(seconds=60), 10) == [key]
        envelopes.ensure_channels("Sandbox", ["GCHAN"])
        assert envelopes.lease_channel("Sandbox", ["GCHAN"], "w:1", NOW, NOW) == "GCHAN"
        stored = envelopes.NewEnvelope("GCHAN", 11, 100, 50, 1_000, HASH, "AAAA")
        attempt = envelopes.store_envelope([key], "w", "w:1", stored, NOW, {key: Decimal(1)})
    assert attempt is not None
    return attempt


def holds_of(transfer_id: str) -> list[str]:
    with database.connection_context():
        rows = JournalEntry.select(JournalEntry.kind).where(JournalEntry.transfer == uuid.UUID(transfer_id))
        return sorted(row.kind for row in rows)


@freeze_time(NOW)
def test_before_any_envelope_the_transfer_is_cancelled_at_once_and_pacs028_says_rjct(
    client: FlaskClient, api_key: str
) -> None:
    transfer_id = create(client, api_key)
    status, answer, _ = cancel(client, api_key, camt056("CXL-1", instruction_id=transfer_id, reason="DUPL"))
    assert (status, answer.confirmation, answer.tx_status, answer.case_id) == (200, "CNCL", "ACCR", "CXL-1")
    assert answer.transfer_id == transfer_id and "DUPL" in answer.text
    assert holds_of(transfer_id) == ["hold", "void"]
    report = parse_report(post(client, api_key, pacs028(instruction_id=transfer_id), "/v1/pacs028/net").data)
    assert (report.status, report.info()["ErrorCode"]) == ("RJCT", "DUPL")
    assert "camt.056 request CXL-1" in report.info()["Reason"]


@freeze_time(NOW)
def test_the_same_request_again_gets_the_same_answer_and_another_body_under_its_id_is_am05(
    client: FlaskClient, api_key: str
) -> None:
    transfer_id = create(client, api_key)
    body = camt056("CXL-2", instruction_id=transfer_id)
    first = cancel(client, api_key, body)
    assert cancel(client, api_key, body) == first
    status, answer, _ = cancel(client, api_key, camt056("CXL-2", instruction_id=transfer_id, reason="FRAD"))
    assert (status, answer.confirmation, answer.proprietary) == (400, "RJCR", "AM05")
    with database.connection_context():
        assert CancellationRequest.select().count() == 1


@freeze_time(NOW)
def test_in_flight_is_pdcr_then_cancelled_once_the_envelope_is_proven_unapplied(
    client: FlaskClient, api_key: str
) -> None:
    transfer_id = create(client, api_key)
    attempt = in_flight(transfer_id)
    body = camt056("CXL-3", instruction_id=transfer_id, reason="FRAD")
    status, answer, pending = cancel(client, api_key, body)
    assert (status, answer.confirmation, answer.tx_status) == (202, "PDCR", "PDCR")
    assert cancel(client, api_key, body)[2] == pending  # still in flight: the same PDCR
    with database.connection_context():
        assert envelopes.close_envelope(attempt.id, "expired", "bound passed unapplied", None, NOW)
        envelopes.close_payments(attempt.id, "expired", None, NOW)
    status, answer, final = cancel(client, api_key, body)
    assert (status, answer.confirmation, answer.tx_status) == (200, "CNCL", "ACCR")
    assert cancel(client, api_key, body)[2] == final
    with database.connection_context():
        transfer = Transfer.get_by_id(uuid.UUID(transfer_id))
    assert (transfer.state, transfer.error_code) == ("Failed", "FRAD")
    assert holds_of(transfer_id) == ["hold", "void"]


@freeze_time(NOW)
def test_in_flight_then_applied_is_refused_naming_the_ledger_transaction(client: FlaskClient, api_key: str) -> None:
    transfer_id = create(client, api_key)
    attempt = in_flight(transfer_id)
    body = camt056("CXL-4", instruction_id=transfer_id)
    assert cancel(client, api_key, body)[1].confirmation == "PDCR"
    with database.connection_context(), database.atomic():
        assert envelopes.close_envelope(attempt.id, "applied", "tx_success", 77, NOW)
        envelopes.close_payments(attempt.id, "applied", "op_success", NOW)
        store.complete_transfers([(uuid.UUID(transfer_id), 1)], HASH, 77, NOW)
    with database.connection_context():
        assert CancellationRequest.get().state == "refused"
    status, answer, _ = cancel(client, api_key, body)
    assert (status, answer.confirmation, answer.tx_status, answer.code) == (200, "RJCR", "RJCR", "AGNT")
    assert HASH in answer.text and "ledger 77" in answer.text
    assert holds_of(transfer_id) == ["hold", "post"]


@freeze_time(NOW)
def test_after_completion_refused_and_after_failure_already_rejected(client: FlaskClient, api_key: str) -> None:
    paid, failed = create(client, api_key), create(client, api_key)
    with database.connection_context():
        for transfer_id in (paid, failed):
            store.start_processing(uuid.UUID(transfer_id), Decimal(1), NOW)
        store.complete_transfers([(uuid.UUID(paid), 1)], HASH, 9, NOW)
        store.fail_transfer(uuid.UUID(failed), "AC04", "the payee account is closed", 1, NOW)
    status, answer, _ = cancel(client, api_key, camt056(instruction_id=paid))
    assert (status, answer.confirmation, answer.code) == (200, "RJCR", "AGNT") and HASH in answer.text
    status, answer, _ = cancel(client, api_key, camt056(instruction_id=failed))
    assert (status, answer.confirmation, answer.code) == (200, "RJCR", "ARJT") and "AC04" in answer.text


@freeze_time(NOW)
def test_unknown_foreign_and_other_pacs008_look_the_same(client: FlaskClient, api_key: str, other_api_key: str) -> None:
    transfer_id = create(client, api_key)
    answers = [
        cancel(client, other_api_key, camt056(instruction_id=transfer_id)),
        cancel(client, api_key, camt056(instruction_id=str(uuid.uuid4()))),
        cancel(client, api_key, camt056(instruction_id=transfer_id, original_message_id="NOT-THE-MSGID")),
    ]
    for status, answer, _ in answers:
        assert (status, answer.confirmation, answer.code) == (404, "RJCR", "NOOR")
        assert answer.text.startswith("Transfer not found: ")
    with database.connection_context():
        assert Transfer.get_by_id(uuid.UUID(transfer_id)).state == "Created"


@freeze_time(NOW)
def test_the_end_to_end_id_is_the_fallback_and_a_matching_msgid_is_accepted(client: FlaskClient, api_key: str) -> None:
    transfer_id = create(client, api_key)
    with database.connection_context():
        msg_id = Transfer.get_by_id(uuid.UUID(transfer_id)).message_id
    body = camt056(instruction_id="not-a-uuid", end_to_end_id=transfer_id, original_message_id=msg_id)
    status, answer, _ = cancel(client, api_key, body)
    assert (status, answer.confirmation, answer.original_message_id) == (200, "CNCL", msg_id)


@freeze_time(NOW)
def test_requests_that_break_a_rule_are_rjcr_400_and_record_nothing(client: FlaskClient, api_key: str) -> None:
    transfer_id = create(client, api_key)
    cases = [
        (camt056(instruction_id=transfer_id, reason=None), "NARR", "reason is missing"),
        (camt056(instruction_id=transfer_id, reason="XXXX"), "NARR", "ExternalCancellationReason1Code"),
        (camt056(instruction_id=transfer_id, transactions=2), "NARR", "found 2"),
        (camt056(), "NARR", "transfer ID was not found"),
        (b"<Document>", "FF01", "not well-formed"),
        (pacs028(instruction_id=transfer_id), "FF01", "camt.056.001.11"),
    ]
    for body, code, gist in cases:
        status, answer, _ = cancel(client, api_key, body)
        assert (status, answer.confirmation, answer.proprietary) == (400, "RJCR", code), gist
        assert gist in answer.text
    status, answer, _ = cancel(
        client,
        api_key,
        camt056(instruction_id=transfer_id),
    )
    assert status == 200
    response = post(client, api_key, camt056(instruction_id=transfer_id), "/v1/camt056/other")
    assert (response.status_code, parse_answer(response.data).proprietary) == (400, "NARR")


def test_without_a_key_401_has_no_body(client: FlaskClient) -> None:
    response = post(client, None, camt056(instruction_id=str(uuid.uuid4())))
    assert (response.status_code, response.data) == (401, b"")


def test_a_get_is_405_in_camt029_form(client: FlaskClient, api_key: str) -> None:
    response = client.get(URL, headers={"NET-API-KEY": api_key})
    assert response.status_code == 405 and parse_answer(response.data).confirmation == "RJCR"


def test_an_unexpected_error_is_500_in_camt029_form_with_a_correlation_id(
    client: FlaskClient, api_key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(api.cancellations, "answer_cancellation_request", broken)
    response = post(client, api_key, camt056(instruction_id=str(uuid.uuid4())))
    answer = parse_answer(response.data)
    assert (response.status_code, answer.confirmation, answer.proprietary) == (500, "RJCR", "NARR")
    assert response.headers["X-Correlation-ID"] in answer.text
