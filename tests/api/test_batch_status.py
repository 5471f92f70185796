"""POST /v1/transfers/batch-status: found, unknown and foreign IDs, every bad input, the record, one query."""

from __future__ import annotations

import json
import logging
import uuid
from typing import Any

import pytest
from flask.testing import FlaskClient

from storage.database import database
from storage.models import StatusQuery
from tests.support.messages import pacs008
from tests.support.reports import parse_report, rejected
from tests.support.transfers import AT, move

URL = "/v1/transfers/batch-status"


def create(client: FlaskClient, key: str, amount: str = "125.50") -> str:
    response = client.post(
        "/v1/pacs008/net", data=pacs008(amount=amount), headers={"NET-API-KEY": key, "Content-Type": "application/xml"}
    )
    assert response.status_code == 201
    return parse_report(response.data).info()["TransferId"]


def ask(client: FlaskClient, key: str | None, body: Any, raw: bytes | None = None):  # type: ignore[no-untyped-def]
    headers = {"Content-Type": "application/json"}
    if key is not None:
        headers["NET-API-KEY"] = key
    return client.post(URL, data=raw if raw is not None else json.dumps(body), headers=headers)


def records() -> list[StatusQuery]:
    with database.connection_context():
        return list(StatusQuery.select().order_by(StatusQuery.id))


def test_found_unknown_and_other_organizations_ids(client: FlaskClient, api_key: str, other_api_key: str) -> None:
    settled = create(client, api_key, "10.00")
    move(settled, "Processing", AT)
    move(settled, "Completed", AT, ledger_hash="b" * 64, amount_tkn=None)
    waiting = create(client, api_key, "2.50")
    foreign = create(client, other_api_key)
    unknown = str(uuid.uuid4())
    response = ask(client, api_key, {"transfer_ids": [unknown, settled, foreign, waiting]})
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    answer = response.get_json()
    assert [t["transfer_id"] for t in answer["transfers"]] == [settled, waiting]
    assert answer["not_found"] == [unknown, foreign]
    done, created = answer["transfers"]
    assert done["state"] == "Completed"
    assert done["transaction_hash"] == "b" * 64
    assert done["amount_usd"] == "10.00"
    assert done["completed_at"] == "2026-11-22T12:00:00Z"
    assert created["state"] == "Created"
    assert created["amount_usd"] == "2.50"
    assert created["completed_at"] is None
    assert created["amount_tkn"] is None
    assert set(created) == {
        "transfer_id",
        "state",
        "created_at",
        "updated_at",
        "completed_at",
        "transaction_hash",
        "error_code",
        "amount_usd",
        "amount_tkn",
    }


def test_failed_transfer_shows_its_error_code(client: FlaskClient, api_key: str) -> None:
    transfer_id = create(client, api_key)
    move(transfer_id, "Failed", AT, error_code="AC01")
    answer = ask(client, api_key, {"transfer_ids": [transfer_id]}).get_json()
    assert (answer["transfers"][0]["state"], answer["transfers"][0]["error_code"]) == ("Failed", "AC01")


def test_an_empty_list_finds_nothing(client: FlaskClient, api_key: str) -> None:
    response = ask(client, api_key, {"transfer_ids": []})
    assert (response.status_code, response.get_json()) == (200, {"transfers": [], "not_found": []})


def test_without_a_key_it_is_401_with_no_body(client: FlaskClient, api_key: str) -> None:
    response = ask(client, None, {"transfer_ids": []})
    assert (response.status_code, response.data) == (401, b"")
    assert ask(client, "tkn_sandbox_nope", {"transfer_ids": []}).status_code == 401
    assert records() == []


