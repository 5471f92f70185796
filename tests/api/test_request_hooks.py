"""Every route is answered through Flask's request cycle: an app-wide before- and after-request hook
added later runs for every request of every route, its success and its refusals alike."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask, Response, request
from werkzeug.routing import Rule

from config import OPS_TOKEN_MIN_LENGTH
from tests.support.messages import pacs008, pacs028
from tests.support.reports import parse_report

OPS_TOKEN = "o" * OPS_TOKEN_MIN_LENGTH
UNKNOWN = "00000000-0000-4000-8000-000000000000"
XML = "application/xml"


@pytest.fixture()
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    """Every optional route on: the console needs its token."""
    return {**app_config, "OPS_TOKEN": OPS_TOKEN}


class Hooks:
    """An extra before- and after-request hook on the app, noting each request they see."""

    def __init__(self, app: Flask) -> None:
        self.before: list[str] = []
        self.after: list[str] = []
        app.before_request(self._before)
        app.after_request(self._after)

    def _before(self) -> None:
        self.before.append(f"{request.method} {request.path}")

    def _after(self, response: Response) -> Response:
        self.after.append(f"{request.method} {request.path}")
        return response

    def clear(self) -> None:
        self.before.clear()
        self.after.clear()


def _path(app: Flask, rule: Rule) -> str:
    values = {argument: "net" for argument in rule.arguments}
    return app.url_map.bind("localhost").build(rule.endpoint, values, method=next(iter(rule.methods or ())))


def _requests(api_key: str, transfer_id: str) -> dict[str, Callable[[], dict[str, Any]]]:
    """Per endpoint, a request it answers with success: the requests a second path would serve."""
    key = {"NET-API-KEY": api_key}
    return {
        "transfers.submit_pacs008": lambda: {"data": pacs008(), "headers": {**key, "Content-Type": XML}},
        "transfers.query_pacs028": lambda: {
            "data": pacs028(instruction_id=transfer_id),
            "headers": {**key, "Content-Type": XML},
        },
        "batch_status.batch_status": lambda: {
            "data": json.dumps({"transfer_ids": [transfer_id, UNKNOWN]}),
            "headers": {**key, "Content-Type": "application/json"},
        },
        "ops.console": lambda: {"headers": {"Authorization": f"Bearer {OPS_TOKEN}"}},
    }


def test_every_route_is_answered_with_the_app_s_before_and_after_request_hooks(app: Flask, api_key: str) -> None:
    hooks = Hooks(app)
    client = app.test_client()
    created = client.post("/v1/pacs008/net", data=pacs008(), headers={"NET-API-KEY": api_key, "Content-Type": XML})
    transfer_id = parse_report(created.data).info()["TransferId"]
    succeeding = _requests(api_key, transfer_id)
    answered: set[str] = set()
    for rule in app.url_map.iter_rules():
        for method in sorted(rule.methods or ()):
            path = _path(app, rule)
            # Each route's successful request, then the same without any header or body: a refusal.
            for kwargs in (succeeding.get(rule.endpoint, dict)(), {}):
                hooks.clear()
                response = client.open(path, method=method, **kwargs)
                seen = f"{method} {path}"
                assert (hooks.before, hooks.after) == ([seen], [seen]), (seen, response.status)
                if kwargs:
                    assert response.status_code < 300, (seen, response.status, response.data[:200])
            answered.add(rule.endpoint)
    # The busy routes and the console are among those answered (the url_map is the app's own).
    assert set(succeeding) <= answered


def test_a_request_no_route_matches_runs_the_hooks_too(app: Flask) -> None:
    hooks = Hooks(app)
    response = app.test_client().post("/v1/pacs009/net", data=b"<x/>", headers={"Content-Type": XML})
    assert response.status_code == 404
    assert (hooks.before, hooks.after) == (["POST /v1/pacs009/net"], ["POST /v1/pacs009/net"])
