"""POST /v1/pacs028/{network}: every rule of spec 4.2, and the report of every state."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from flask import Flask
from flask.testing import FlaskClient
from freezegun import freeze_time
from stellar_sdk import Keypair

from services.redaction import REDACTED
from storage.database import database
from storage.models import StatusQuery
from tests.support.databases import refusing_inserts
from tests.support.messages import message_id, pacs008, pacs028
from tests.support.reports import Report, parse_report, rejected
from tests.support.transfers import move

URL = "/v1/pacs028/net"
HASH = "a" * 64


def post(client: FlaskClient, key: str | None, body: bytes, url: str = URL):  # type: ignore[no-untyped-def]
    headers = {"Content-Type": "application/xml"}
    if key is not None:
        headers["NET-API-KEY"] = key
    return client.post(url, data=body, headers=headers)


def create(client: FlaskClient, key: str, amount: str = "125.50") -> str:
    response = client.post(
        "/v1/pacs008/net", data=pacs008(amount=amount), headers={"NET-API-KEY": key, "Content-Type": "application/xml"}
    )
    assert response.status_code == 201
    return parse_report(response.data).info()["TransferId"]


def query(client: FlaskClient, key: str, transfer_id: str) -> tuple[int, Report]:
    response = post(client, key, pacs028(instruction_id=transfer_id))
    return response.status_code, parse_report(response.data)


def records() -> list[StatusQuery]:
    with database.connection_context():
        return list(StatusQuery.select().order_by(StatusQuery.id))


def keys_of(report: Report) -> list[str]:
    return [line.split(": ", 1)[0] for line in report.lines]


@freeze_time("2026-11-22 10:00:00")
def test_created_transfer_is_acsp(client: FlaskClient, api_key: str) -> None:
    transfer_id = create(client, api_key)
    status, report = query(client, api_key, transfer_id)
    assert (status, report.status, report.codes) == (200, "ACSP", [])
    assert keys_of(report) == ["TransferId", "Status", "CreatedAt"]
    assert report.info() == {"TransferId": transfer_id, "Status": "Created", "CreatedAt": "2026-11-22T10:00:00Z"}
    assert (report.instruction_id, report.end_to_end_id) == (transfer_id, "NOTPROVIDED")
    assert report.settlement_amount == ("125.50", "USD")
    assert report.instructed_amount is None


def test_processing_transfer_is_acsp_with_updated_at(client: FlaskClient, api_key: str) -> None:
    with freeze_time("2026-11-22 10:00:00"):
        transfer_id = create(client, api_key)
    move(transfer_id, "Processing", datetime(2026, 11, 22, 10, 0, 7))
    with freeze_time("2026-11-22 10:01:00"):
        status, report = query(client, api_key, transfer_id)
    assert (status, report.status) == (200, "ACSP")
    assert keys_of(report) == ["TransferId", "Status", "CreatedAt", "UpdatedAt"]
    assert report.info()["Status"] == "Processing" and report.info()["UpdatedAt"] == "2026-11-22T10:00:07Z"


def test_completed_transfer_is_acsc_with_hash_and_tkn_amount(client: FlaskClient, api_key: str) -> None:
    with freeze_time("2026-11-22 10:00:00"):
        transfer_id = create(client, api_key)
    move(transfer_id, "Processing", datetime(2026, 11, 22, 10, 0, 2))
    move(transfer_id, "Completed", datetime(2026, 11, 22, 10, 0, 9), ledger_hash=HASH, amount_tkn=Decimal("125.5"))
    with freeze_time("2026-11-22 10:01:00"):
        status, report = query(client, api_key, transfer_id)
    assert (status, report.status, report.codes) == (200, "ACSC", [])
    assert keys_of(report) == ["TransferId", "Status", "CreatedAt", "UpdatedAt", "CompletedAt", "TransactionHash"]
    assert report.info()["TransactionHash"] == HASH
    assert report.info()["CompletedAt"] == "2026-11-22T10:00:09Z"
    assert report.instructed_amount == ("125.5000000", "TKN")
    assert report.settlement_amount == ("125.50", "USD")


def test_failed_transfer_is_rjct_200_with_error_code(client: FlaskClient, api_key: str) -> None:
    with freeze_time("2026-11-22 10:00:00"):
        transfer_id = create(client, api_key)
    move(transfer_id, "Processing", datetime(2026, 11, 22, 10, 0, 2))
    move(transfer_id, "Failed", datetime(2026, 11, 22, 10, 0, 9), error_code="AC01")
    with freeze_time("2026-11-22 10:01:00"):
        status, report = query(client, api_key, transfer_id)
    assert (status, report.status, report.codes) == (200, "RJCT", ["AC01"])
    assert keys_of(report) == ["TransferId", "Status", "CreatedAt", "UpdatedAt", "ErrorCode"]
    assert report.info()["ErrorCode"] == "AC01" and report.info()["Status"] == "Failed"
    assert report.instructed_amount is None and report.settlement_amount == ("125.50", "USD")


def test_end_to_end_id_is_the_fallback(client: FlaskClient, api_key: str) -> None:
    transfer_id = create(client, api_key)
    for body in (pacs028(end_to_end_id=transfer_id), pacs028(instruction_id="not-a-uuid", end_to_end_id=transfer_id)):
        response = post(client, api_key, body)
        assert response.status_code == 200
        assert parse_report(response.data).instruction_id == transfer_id


@pytest.mark.parametrize(
    "ids", [{}, {"instruction_id": "abc"}, {"instruction_id": "abc", "end_to_end_id": "E2E-1"}], ids=str
)
def test_no_transfer_id_is_narr_notprovided(client: FlaskClient, api_key: str, ids: dict[str, str]) -> None:
    response = post(
        client, api_key, pacs028(instruction_id=ids.get("instruction_id"), end_to_end_id=ids.get("end_to_end_id"))
    )
    assert response.status_code == 400
    report = rejected(response.data, "NARR")
    assert (report.instruction_id, report.end_to_end_id) == ("NOTPROVIDED", "NOTPROVIDED")
    assert "OrgnlInstrId" in report.text and "OrgnlEndToEndId" in report.text and "acceptance response" in report.text


def test_no_txinf_is_narr(client: FlaskClient, api_key: str) -> None:
    rejected(post(client, api_key, pacs028(transactions=0)).data, "NARR")


def test_unknown_and_foreign_transfers_answer_identically(
    client: FlaskClient, api_key: str, other_api_key: str
) -> None:
    foreign = create(client, other_api_key)
    unknown = "019a0000-0000-7000-8000-000000000000"
    answers = []
    for transfer_id in (foreign, unknown):
        response = post(client, api_key, pacs028(instruction_id=transfer_id))
        assert response.status_code == 404
        report = rejected(response.data, "AC01")
        assert report.lines == [f"Transfer not found: {transfer_id}"]
        assert (report.instruction_id, report.end_to_end_id) == (transfer_id, "NOTPROVIDED")
        answers.append(report)
    assert query(client, other_api_key, foreign)[0] == 200


def test_malformed_xml_is_ff01(client: FlaskClient, api_key: str) -> None:
    response = post(client, api_key, b"<Document>")
    assert response.status_code == 400
    assert "not well-formed" in rejected(response.data, "FF01").text


def test_missing_request_element_is_ff01(client: FlaskClient, api_key: str) -> None:
    body = b'<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.028.001.06"></Document>'
    response = post(client, api_key, body)
    assert response.status_code == 400
    assert "FIToFIPmtStsReq" in rejected(response.data, "FF01").text


@pytest.mark.parametrize("bad", ["123", "1763793600a1b2c3d4e5"])
def test_bad_msg_id_is_ff01_not_narr(client: FlaskClient, api_key: str, bad: str) -> None:
    report = rejected(post(client, api_key, pacs028(msg_id=bad, instruction_id=create(client, api_key))).data, "FF01")
    assert "Expected format" in report.text


@freeze_time("2026-11-22 12:00:00")
def test_stale_or_future_msg_id_is_ff01(client: FlaskClient, api_key: str) -> None:
    transfer_id = create(client, api_key)
    now = datetime.now(UTC)
    stale = pacs028(msg_id=message_id(now - timedelta(hours=25)), instruction_id=transfer_id)
    ahead = pacs028(msg_id=message_id(now + timedelta(minutes=6)), instruction_id=transfer_id)
    assert "older than 24 hours" in rejected(post(client, api_key, stale).data, "FF01").text
    assert "5 minutes" in rejected(post(client, api_key, ahead).data, "FF01").text


def test_missing_msg_id_is_ff01(client: FlaskClient, api_key: str) -> None:
    assert "missing" in rejected(post(client, api_key, pacs028(msg_id=None, instruction_id="x")).data, "FF01").text


def test_wrong_network_is_narr(client: FlaskClient, api_key: str) -> None:
    response = post(client, api_key, pacs028(instruction_id=create(client, api_key)), url="/v1/pacs028/testnet")
    assert response.status_code == 400
    assert "testnet" in rejected(response.data, "NARR").text


def test_several_txinf_is_narr_with_count(client: FlaskClient, api_key: str) -> None:
    response = post(client, api_key, pacs028(instruction_id=create(client, api_key), transactions=3))
    assert response.status_code == 400
    report = rejected(response.data, "NARR")
    assert "single-transaction" in report.text and "found 3" in report.text and "one pacs.028" in report.text


@pytest.mark.parametrize("key", [None, "wrong"])
def test_bad_key_is_401_without_body_and_not_recorded(client: FlaskClient, api_key: str, key: str | None) -> None:
    response = post(client, key, pacs028(instruction_id="x"))
    assert (response.status_code, response.data) == (401, b"")
    assert records() == []


@freeze_time("2026-11-22 10:00:00")
def test_every_authenticated_query_is_recorded_byte_exact(client: FlaskClient, api_key: str) -> None:
    transfer_id = create(client, api_key)
    good = pacs028(instruction_id=transfer_id, end_to_end_id=transfer_id, original_message_id="1795300000ABCDEF0123")
    bad = pacs028(msg_id="bad", instruction_id=transfer_id)
    missing = pacs028(instruction_id="019a0000-0000-7000-8000-000000000000")
    assert post(client, api_key, good).status_code == 200
    assert post(client, api_key, bad).status_code == 400
    assert post(client, api_key, missing).status_code == 404
    assert post(client, api_key, b"<oops", url="/v1/pacs028/other").status_code == 400
    rows = records()
    assert [bytes(r.raw_request) for r in rows] == [good, bad, missing, b"<oops"]
    first = rows[0]
    assert (first.message_type, first.queried_transfer_id, first.alternative_id) == (
        "pacs.028",
        transfer_id,
        transfer_id,
    )
    assert first.original_message_id == "1795300000ABCDEF0123"
    assert (first.environment, first.network, first.status) == ("Sandbox", "net", "ACSP")
    assert first.queried_at == datetime(2026, 11, 22, 10, 0)
    assert rows[1].message_id == "bad" and rows[1].reason_code == "FF01"
    assert (rows[2].status, rows[2].reason_code) == ("RJCT", "AC01")
    assert rows[3].network == "other" and rows[3].message_id is None


@pytest.mark.parametrize("outcome", ["found", "not found", "rejected"])
def test_a_query_that_cannot_be_recorded_is_not_answered(client: FlaskClient, api_key: str, outcome: str) -> None:
    transfer_id = create(client, api_key)
    body = {
        "found": pacs028(instruction_id=transfer_id),
        "not found": pacs028(instruction_id="019a0000-0000-7000-8000-000000000000"),
        "rejected": pacs028(msg_id="bad", instruction_id=transfer_id),
    }[outcome]
    with refusing_inserts("status_query"):
        response = post(client, api_key, body)
    assert response.status_code == 500
    report = rejected(response.data, "NARR")
    assert report.status == "RJCT" and "Unexpected" in report.text
    assert "TransferId" not in report.text
    assert records() == []


@pytest.mark.parametrize(
    ("moves", "answer"),
    [
        ([], ("ACSP", None)),
        (["Processing"], ("ACSP", None)),
        (["Processing", "Completed"], ("ACSC", None)),
        (["Processing", "Failed"], ("RJCT", "AM04")),
    ],
)
def test_the_record_holds_the_answer_of_each_state(
    client: FlaskClient, api_key: str, moves: list[str], answer: tuple[str, str | None]
) -> None:
    transfer_id = create(client, api_key)
    for state in moves:
        move(
            transfer_id,
            state,
            datetime(2026, 11, 22, 10, 0, 9),
            ledger_hash=HASH,
            amount_tkn=Decimal(1),
            error_code="AM04",
        )
    status, report = query(client, api_key, transfer_id)
    assert (status, report.status, report.codes[0] if report.codes else None) == (200, *answer)
    assert [(r.queried_transfer_id, r.status, r.reason_code) for r in records()] == [(transfer_id, *answer)]


def test_a_secret_seed_is_not_kept_in_the_record(client: FlaskClient, api_key: str) -> None:
    seed = Keypair.random().secret
    response = post(client, api_key, pacs028(msg_id=seed, instruction_id=str(uuid.uuid4())))
    assert response.status_code == 400
    (row,) = records()
    assert seed.encode() not in bytes(row.raw_request) and REDACTED.encode() in bytes(row.raw_request)
    assert row.message_id == REDACTED


def test_a_network_with_a_nul_is_answered_and_recorded(client: FlaskClient, api_key: str) -> None:
    response = post(client, api_key, pacs028(instruction_id=str(uuid.uuid4())), url="/v1/pacs028/a%00b")
    assert response.status_code == 400
    assert "'a\ufffdb'" in rejected(response.data, "NARR").text
    (row,) = records()
    assert row.network == "a\ufffdb"


def test_a_large_request_is_recorded_up_to_the_limit_with_a_marker(
    app: Flask, client: FlaskClient, api_key: str
) -> None:
    kept = app.config["QUERY_RAW_MAX_BYTES"]
    body = pacs028(instruction_id=str(uuid.uuid4())) + b" " * (3 * kept)
    assert post(client, api_key, body).status_code == 404
    (row,) = records()
    stored = bytes(row.raw_request)
    assert stored == body[:kept] + b"\n[truncated: the first %d of %d bytes are kept]" % (kept, len(body))
