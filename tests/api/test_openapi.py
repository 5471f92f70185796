"""GET /openapi.yaml: a valid OpenAPI 3.1 document that says what the real app does, route for route."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import yaml
from flask import Flask
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate

from api.openapi import document
from services.api_keys import Environment
from services.rejections import ReasonCode
from services.webhooks.delivery import EVENT_TYPE_HEADER, TRANSFER_ID_HEADER, Deliverer
from services.webhooks.events import KINDS
from services.webhooks.settings import WebhookSettings
from tests.conftest import make_key
from tests.services.webhooks.conftest import register, submit
from tests.support.api_examples import comparable, masked, with_fresh_message_id
from tests.support.receiver import Receiver

SPEC: dict[str, Any] = yaml.safe_load(document())
METHODS = ("get", "post", "put", "patch", "delete")
# Statuses the document promises that need a fault this module does not cause; each test named here causes it.
ANSWERED_ELSEWHERE = {
    (
        "post",
        "/v1/pacs008/{network}",
        "422",
    ): "tests/api/test_pacs008.py::test_unexpected_error_is_422_and_writes_nothing",
    ("post", "/v1/pacs008/{network}", "503"): "tests/api/test_database_faults.py",
    (
        "post",
        "/v1/pacs028/{network}",
        "500",
    ): "tests/api/test_pacs028.py::test_a_query_that_cannot_be_recorded_is_not_answered",
    ("post", "/v1/pacs028/{network}", "503"): "tests/api/test_database_faults.py",
    ("post", "/v1/pacs008/{network}", "429"): "tests/api/test_rate_limits.py::test_the_429_is_the_documented_one",
    ("post", "/v1/pacs028/{network}", "429"): "tests/api/test_rate_limits.py::test_the_429_is_the_documented_one",
    ("post", "/v1/transfers/batch-status", "429"): "tests/api/test_rate_limits.py::test_the_429_is_the_documented_one",
    ("post", "/v1/camt056/{network}", "429"): "tests/api/test_rate_limits.py::test_the_429_is_the_documented_one",
    (
        "post",
        "/v1/camt056/{network}",
        "500",
    ): "tests/api/test_camt056.py::test_an_unexpected_error_is_500_in_camt029_form_with_a_correlation_id",
    ("post", "/v1/camt056/{network}", "503"): "tests/api/test_database_faults.py",
    (
        "post",
        "/v1/camt056/{network}",
        "202",
    ): "tests/api/test_camt056.py::test_in_flight_is_pdcr_then_cancelled_once_the_envelope_is_proven_unapplied",
    ("get", "/readyz", "503"): "tests/api/test_health.py::test_not_ready_while_migrations_are_pending",
    ("get", "/metrics", "401"): "tests/api/test_metrics.py::test_a_metrics_token_is_required_when_set",
}


OPS_TOKEN = "openapi-test-ops-token"


@pytest.fixture()
def app_config(app_config: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """No sandbox ledger, whatever `make run` left in var/: /readyz then answers 200 from the store alone.

    With OPS_TOKEN set, so that every route the app can have exists: one left out of the document fails.
    """
    return {**app_config, "SANDBOX_SECRETS_FILE": str(tmp_path / "no-ledger-secrets.json"), "OPS_TOKEN": OPS_TOKEN}


def operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(method, path, operation) of every documented operation."""
    for path, item in SPEC["paths"].items():
        for method in METHODS:
            if method in item:
                yield method, path, item[method]


def resolved(node: dict[str, Any]) -> dict[str, Any]:
    """A node with its local `$ref` followed."""
    while "$ref" in node:
        found: Any = SPEC
        for part in node["$ref"].removeprefix("#/").split("/"):
            found = found[part]
        node = found
    return node


def check_answer(method: str, path: str, response: requests.Response) -> None:
    """The answer's status, headers and media type are among those documented for the operation."""
    documented = SPEC["paths"][path][method]["responses"]
    assert str(response.status_code) in documented, f"{method} {path} answered an undocumented {response.status_code}"
    answer = resolved(documented[str(response.status_code)])
    for header in answer.get("headers", {}):
        if header != "X-Correlation-ID" or response.status_code == 422:
            assert header in response.headers, f"{method} {path} {response.status_code} lacks {header}"
    content = answer.get("content")
    if content is None:
        assert response.content == b"", f"{method} {path} {response.status_code} has a body the document does not"
        return
    media_type = response.headers["Content-Type"].split(";")[0]
    assert media_type in content, f"{method} {path} answered {media_type}, documented {list(content)}"
    schema = content[media_type].get("schema", {})
    if media_type == "application/json":
        OAS31Validator({**schema, "components": SPEC["components"]}).validate(response.json())