@pytest.mark.parametrize(
    ("raw", "error"),
    [
        (b"{not json", "invalid_json"),
        (b"\xff\xfe", "invalid_json"),
        (b"", "invalid_json"),
        (b"[]", "invalid_request"),
        (b'"transfer_ids"', "invalid_request"),
        (b"{}", "invalid_request"),
        (b'{"transfer_ids": "0190c3b2-0000-7000-8000-000000000000"}', "invalid_request"),
        (b'{"transfer_ids": null}', "invalid_request"),
        (b'{"transfer_ids": ["not-a-uuid"]}', "invalid_transfer_id"),
        (b'{"transfer_ids": [42]}', "invalid_transfer_id"),
        (b'{"transfer_ids": [null]}', "invalid_transfer_id"),
        (b'{"transfer_ids": ["0190C3B2000070008000000000000000"]}', "invalid_transfer_id"),
        (json.dumps({"transfer_ids": [str(uuid.uuid4()) for _ in range(101)]}).encode(), "too_many_ids"),
    ],
)
def test_bad_input_is_400_with_a_json_error(client: FlaskClient, api_key: str, raw: bytes, error: str) -> None:
    response = ask(client, api_key, None, raw=raw)
    assert response.status_code == 400
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert body["error"] == error
    assert body["message"]
    (record,) = records()
    assert (record.message_type, record.status, bytes(record.raw_request)) == ("batch-status", "400", raw)


def test_a_trailing_slash_is_the_same_endpoint(client: FlaskClient, api_key: str) -> None:
    headers = {"Content-Type": "application/json", "NET-API-KEY": api_key}
    response = client.post(f"{URL}/", data=json.dumps({"transfer_ids": []}), headers=headers)
    assert (response.status_code, response.get_json()) == (200, {"transfers": [], "not_found": []})


def test_a_body_over_the_limit_is_a_pacs002_ff01_stating_it(client: FlaskClient, api_key: str) -> None:
    response = ask(client, api_key, None, raw=b" " * (1024 * 1024 + 1))
    assert response.status_code == 400
    assert "exceeds the limit" in rejected(response.data, "FF01").text


def test_exactly_100_ids_are_allowed(client: FlaskClient, api_key: str) -> None:
    ids = [str(uuid.uuid4()) for _ in range(100)]
    response = ask(client, api_key, {"transfer_ids": ids})
    assert response.status_code == 200
    assert response.get_json()["not_found"] == ids


def test_each_request_is_recorded_like_a_pacs028(client: FlaskClient, api_key: str) -> None:
    transfer_id = create(client, api_key)
    body = json.dumps({"transfer_ids": [transfer_id]})
    assert ask(client, api_key, None, raw=body.encode()).status_code == 200
    (record,) = records()
    assert record.message_type == "batch-status"
    assert bytes(record.raw_request) == body.encode()
    assert record.environment == "Sandbox"
    assert record.status == "200"
    assert record.queried_at is not None
    with database.connection_context():
        assert record.organization.name == "Acme Bank"


def test_a_100_id_batch_is_one_query(client: FlaskClient, api_key: str, caplog: pytest.LogCaptureFixture) -> None:
    ids = [create(client, api_key, "1.00") for _ in range(3)] + [str(uuid.uuid4()) for _ in range(97)]
    caplog.set_level(logging.DEBUG, logger="peewee")
    response = ask(client, api_key, {"transfer_ids": ids})
    assert response.status_code == 200
    assert len(response.get_json()["transfers"]) == 3
    statements = [r.getMessage() for r in caplog.records if r.name == "peewee"]
    reads = [s for s in statements if 'FROM "transfer"' in s]
    assert len(reads) == 1, statements


def test_an_id_asked_twice_in_either_case_is_answered_once_in_lower_case(client: FlaskClient, api_key: str) -> None:
    transfer_id = create(client, api_key)
    unknown = str(uuid.uuid4())
    asked = [transfer_id.upper(), unknown, transfer_id, unknown.upper()]
    answer = ask(client, api_key, {"transfer_ids": asked}).get_json()
    assert [t["transfer_id"] for t in answer["transfers"]] == [transfer_id]
    assert answer["not_found"] == [unknown]
