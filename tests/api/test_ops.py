"""GET /ops: off without OPS_TOKEN, only for the token, read-only HTML that shows no secret."""

from __future__ import annotations

import base64
from typing import Any

import pytest
from flask.testing import FlaskClient
from freezegun import freeze_time

from app import create_app
from tests.support.operations import CHANNELS, NOW, REASONS, WEBHOOK_SECRET, seed

TOKEN = "ops-token-0123456789abcdef"


def basic(password: str, user: str = "ops") -> dict[str, str]:
    """An Authorization header for HTTP Basic, as a browser sends it."""
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


@pytest.fixture()
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    """The console on, with a test token."""
    return {**app_config, "OPS_TOKEN": TOKEN}


def test_the_console_does_not_exist_without_a_token(app_config: dict[str, Any]) -> None:
    answer = create_app({**app_config, "OPS_TOKEN": ""}).test_client().get("/ops", headers=basic(TOKEN))
    assert answer.status_code == 404 and b"<html" not in answer.data


def test_a_short_token_is_refused_at_start(app_config: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="OPS_TOKEN must be at least 16 characters"):
        create_app({**app_config, "OPS_TOKEN": "short"})


@pytest.mark.parametrize(
    "headers",
    [
        {},
        basic("wrong-token-0123456789abcdef"),
        basic(TOKEN[:-1]),
        {"Authorization": "Bearer wrong"},
        {"Authorization": "Digest " + TOKEN},
        {"Authorization": "Basic !!!"},
    ],
)
def test_without_the_token_the_answer_is_401_with_a_basic_challenge(
    client: FlaskClient, headers: dict[str, str]
) -> None:
    answer = client.get("/ops", headers=headers)
    assert answer.status_code == 401
    assert answer.headers["WWW-Authenticate"].startswith('Basic realm="ops"')
    assert answer.data == b""
    assert "Content-Type" not in answer.headers


def test_the_token_as_basic_password_or_bearer_opens_a_read_only_page(client: FlaskClient) -> None:
    for headers in (basic(TOKEN), basic(TOKEN, user="anyone"), {"Authorization": f"Bearer {TOKEN}"}):
        answer = client.get("/ops", headers=headers)
        assert answer.status_code == 200, answer.data
        assert answer.mimetype == "text/html"
        assert answer.headers["Cache-Control"] == "no-store"
        assert "default-src 'none'" in answer.headers["Content-Security-Policy"]
        assert b"<script" not in answer.data
    assert client.post("/ops", headers=basic(TOKEN)).status_code == 405


def test_the_page_shows_states_backlog_failures_and_channels_but_no_secret(
    client: FlaskClient, organization_id: int, api_key: str
) -> None:
    seed(organization_id)
    with freeze_time(NOW):
        page = client.get("/ops", headers=basic(TOKEN)).get_data(as_text=True)
        day = client.get("/ops?window=24h", headers=basic(TOKEN)).get_data(as_text=True)
    assert '<strong data-state="Completed">29</strong>' in page
    assert '<div class="value" id="backlog">3 open</div>' in page
    assert '<div class="value" id="blocked-count">1</div>' in page
    assert all(reason in page for reason in REASONS)
    assert all(channel in page for channel in CHANNELS)
    assert "Transfers accepted per 5 min" in page and "Transfers accepted per 60 min" in day
    assert page.count("<rect ") >= 12
    assert "https://hooks.acme.example/tkn</td>" in page and "disabled: disabled after 24 h of failures" in page
    for secret in (TOKEN, api_key, api_key.split("_", 3)[3], "<Document/>", WEBHOOK_SECRET, "hook-password", "token="):
        assert secret not in page and secret not in day