def test_the_document_is_valid_openapi_3_1() -> None:
    assert SPEC["openapi"].startswith("3.1.")
    validate(SPEC)  # raises on any error


def test_the_served_document_is_the_shipped_one(client: FlaskClient) -> None:
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    assert response.data == (Path(__file__).parents[2] / "api" / "openapi.yaml").read_bytes()


def test_every_route_is_documented_and_every_documented_route_exists(app: Flask) -> None:
    routes = set()
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        routes |= {(method.lower(), path) for method in rule.methods or () if method not in ("HEAD", "OPTIONS")}
    assert routes == {(method, path) for method, path, _ in operations()}


def test_every_path_parameter_is_documented() -> None:
    for method, path, operation in operations():
        parameters = {resolved(p)["name"] for p in operation.get("parameters", []) if resolved(p)["in"] == "path"}
        assert parameters == set(re.findall(r"{([a-z_]+)}", path)), f"{method} {path}"


def _request_media(method: str, path: str) -> tuple[str, dict[str, Any]]:
    """The first documented media type of the request body, and its description."""
    content: dict[str, dict[str, Any]] = SPEC["paths"][path][method].get("requestBody", {}).get("content", {"": {}})
    return next(iter(content.items()))


def _examples(method: str, path: str) -> dict[str, Any]:
    _, body = _request_media(method, path)
    return {name: example["value"] for name, example in body.get("examples", {}).items()}


def _documented_answer(method: str, path: str, name: str) -> tuple[str, Any]:
    for status, answer in SPEC["paths"][path][method]["responses"].items():
        for media in resolved(answer).get("content", {}).values():
            if name in media.get("examples", {}):
                return status, media["examples"][name]["value"]
    raise AssertionError(f"no documented answer for the example {name} of {method} {path}")


def _transfer_id(xml: str) -> str:
    found = re.search(r"TransferId: ([0-9a-f-]{36})", xml)
    assert found is not None
    return found.group(1)


def test_every_example_gets_its_documented_answer_from_the_real_app(live_server: str, api_key: str) -> None:
    """Each request example is sent over HTTP, its placeholders filled as the document says.

    The answer must be the documented one, up to IDs and times.
    """
    created_id = ""
    answered = 0
    # The pacs.008 examples first: the others ask about the transfer the accepted one creates.
    paths = sorted(
        (path for method, path, _ in operations() if _examples(method, path)), key=lambda p: "pacs008" not in p
    )
    for path in paths:
        media_type, _ = _request_media("post", path)
        headers = {"NET-API-KEY": api_key, "Content-Type": media_type}
        for name, example in _examples("post", path).items():
            text = example if isinstance(example, str) else json.dumps(example)
            body = with_fresh_message_id(text).replace("__TRANSFER_ID__", created_id)
            response = requests.post(live_server + path.format(network="net"), data=body.encode(), headers=headers)
            status, answer = _documented_answer("post", path, name)
            assert (name, response.status_code) == (name, int(status))
            check_answer("post", path, response)
            if media_type == "application/json":
                assert masked(json.dumps(response.json(), sort_keys=True)) == masked(json.dumps(answer, sort_keys=True))
            else:
                assert comparable(response.content) == comparable(answer), name
            if name == "accepted":
                created_id = _transfer_id(response.text)
            answered += 1
    assert answered >= 12


def test_no_request_example_carries_a_message_id_that_expires() -> None:
    """A MsgId is only good for 24 hours: an example carries the placeholder, or one that is refused anyway."""
    for method, path, _ in operations():
        for name, example in _examples(method, path).items():
            text = example if isinstance(example, str) else json.dumps(example)
            for message_id in re.findall(r"<MsgId>([^<]*)</MsgId>", text):
                assert message_id == "__MSG_ID__" or not re.fullmatch(r"[0-9]{10}[0-9A-F]{10}", message_id), name
    assert "__MSG_ID__" in SPEC["info"]["description"] and "__TRANSFER_ID__" in SPEC["info"]["description"]


