"""The hot routes give Flask's answers: the same requests through both, compared in full.

`HotRoutes` serves plain pacs.008 and pacs.028 requests without Flask's per-request machinery. Every
case below is sent once through it and once through the Flask app it wraps, and the status, every
header, the body, the request's log line and its metrics must be the same, up to the values that
are new per request (the report's MsgId, the transfer ID, a correlation ID), which are named and
replaced on both sides before comparing.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from freezegun import freeze_time
from werkzeug.test import Client

import api.transfers
from api.hot_routes import HotRoutes
from telemetry.metrics import HTTP_REQUESTS
from tests.support.accounts import prefund
from tests.support.messages import message_id, pacs008, pacs028
from tests.support.reports import parse_report

XML = "application/xml"
UNKNOWN = "00000000-0000-4000-8000-000000000000"
BATCH = "/v1/transfers/batch-status"
_NEW_PER_REQUEST = re.compile(
    rb"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"  # transfer IDs
    rb"|(?<=<GrpHdr><MsgId>)[^<]+(?=</MsgId>)"  # the report's own MsgId
    rb"|[0-9a-f]{32}"  # correlation IDs
)


@dataclass(frozen=True)
class Case:
    """A request: its path, headers, and its body for a given MsgId."""

    name: str
    path: str
    headers: dict[str, str]
    body: Callable[[str], bytes]
    environ: dict[str, Any] | None = None


@dataclass(frozen=True)
class Answer:
    """What a request got, with the values new per request replaced."""

    status: str
    headers: list[tuple[str, str]]
    body: bytes
    log: dict[str, Any]
    counted: tuple[str, str, str]


def _normalized(data: bytes, msg_id: str) -> bytes:
    return _NEW_PER_REQUEST.sub(b"<new>", data.replace(msg_id.encode(), b"<msg-id>"))


def _log_line(caplog: pytest.LogCaptureFixture, msg_id: str) -> dict[str, Any]:
    [line] = [r for r in caplog.records if r.name == "gateway.request"]
    caplog.clear()
    fields = {k: v for k, v in line.__dict__.items() if k not in logging.makeLogRecord({}).__dict__}
    fields.pop("latency_ms")
    fields.pop("message", None)
    return {k: _normalized(str(v).encode(), msg_id) for k, v in fields.items()}


def _counted() -> dict[tuple[str, ...], float]:
    return {
        tuple(s.labels[n] for n in ("endpoint", "status", "reason")): s.value
        for metric in HTTP_REQUESTS.collect()
        for s in metric.samples
        if s.name.endswith("_total")
    }


def send(client: Client, case: Case, caplog: pytest.LogCaptureFixture) -> Answer:
    msg_id = message_id()
    before = _counted()
    response = client.post(
        case.path,
        data=case.body(msg_id),
        headers={"X-Request-ID": "diff-1", **case.headers},
        environ_overrides=case.environ,
    )
    after = _counted()
    [counted] = [labels for labels, value in after.items() if value != before.get(labels, 0)]
    headers = [(k, _normalized(v.encode(), msg_id).decode()) for k, v in response.headers.items()]
    return Answer(
        response.status,
        headers,
        _normalized(response.get_data(), msg_id),
        _log_line(caplog, msg_id),
        (counted[0], counted[1], counted[2]),
    )


@pytest.fixture()
def clients(app: Flask) -> Iterator[tuple[Client, Client]]:
    hot = app.wsgi_app
    assert isinstance(hot, HotRoutes)
    with freeze_time(datetime.now(UTC)):
        yield Client(hot), Client(hot.flask_app)


def cases(api_key: str, transfer_id: str) -> list[Case]:
    key = {"Content-Type": XML, "NET-API-KEY": api_key}
    json_key = {**key, "Content-Type": "application/json"}
    return [
        Case("accepted", "/v1/pacs008/net", key, lambda m: pacs008(msg_id=m)),
        Case(
            "accepted as text/xml", "/v1/pacs008/net", {**key, "Content-Type": "text/xml"}, lambda m: pacs008(msg_id=m)
        ),
        Case("trailing slash", "/v1/pacs008/net/", key, lambda m: pacs008(msg_id=m)),
        Case("no key", "/v1/pacs008/net", {"Content-Type": XML}, lambda m: pacs008(msg_id=m)),
        Case("unknown key", "/v1/pacs008/net", {**key, "NET-API-KEY": "tkn_x"}, lambda m: pacs008(msg_id=m)),
        Case("schema error", "/v1/pacs008/net", key, lambda m: pacs008(msg_id=m, amount="abc")),
        Case("rule", "/v1/pacs008/net", key, lambda m: pacs008(msg_id=m, creditor="GNOTAKEY")),
        Case("no MsgId", "/v1/pacs008/net", key, lambda m: pacs008(msg_id=None)),
        Case("unsupported network", "/v1/pacs008/mainnet", key, lambda m: pacs008(msg_id=m)),
        Case("odd network", "/v1/pacs008/n%20t", key, lambda m: pacs008(msg_id=m)),
        Case("empty body", "/v1/pacs008/net", key, lambda m: b""),
        Case("not XML", "/v1/pacs008/net", key, lambda m: b"{}"),
        Case("hostile", "/v1/pacs008/net", key, lambda m: b'<!DOCTYPE d [<!ENTITY e "x">]><d>&e;</d>'),
        Case("too large", "/v1/pacs008/net", key, lambda m: b" " * (1024 * 1024 + 1) + pacs008(msg_id=m)),
        Case("JSON", "/v1/pacs008/net", {**key, "Content-Type": "application/json"}, lambda m: pacs008(msg_id=m)),
        Case(
            "charset", "/v1/pacs008/net", {**key, "Content-Type": f"{XML}; charset=utf-8"}, lambda m: pacs008(msg_id=m)
        ),
        Case("short body", "/v1/pacs008/net", key, lambda m: pacs008(msg_id=m), {"CONTENT_LENGTH": "5000"}),
        Case("insufficient funds", "/v1/pacs008/net", key, lambda m: pacs008(msg_id=m, debtor="ACC-POOR")),
        Case("status", "/v1/pacs028/net", key, lambda m: pacs028(msg_id=m, instruction_id=transfer_id)),
        Case("status unknown", "/v1/pacs028/net", key, lambda m: pacs028(msg_id=m, instruction_id=UNKNOWN)),
        Case("status malformed", "/v1/pacs028/net", key, lambda m: pacs028(msg_id=m, transactions=2)),
        Case("status no key", "/v1/pacs028/net", {"Content-Type": XML}, lambda m: pacs028(msg_id=m)),
        Case("batch", BATCH, json_key, lambda m: json.dumps({"transfer_ids": [transfer_id, UNKNOWN]}).encode()),
        Case("batch slash", f"{BATCH}/", json_key, lambda m: json.dumps({"transfer_ids": [transfer_id]}).encode()),
        Case("batch not JSON", BATCH, json_key, lambda m: b"[1, 2"),
        Case("batch bad ID", BATCH, json_key, lambda m: b'{"transfer_ids": ["x"]}'),
        Case("batch no key", BATCH, {"Content-Type": "application/json"}, lambda m: b'{"transfer_ids": []}'),
        Case("batch as text", BATCH, {**key, "Content-Type": "text/plain"}, lambda m: b'{"transfer_ids": []}'),
        Case("batch too large", BATCH, json_key, lambda m: b" " * (1024 * 1024 + 1)),
    ]


def test_every_case_gets_the_same_answer_log_line_and_count_through_both(
    app: Flask, api_key: str, clients: tuple[Client, Client], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    prefund("Acme Bank", "ACC-000123456", "1000000.00")
    prefund("Acme Bank", "ACC-POOR", "1.00")
    hot, plain = clients
    created = hot.post("/v1/pacs008/net", data=pacs008(), headers={"Content-Type": XML, "NET-API-KEY": api_key})
    transfer_id = parse_report(created.get_data()).info()["TransferId"]
    caplog.clear()
    statuses = set()
    for case in cases(api_key, transfer_id):
        through_hot, through_flask = send(hot, case, caplog), send(plain, case, caplog)
        assert through_hot == through_flask, case.name
        statuses.add(through_hot.status)
    # The cases reach every kind of answer, so the comparison covers each path.
    assert statuses == {"201 CREATED", "200 OK", "400 BAD REQUEST", "401 UNAUTHORIZED", "404 NOT FOUND"}


def test_an_unexpected_error_is_answered_as_flask_answers_it(
    app: Flask,
    api_key: str,
    clients: tuple[Client, Client],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    caplog.set_level(logging.INFO)

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(api.transfers, "submit_credit_transfer", broken)
    hot, plain = clients
    case = Case("broken", "/v1/pacs008/net", {"Content-Type": XML, "NET-API-KEY": api_key}, lambda m: pacs008(msg_id=m))
    through_hot, through_flask = send(hot, case, caplog), send(plain, case, caplog)
    assert through_hot == through_flask
    assert through_hot.status == "422 UNPROCESSABLE ENTITY"


def test_a_plain_request_does_not_reach_flask_and_any_other_does(app: Flask, api_key: str) -> None:
    # Without this the comparison above could pass with every request going through Flask.
    hot = app.wsgi_app
    assert isinstance(hot, HotRoutes)
    reached: list[str] = []
    inner = hot.flask_app

    def counting(environ: dict[str, Any], start_response: Any) -> Any:
        reached.append(environ["PATH_INFO"])
        return inner(environ, start_response)

    hot.flask_app = counting
    client = Client(hot)
    key = {"Content-Type": XML, "NET-API-KEY": api_key}
    assert client.post("/v1/pacs008/net", data=pacs008(), headers=key).status_code == 201
    assert client.post("/v1/pacs028/net", data=pacs028(instruction_id=UNKNOWN), headers=key).status_code == 404
    batch = json.dumps({"transfer_ids": [UNKNOWN]}).encode()
    assert client.post(BATCH, data=batch, headers={**key, "Content-Type": "application/json"}).status_code == 200
    assert reached == []
    assert (
        client.post("/v1/pacs008/net", data=pacs008(), headers={**key, "Content-Type": "text/plain"}).status_code == 400
    )
    assert client.get("/healthz").status_code == 200
    assert reached == ["/v1/pacs008/net", "/healthz"]
