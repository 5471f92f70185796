"""One log line per request, with its request ID echoed back; never a key, a secret or a body."""

from __future__ import annotations

import json
import logging
import re
import uuid
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient
from stellar_sdk import Keypair

from api.request_log import REQUEST_ID_HEADER
from telemetry.logs import make_formatter
from telemetry.metrics import HTTP_REQUESTS
from tests.support.databases import refusing_inserts
from tests.support.messages import message_id, pacs008, pacs028
from tests.support.reports import parse_report

XML = {"Content-Type": "application/xml"}
JSON = {"Content-Type": "application/json"}


def request_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == "gateway.request"]


def test_a_request_id_is_made_and_echoed(client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    response = client.get("/healthz")
    request_id = response.headers[REQUEST_ID_HEADER]
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)
    [line] = request_lines(caplog)
    assert line.request_id == request_id  # type: ignore[attr-defined]
    assert (line.status, line.endpoint, line.path) == (200, "health.healthz", "/healthz")  # type: ignore[attr-defined]
    assert line.latency_ms >= 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("offered", "kept"), [("trace-42.a/b:c", True), ("two words", False), ("x" * 129, False), ('a"quote', False)]
)
def test_a_plain_request_id_is_kept_and_others_replaced(client: FlaskClient, offered: str, kept: bool) -> None:
    echoed = client.get("/healthz", headers={REQUEST_ID_HEADER: offered}).headers[REQUEST_ID_HEADER]
    assert (echoed == offered) is kept


