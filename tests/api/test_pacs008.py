"""POST /v1/pacs008/{network}: every rule of spec 4.1 and limit of section 8, over HTTP."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from flask.testing import FlaskClient
from freezegun import freeze_time
from stellar_sdk import Keypair, StrKey

from services.api_keys import Environment
from storage.database import database
from storage.transfers import count_transfers
from tests.conftest import make_key
from tests.support.databases import refusing_inserts
from tests.support.messages import PAYEE, message_id, pacs008, transaction
from tests.support.reports import parse_report, rejected

URL = "/v1/pacs008/net"


def post(client: FlaskClient, key: str | None, body: bytes, url: str = URL, content_type: str = "application/xml"):  # type: ignore[no-untyped-def]
    headers = {"Content-Type": content_type}
    if key is not None:
        headers["NET-API-KEY"] = key
    return client.post(url, data=body, headers=headers)


def transfers() -> int:
    with database.connection_context():
        return count_transfers()


def test_accepts_a_valid_transfer(client: FlaskClient, api_key: str) -> None:
    response = post(client, api_key, pacs008(instruction_id="INSTR-9", end_to_end_id="E2E-ACME-9"))
    assert response.status_code == 201
    assert response.mimetype == "application/xml"
    report = parse_report(response.data)
    assert report.status == "ACCP"
    assert report.codes == []
    assert (report.instruction_id, report.end_to_end_id) == ("INSTR-9", "E2E-ACME-9")
    assert len(report.lines) == 1
    transfer_id = uuid.UUID(report.info()["TransferId"])
    assert transfer_id.version == 7
    assert re.fullmatch(r"RESP-\d{10}-[A-Z0-9]{8}", report.msg_id)
    assert report.created.endswith("Z")
    assert transfers() == 1


def test_accepts_text_xml(client: FlaskClient, api_key: str) -> None:
    assert post(client, api_key, pacs008(), content_type="text/xml").status_code == 201


def test_missing_ids_are_echoed_as_notprovided(client: FlaskClient, api_key: str) -> None:
    response = post(client, api_key, pacs008(instruction_id=None, end_to_end_id=None))
    report = parse_report(response.data)
    assert response.status_code == 201
    assert (report.instruction_id, report.end_to_end_id) == ("NOTPROVIDED", "NOTPROVIDED")


def test_response_msg_ids_are_unique(client: FlaskClient, api_key: str) -> None:
    ids = {parse_report(post(client, api_key, pacs008()).data).msg_id for _ in range(5)}
    assert len(ids) == 5


@pytest.mark.parametrize("key", [None, "", "tkn_sandbox_0123456789abcdef_nope", "garbage"])
def test_bad_or_missing_key_is_401_without_body(client: FlaskClient, api_key: str, key: str | None) -> None:
    response = post(client, key, pacs008())
    assert response.status_code == 401
    assert response.data == b""
    assert "Content-Type" not in response.headers  # no body, so nothing to type
    assert response.headers["WWW-Authenticate"] == 'NET-API-KEY realm="net"'
    assert transfers() == 0


def test_401_comes_before_the_body_is_parsed(client: FlaskClient) -> None:
    response = post(client, "nope", b"<not xml", url="/v1/pacs008/elsewhere")
    assert (response.status_code, response.data) == (401, b"")


def test_revoked_key_is_401(client: FlaskClient, runner, api_key: str) -> None:  # type: ignore[no-untyped-def]
    key_id = api_key.split("_")[2]
    assert runner.invoke(args=["keys", "revoke", key_id]).exit_code == 0
    assert post(client, api_key, pacs008()).status_code == 401


def test_a_key_revoked_after_use_is_refused_once_the_key_cache_lets_go(  # type: ignore[no-untyped-def]
    client: FlaskClient, runner, api_key: str
) -> None:
    with freeze_time("2026-11-22 12:00:00") as clock:
        assert post(client, api_key, pacs008()).status_code == 201
        assert runner.invoke(args=["keys", "revoke", api_key.split("_")[2]]).exit_code == 0
        # The revocation bound is API_KEY_CACHE_SECONDS (1 s by default; docs/decisions.md K4).
        assert post(client, api_key, pacs008()).status_code == 201
        clock.tick(1.0)
        assert post(client, api_key, pacs008()).status_code == 401


def test_unsupported_network_is_narr_naming_both(client: FlaskClient, api_key: str) -> None:
    response = post(client, api_key, pacs008(), url="/v1/pacs008/mainnet")
    assert response.status_code == 400
    report = rejected(response.data, "NARR")
    assert "mainnet" in report.text and "net" in report.text.split("Supported networks:")[1]
    assert transfers() == 0


def test_malformed_xml_is_ff01_with_parser_message(client: FlaskClient, api_key: str) -> None:
    response = post(client, api_key, b"<Document><Unclosed></Document>")
    assert response.status_code == 400
    report = rejected(response.data, "FF01")
    assert "not well-formed" in report.text and "mismatch" in report.text
    assert all(len(line) <= 105 for line in report.lines)


def test_missing_group_header_is_ff01_with_schema_message(client: FlaskClient, api_key: str) -> None:
    body = pacs008().replace(b"<GrpHdr>", b"<Ignored>").replace(b"</GrpHdr>", b"</Ignored>")
    report = rejected(post(client, api_key, body).data, "FF01")
    assert ("Schema validation failed" in report.text and "GrpHdr" in report.text) or "Ignored" in report.text


def test_wrong_message_type_is_ff01(client: FlaskClient, api_key: str) -> None:
    body = pacs008().replace(b"pacs.008.001.13", b"pacs.008.001.08")
    assert post(client, api_key, body).status_code == 400


def test_missing_msg_id_is_ff01(client: FlaskClient, api_key: str) -> None:
    report = rejected(post(client, api_key, pacs008(msg_id=None)).data, "FF01")
    assert "MsgId is missing from the group header" in report.text


@pytest.mark.parametrize("bad", ["1763793600A1B2C3D4E", "1763793600a1b2c3d4e5", "17637936ZZA1B2C3D4E5", "X" * 40])
def test_misshapen_msg_id_is_narr_with_expected_format(client: FlaskClient, api_key: str, bad: str) -> None:
    response = post(client, api_key, pacs008(msg_id=bad))
    assert response.status_code == 400
    report = rejected(response.data, "NARR")
    assert "Expected format: 20 characters" in report.text


@freeze_time("2026-11-22 12:00:00")
def test_msg_id_older_than_24_hours_is_narr(client: FlaskClient, api_key: str) -> None:
    now = datetime.now(UTC)
    assert post(client, api_key, pacs008(msg_id=message_id(now - timedelta(hours=24)))).status_code == 201
    report = rejected(
        post(client, api_key, pacs008(msg_id=message_id(now - timedelta(hours=24, seconds=1)))).data, "NARR"
    )
    assert "older than 24 hours" in report.text


@freeze_time("2026-11-22 12:00:00")
def test_msg_id_more_than_5_minutes_ahead_is_narr(client: FlaskClient, api_key: str) -> None:
    now = datetime.now(UTC)
    assert post(client, api_key, pacs008(msg_id=message_id(now + timedelta(minutes=5)))).status_code == 201
    report = rejected(
        post(client, api_key, pacs008(msg_id=message_id(now + timedelta(minutes=5, seconds=1)))).data, "NARR"
    )
    assert "more than 5 minutes ahead" in report.text


@pytest.mark.parametrize(
    ("amount", "gist"),
    [
        ("10000.01", "exceeds the maximum 10000 USD"),
        ("0.009", "below the minimum 0.01 USD"),
        ("12.345", "more than 2 decimal places"),
        ("0", "greater than zero"),
        ("0.00", "greater than zero"),
        ("-5.00", "greater than zero"),
    ],
)
def test_amount_limits_are_am09(client: FlaskClient, api_key: str, amount: str, gist: str) -> None:
    response = post(client, api_key, pacs008(amount=amount))
    assert response.status_code == 400
    report = rejected(response.data, "AM09")
    assert gist in report.text and amount in report.text
    assert transfers() == 0


@pytest.mark.parametrize("amount", ["0.01", "10000", "10000.00", "99.9"])
def test_amount_bounds_are_accepted(client: FlaskClient, api_key: str, amount: str) -> None:
    assert post(client, api_key, pacs008(amount=amount)).status_code == 201


def test_non_usd_currency_is_cust(client: FlaskClient, api_key: str) -> None:
    report = rejected(post(client, api_key, pacs008(currency="EUR")).data, "CUST")
    assert "EUR" in report.text and "USD" in report.text


def _bad_checksum(key: str) -> str:
    last = "A" if key[-1] != "A" else "B"
    return key[:-1] + last


@pytest.mark.parametrize(
    "creditor",
    [
        PAYEE[:55],  # too short
        "X" + PAYEE[1:],  # wrong prefix
        _bad_checksum(PAYEE),  # bad CRC
        StrKey.encode_med25519_public_key(b"\x01" * 40),  # muxed M... key
        Keypair.random().secret,  # secret seed S...
    ],
    ids=["short", "prefix", "checksum", "muxed", "secret"],
)
def test_invalid_creditor_key_is_ac01(client: FlaskClient, api_key: str, creditor: str) -> None:
    response = post(client, api_key, pacs008(creditor=creditor))
    assert response.status_code == 400
    report = rejected(response.data, "AC01")
    assert "invalid public key format" in report.text and "56-character" in report.text and "G" in report.text


def test_missing_creditor_account_is_ff01(client: FlaskClient, api_key: str) -> None:
    report = rejected(post(client, api_key, pacs008(creditor=None)).data, "FF01")
    assert "CdtrAcct/Id/Othr/Id" in report.text


def test_missing_debtor_account_is_ff01(client: FlaskClient, api_key: str) -> None:
    report = rejected(post(client, api_key, pacs008(debtor=None)).data, "FF01")
    assert "DbtrAcct/Id/Othr/Id" in report.text


def test_memo_is_measured_in_utf8_bytes(client: FlaskClient, api_key: str) -> None:
    assert post(client, api_key, pacs008(memo="x" * 28)).status_code == 201
    assert post(client, api_key, pacs008(memo="é" * 14)).status_code == 201
    report = rejected(post(client, api_key, pacs008(memo="é" * 15)).data, "FF01")
    assert "30 bytes" in report.text and "28 bytes" in report.text
    rejected(post(client, api_key, pacs008(memo="x" * 29)).data, "FF01")


def test_more_than_one_transaction_is_narr(client: FlaskClient, api_key: str) -> None:
    body = pacs008(transactions=[transaction(), transaction(amount="1.00")])
    response = post(client, api_key, body)
    assert response.status_code == 400
    report = rejected(response.data, "NARR")
    assert "Only one CdtTrfTxInf" in report.text and "found 2" in report.text
    assert transfers() == 0


def test_rejection_echoes_request_ids(client: FlaskClient, api_key: str) -> None:
    report = rejected(
        post(client, api_key, pacs008(amount="0", instruction_id="I-7", end_to_end_id="E-7")).data, "AM09"
    )
    assert (report.instruction_id, report.end_to_end_id) == ("I-7", "E-7")


def test_every_violation_is_reported(client: FlaskClient, api_key: str) -> None:
    report = rejected(post(client, api_key, pacs008(currency="USD", amount="20000", creditor="GABC")).data, "AM09")
    assert report.codes == ["AM09", "AC01"]


def test_other_content_type_is_ff01(client: FlaskClient, api_key: str) -> None:
    response = post(client, api_key, pacs008(), content_type="application/json")
    assert response.status_code == 400
    assert "Content-Type" in rejected(response.data, "FF01").text


def test_production_key_without_production_config_is_500(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    key = make_key("Live Bank", Environment.PRODUCTION)
    response = post(client, key, pacs008())
    assert response.status_code == 500
    assert "configuration" in rejected(response.data, "NARR").text
    assert transfers() == 0


def test_unexpected_error_is_422_and_writes_nothing(client: FlaskClient, api_key: str, caplog) -> None:  # type: ignore[no-untyped-def]
    # The last write of the transaction fails, so the transfer, its event and the hold before it must go too.
    with refusing_inserts("journal_entry"):
        response = post(client, api_key, pacs008())
    assert response.status_code == 422
    report = rejected(response.data, "NARR")
    correlation = response.headers["X-Correlation-ID"]
    assert correlation in report.text
    assert transfers() == 0
    assert any(correlation in r.getMessage() for r in caplog.records)


def test_missing_content_type_is_ff01_saying_so(client: FlaskClient, api_key: str) -> None:
    response = client.post(URL, data=pacs008(), headers={"NET-API-KEY": api_key})
    assert response.status_code == 400
    assert "Content-Type header is missing" in rejected(response.data, "FF01").text


def test_a_charset_parameter_on_the_content_type_is_accepted(client: FlaskClient, api_key: str) -> None:
    response = post(client, api_key, pacs008(), content_type="application/xml; charset=utf-8")
    assert response.status_code == 201


def test_a_body_shorter_than_its_content_length_is_400_and_creates_nothing(client: FlaskClient, api_key: str) -> None:
    # The client went away mid-body: what arrived is not parsed.
    headers = {"Content-Type": "application/xml", "NET-API-KEY": api_key}
    response = client.post(URL, data=pacs008(), headers=headers, environ_overrides={"CONTENT_LENGTH": "5000"})
    assert response.status_code == 400
    rejected(response.data, "NARR")
    assert transfers() == 0