def test_the_servers_are_relative_to_where_the_document_is_served() -> None:
    assert [server["url"] for server in SPEC["servers"]] == ["/"]


def _probes(live_server: str, api_key: str, production_key: str) -> list[tuple[str, str, requests.Response]]:
    """One real request for each documented status that no example shows."""
    xml = {"NET-API-KEY": api_key, "Content-Type": "application/xml"}
    accepted = _examples("post", "/v1/pacs008/{network}")["accepted"]
    probes = []
    for path in (
        "/v1/pacs008/{network}",
        "/v1/pacs028/{network}",
        "/v1/transfers/batch-status",
        "/v1/camt056/{network}",
    ):
        url = live_server + path.format(network="net")
        probes.append(("post", path, requests.post(url, data=b"<Document/>", headers={"Content-Type": "text/xml"})))
        probes.append(("post", path, requests.get(url, headers=xml)))
    production = {**xml, "NET-API-KEY": production_key}
    url = live_server + "/v1/pacs008/net"
    probes.append(
        ("post", "/v1/pacs008/{network}", requests.post(url, data=with_fresh_message_id(accepted), headers=production))
    )
    for path in ("/healthz", "/readyz", "/metrics", "/openapi.yaml", "/ops"):
        probes.append(("get", path, requests.get(live_server + path)))
    ops = requests.get(live_server + "/ops", headers={"Authorization": f"Bearer {OPS_TOKEN}"})
    probes.append(("get", "/ops", ops))
    return probes


def test_every_documented_status_is_answered_by_the_real_app(live_server: str, api_key: str) -> None:
    production_key = make_key("Live Bank", Environment.PRODUCTION)
    answered = set()
    for method, path, response in _probes(live_server, api_key, production_key):
        # A GET on a POST route is a 405 of that route.
        check_answer(method, path, response)
        answered.add((method, path, str(response.status_code)))
    for method, path, _ in operations():
        for name in _examples(method, path):
            answered.add((method, path, _documented_answer(method, path, name)[0]))
    documented = {
        (method, path, status) for method, path, operation in operations() for status in operation["responses"]
    }
    assert documented - answered == set(ANSWERED_ELSEWHERE)
    for where in ANSWERED_ELSEWHERE.values():
        test_file, _, test_name = where.partition("::")
        source = (Path(__file__).parents[2] / test_file).read_text()
        assert f"def {test_name}(" in source if test_name else source


@pytest.mark.parametrize("path", ["/v1/pacs008/{network}", "/v1/pacs028/{network}"])
def test_the_documented_reason_codes_are_the_ones_the_service_uses(path: str) -> None:
    codes = set(re.findall(r"<Cd>([A-Z0-9]{4})</Cd>", yaml.safe_dump(SPEC["paths"][path])))
    assert codes <= {code.value for code in ReasonCode}


def test_the_documented_webhook_is_what_the_deliverer_sends(client: FlaskClient, api_key: str) -> None:
    """A real delivery to a real receiver carries every documented header, valid, and the documented body type."""
    operation = SPEC["webhooks"]["transferEvent"]["post"]
    assert {p["name"] for p in operation["parameters"]} == {
        "webhook-id", "webhook-timestamp", "webhook-signature", EVENT_TYPE_HEADER, TRANSFER_ID_HEADER,
    }  # fmt: skip
    kinds = next(p for p in operation["parameters"] if p["name"] == EVENT_TYPE_HEADER)["schema"]["enum"]
    assert tuple(kinds) == KINDS
    receiver = Receiver().start()
    try:
        register("Acme Bank", receiver.url)
        submit(client, api_key)
        deliverer = Deliverer(WebhookSettings(senders=1), "openapi-test")
        assert deliverer.run_once() == 1
        deliverer.leave()
        (received,) = receiver.snapshot()
    finally:
        receiver.stop()
    for parameter in operation["parameters"]:
        value = received.headers.get(parameter["name"].lower())  # the receiver keeps names in lower case
        assert value is not None, parameter["name"]
        schema = parameter["schema"]
        OAS31Validator(schema, format_checker=OAS31Validator.FORMAT_CHECKER).validate(value)
    assert received.headers["content-type"] in operation["requestBody"]["content"]