def test_an_accepted_transfer_logs_who_what_and_the_transfer(
    client: FlaskClient, api_key: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    msg_id = message_id()
    response = client.post(
        "/v1/pacs008/net", data=pacs008(msg_id=msg_id), headers={**XML, "NET-API-KEY": api_key, REQUEST_ID_HEADER: "r1"}
    )
    assert response.status_code == 201
    [line] = request_lines(caplog)
    fields = line.__dict__
    assert fields["request_id"] == "r1"
    assert fields["organization"] == "Acme Bank"
    assert fields["key_id"] == api_key.split("_")[2]
    assert fields["message_id"] == msg_id
    assert fields["transfer_id"] == parse_report(response.data).info()["TransferId"]
    assert fields["status"] == 201
    assert "reason_code" not in fields


def test_a_rejection_logs_its_reason_code(client: FlaskClient, api_key: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    transfer_id = str(uuid.uuid4())
    msg_id = message_id()
    response = client.post(
        "/v1/pacs028/net",
        data=pacs028(msg_id=msg_id, instruction_id=transfer_id),
        headers={**XML, "NET-API-KEY": api_key},
    )
    assert response.status_code == 404
    [line] = request_lines(caplog)
    assert (line.status, line.reason_code, line.transfer_id, line.message_id) == (  # type: ignore[attr-defined]
        404,
        "AC01",
        transfer_id,
        msg_id,
    )


def test_a_misshapen_message_id_is_not_logged(
    client: FlaskClient, api_key: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    response = client.post(
        "/v1/pacs008/net", data=pacs008(msg_id="whatever-a-client-sends"), headers={**XML, "NET-API-KEY": api_key}
    )
    assert response.status_code == 400
    [line] = request_lines(caplog)
    assert line.reason_code == "NARR"  # type: ignore[attr-defined]
    assert "message_id" not in line.__dict__


def test_no_key_secret_or_body_reaches_any_log_line(
    client: FlaskClient, api_key: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    seed = Keypair.random().secret
    bodies = [
        pacs008(debtor=seed),  # accepted: the seed is the source account number
        pacs008(msg_id=seed),  # rejected: the seed is the MsgId
        f"<Document><broken>{seed}</Document>".encode(),  # not even XML
        pacs028(instruction_id=seed),
    ]
    statuses = []
    for body in bodies:
        for path in ("/v1/pacs008/net", "/v1/pacs028/net"):
            statuses.append(client.post(path, data=body, headers={**XML, "NET-API-KEY": api_key}).status_code)
    statuses.append(client.post("/v1/pacs008/net", data=bodies[0], headers={**XML, "NET-API-KEY": seed}).status_code)
    assert 201 in statuses and 400 in statuses and 401 in statuses
    assert len(request_lines(caplog)) == len(statuses)
    key_secret = api_key.rsplit("_", 1)[1]
    for formatter in (make_formatter("json"), make_formatter("console")):
        text = "\n".join(formatter.format(record) for record in caplog.records)
        assert seed not in text
        assert key_secret not in text
        assert "<Document" not in text


def test_json_lines_carry_the_fields_and_console_lines_are_readable(
    client: FlaskClient, api_key: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    client.post("/v1/pacs008/net", data=pacs008(), headers={**XML, "NET-API-KEY": api_key, REQUEST_ID_HEADER: "r2"})
    [line] = request_lines(caplog)
    parsed = json.loads(make_formatter("json").format(line))
    assert parsed["level"] == "INFO"
    assert parsed["logger"] == "gateway.request"
    assert parsed["message"] == "POST /v1/pacs008/net 201"
    assert parsed["request_id"] == "r2"
    assert parsed["time"].endswith("+00:00")
    console = make_formatter("console").format(line)
    assert " INFO gateway.request: POST /v1/pacs008/net 201 " in console
    assert "request_id=r2" in console
    assert "\n" not in console


def test_an_unknown_log_format_is_refused() -> None:
    with pytest.raises(ValueError, match="LOG_FORMAT"):
        make_formatter("xml")


def _counted() -> dict[tuple[str, str, str], float]:
    return {
        (s.labels["endpoint"], s.labels["status"], s.labels["reason"]): s.value
        for metric in HTTP_REQUESTS.collect()
        for s in metric.samples
        if s.name.endswith("_total")
    }


_SUBMIT, _QUERY, _BATCH = "transfers.submit_pacs008", "transfers.query_pacs028", "batch_status.batch_status"
_UNKNOWN = "00000000-0000-4000-8000-000000000000"
# Every kind of answer of the busy routes: (name, path, content type, body, keyed, expected labels).
_ANSWERS = [
    ("accepted", "/v1/pacs008/net", XML, pacs008, True, (_SUBMIT, "201", "")),
    ("no key", "/v1/pacs008/net", XML, pacs008, False, (_SUBMIT, "401", "")),
    ("schema error", "/v1/pacs008/net", XML, lambda: pacs008(amount="abc"), True, (_SUBMIT, "400", "FF01")),
    ("status", "/v1/pacs028/net", XML, None, True, (_QUERY, "200", "")),
    ("unknown", "/v1/pacs028/net", XML, lambda: pacs028(instruction_id=_UNKNOWN), True, (_QUERY, "404", "AC01")),
    ("batch", "/v1/transfers/batch-status", JSON, lambda: b'{"transfer_ids": []}', True, (_BATCH, "200", "")),
    ("batch not JSON", "/v1/transfers/batch-status", JSON, lambda: b"[1, 2", True, (_BATCH, "400", "")),
    ("batch no key", "/v1/transfers/batch-status", JSON, lambda: b"{}", False, (_BATCH, "401", "")),
]


@pytest.mark.parametrize(
    ("path", "content_type", "body", "keyed", "labels"), [case[1:] for case in _ANSWERS], ids=[c[0] for c in _ANSWERS]
)
def test_every_answer_of_the_busy_routes_is_logged_counted_and_carries_the_request_id(
    client: FlaskClient,
    api_key: str,
    caplog: pytest.LogCaptureFixture,
    path: str,
    content_type: dict[str, str],
    body: Callable[[], bytes] | None,
    keyed: bool,
    labels: tuple[str, str, str],
) -> None:
    keys = {"NET-API-KEY": api_key} if keyed else {}
    transfer_id = _UNKNOWN
    if body is None:  # a status query needs a transfer to ask about
        created = client.post("/v1/pacs008/net", data=pacs008(), headers={**XML, **keys})
        transfer_id = parse_report(created.data).info()["TransferId"]
    data = body() if body is not None else pacs028(instruction_id=transfer_id)
    caplog.set_level(logging.INFO)
    caplog.clear()  # the pacs.008 above is logged too once an earlier test has configured logging
    before = _counted()
    response = client.post(path, data=data, headers={**content_type, **keys, REQUEST_ID_HEADER: "r-1"})
    assert response.headers[REQUEST_ID_HEADER] == "r-1"
    assert str(response.status_code) == labels[1]
    [line] = request_lines(caplog)
    assert (line.request_id, line.endpoint, line.status) == ("r-1", labels[0], response.status_code)  # type: ignore[attr-defined]
    changed = {key: value - before.get(key, 0) for key, value in _counted().items() if value != before.get(key, 0)}
    assert changed == {labels: 1}


def test_an_unexpected_error_is_logged_counted_and_carries_the_request_id(
    client: FlaskClient, api_key: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    before = _counted()
    with refusing_inserts("journal_entry"):
        response = client.post(
            "/v1/pacs008/net", data=pacs008(), headers={**XML, "NET-API-KEY": api_key, REQUEST_ID_HEADER: "r-2"}
        )
    assert (response.status_code, response.headers[REQUEST_ID_HEADER]) == (422, "r-2")
    [line] = request_lines(caplog)
    assert (line.request_id, line.status, line.reason_code) == ("r-2", 422, "NARR")  # type: ignore[attr-defined]
    changed = {key: value - before.get(key, 0) for key, value in _counted().items() if value != before.get(key, 0)}
    assert changed == {("transfers.submit_pacs008", "422", "NARR"): 1}
