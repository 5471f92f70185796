"""A reused MsgId: the identical message replays the original answer; a different one is AM05.

What a transfer keeps of its request is bounded, and the replay still compares whole bodies."""

from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor

import requests
from flask import Flask
from flask.testing import FlaskClient
from stellar_sdk import Keypair

from services.redaction import REDACTED, STORED_MARKER_MAX_BYTES
from storage.database import database
from storage.models import Transfer
from storage.transfers import count_transfers
from tests.support.messages import message_id, pacs008
from tests.support.reports import parse_report, rejected

URL = "/v1/pacs008/net"


def _post(client: FlaskClient, key: str, body: bytes):  # type: ignore[no-untyped-def]
    return client.post(URL, data=body, headers={"NET-API-KEY": key, "Content-Type": "application/xml"})


def test_identical_resend_replays_the_original_answer(client: FlaskClient, api_key: str) -> None:
    body = pacs008()
    first, second = _post(client, api_key, body), _post(client, api_key, body)
    assert first.status_code == second.status_code == 201
    assert first.data == second.data
    with database.connection_context():
        assert count_transfers() == 1


def test_same_msg_id_different_body_is_am05(client: FlaskClient, api_key: str) -> None:
    msg_id = message_id()
    first = parse_report(_post(client, api_key, pacs008(msg_id=msg_id, amount="10.00")).data)
    response = _post(client, api_key, pacs008(msg_id=msg_id, amount="11.00"))
    assert response.status_code == 400
    report = rejected(response.data, "AM05")
    assert msg_id in report.text and first.info()["TransferId"] in report.text and "different message" in report.text
    with database.connection_context():
        assert count_transfers() == 1


def test_same_msg_id_in_another_organization_is_independent(
    client: FlaskClient, api_key: str, other_api_key: str
) -> None:
    msg_id = message_id()
    assert _post(client, api_key, pacs008(msg_id=msg_id)).status_code == 201
    assert _post(client, other_api_key, pacs008(msg_id=msg_id)).status_code == 201


def test_twenty_concurrent_identical_sends_create_one_transfer(live_server: str, api_key: str) -> None:
    body = pacs008()
    headers = {"NET-API-KEY": api_key, "Content-Type": "application/xml"}

    def send(_: int) -> requests.Response:
        with requests.Session() as session:
            return session.post(f"{live_server}{URL}", data=body, headers=headers, timeout=30)

    with ThreadPoolExecutor(max_workers=20) as pool:
        responses = list(pool.map(send, range(20)))
    assert {r.status_code for r in responses} == {201}
    assert len({parse_report(r.content).info()["TransferId"] for r in responses}) == 1
    with database.connection_context():
        assert count_transfers() == 1


def test_concurrent_conflicting_sends_create_one_transfer(live_server: str, api_key: str) -> None:
    msg_id = message_id()
    bodies = [pacs008(msg_id=msg_id, amount=f"{n + 1}.00") for n in range(10)]
    headers = {"NET-API-KEY": api_key, "Content-Type": "application/xml"}

    def send(body: bytes) -> requests.Response:
        with requests.Session() as session:
            return session.post(f"{live_server}{URL}", data=body, headers=headers, timeout=30)

    with ThreadPoolExecutor(max_workers=10) as pool:
        responses = list(pool.map(send, bodies))
    assert sorted(r.status_code for r in responses) == [201] + [400] * 9
    assert all(parse_report(r.content).codes == ["AM05"] for r in responses if r.status_code == 400)
    with database.connection_context():
        assert count_transfers() == 1


def test_a_secret_seed_is_not_kept_and_the_resend_still_replays(client: FlaskClient, api_key: str) -> None:
    seed = Keypair.random().secret
    body = pacs008(debtor=seed)  # an account number field wide enough to hold one
    first = client.post(URL, data=body, headers={"NET-API-KEY": api_key, "Content-Type": "application/xml"})
    again = client.post(URL, data=body, headers={"NET-API-KEY": api_key, "Content-Type": "application/xml"})
    assert first.status_code == again.status_code == 201
    assert again.data == first.data
    with database.connection_context():
        (transfer,) = Transfer.select()
    assert seed.encode() not in bytes(transfer.raw_request) and REDACTED.encode() in bytes(transfer.raw_request)


def _largest_accepted(app: Flask, msg_id: str, amount: str = "10.00") -> bytes:
    """A valid pacs.008 padded with a comment to exactly the body limit: the most a caller can make us keep."""
    body = pacs008(msg_id=msg_id, amount=amount)
    limit: int = app.config["MAX_BODY_BYTES"]
    return body + b"<!--" + b"x" * (limit - len(body) - 7) + b"-->"


def test_a_stored_request_cannot_exceed_its_bound_and_a_large_resend_still_replays(
    app: Flask, client: FlaskClient, api_key: str
) -> None:
    msg_id = message_id()
    body = _largest_accepted(app, msg_id)
    assert len(body) == app.config["MAX_BODY_BYTES"]
    first, again = _post(client, api_key, body), _post(client, api_key, body)
    assert first.status_code == again.status_code == 201
    assert again.data == first.data
    kept = app.config["TRANSFER_RAW_MAX_BYTES"]
    with database.connection_context():
        (transfer,) = Transfer.select()
    stored = bytes(transfer.raw_request)
    assert len(stored) <= kept + STORED_MARKER_MAX_BYTES
    assert stored == body[:kept] + b"\n[truncated: the first %d of %d bytes are kept]" % (kept, len(body))
    assert transfer.request_sha256 == hashlib.sha256(body).hexdigest()


def test_a_large_body_that_differs_only_past_the_kept_part_is_am05(
    app: Flask, client: FlaskClient, api_key: str
) -> None:
    msg_id = message_id()
    body = _largest_accepted(app, msg_id)
    different = body[:-10] + b"y" + body[-9:]
    assert _post(client, api_key, body).status_code == 201
    response = _post(client, api_key, different)
    assert response.status_code == 400
    rejected(response.data, "AM05")
