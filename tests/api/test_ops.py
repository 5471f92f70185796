"""GET /ops: off without OPS_TOKEN, only for the token, read-only HTML that shows no secret."""

from __future__ import annotations

import base64
from datetime import timedelta
from typing import Any

import pytest
from flask.testing import FlaskClient
from freezegun import freeze_time

from app import create_app
from config import InvalidSetting
from tests.support.console import STORY_SECRET, STUCK_CHANNEL, seed_accounts, seed_story, stick_a_channel
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
    with pytest.raises(InvalidSetting, match="OPS_TOKEN is 5 characters, it must be at least 16"):
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
    assert not any(channel in page for channel in CHANNELS)  # summarised: none in trouble
    assert '<tr data-environment="Sandbox"><td>Sandbox</td><td class="num">2</td><td class="num">1</td>' in page
    assert "Transfers accepted per 5 min" in page and "Transfers accepted per 60 min" in day
    assert page.count("<rect ") >= 12
    assert "https://hooks.acme.example/tkn</td>" in page and "disabled: disabled after 24 h of failures" in page
    for secret in (TOKEN, api_key, api_key.split("_", 3)[3], "<Document/>", WEBHOOK_SECRET, "hook-password", "token="):
        assert secret not in page and secret not in day


def test_a_channel_in_trouble_is_shown_with_its_holder(client: FlaskClient, organization_id: int) -> None:
    seed(organization_id)
    stick_a_channel(NOW, for_seconds=600)
    with freeze_time(NOW):
        page = client.get("/ops", headers=basic(TOKEN)).get_data(as_text=True)
    assert '<table id="channels">' in page and STUCK_CHANNEL in page and "worker-9" in page
    assert not any(channel in page for channel in CHANNELS)
    assert '<td class="num">1</td></tr>' in page  # one stuck in the summary


def test_the_page_shows_each_accounts_money_and_the_days_am04_refusals(
    client: FlaskClient, organization_id: int
) -> None:
    seed_accounts(organization_id, NOW)
    with freeze_time(NOW):
        page = client.get("/ops", headers=basic(TOKEN)).get_data(as_text=True)
    assert '<div class="value" id="am04-today">4</div>' in page
    assert '<tr class="alert"><td class="name">Storage Bank</td><td class="num">3</td></tr>' in page
    assert '<tr class="alert"><td class="name">Other Bank</td><td class="num">1</td></tr>' in page
    rich = '<td class="num">1000.00</td><td class="num">200.00</td><td class="num">800.00</td><td class="num">0</td>'
    assert rich in page and "ACC-RICH" in page and "ACC-DRY" in page
    with freeze_time(NOW + timedelta(days=1)):
        tomorrow = client.get("/ops", headers=basic(TOKEN)).get_data(as_text=True)
    assert '<div class="value" id="am04-today">0</div>' in tomorrow and 'id="refusals"' not in tomorrow


def test_a_search_opens_the_transfers_story_and_shows_no_secret(client: FlaskClient, organization_id: int) -> None:
    story = seed_story(organization_id, NOW)
    for term in (str(story.transfer_id), story.message_id, story.end_to_end_id):
        answer = client.get("/ops", query_string={"q": term}, headers=basic(TOKEN))
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
        page = answer.get_data(as_text=True)
        assert f'<span class="mono" id="transfer-id">{story.transfer_id}</span>' in page
        assert f'<dd class="mono" id="ledger-hash">{story.hashes[1]} (ledger 42)</dd>' in page
        assert all(tx_hash in page for tx_hash in story.hashes)
        assert "Processing → Completed" in page and "tx_too_late" in page
        assert "https://receiver.acme.example/hooks</td>" in page and "HTTP 503" in page
        for secret in (TOKEN, STORY_SECRET, "story-password", "story-query", "envelope-xdr", "payload-never-shown"):
            assert secret not in page
    assert client.get("/ops", query_string={"q": story.message_id}).status_code == 401


def test_a_search_that_finds_nothing_or_many_says_so(client: FlaskClient, organization_id: int) -> None:
    seed_story(organization_id, NOW)
    seed_story(organization_id, NOW + timedelta(seconds=1))
    many = client.get("/ops?q=E2E-STORY-1", headers=basic(TOKEN)).get_data(as_text=True)
    assert '<table id="matches">' in many and many.count('<a href="?q=') == 2 and 'id="transfer-id"' not in many
    none = client.get("/ops?q=%3Cscript%3Ex", headers=basic(TOKEN)).get_data(as_text=True)
    assert 'id="no-match"' in none and "&lt;script&gt;x" in none and "<script" not in none


def test_an_empty_search_shows_the_console(client: FlaskClient, organization_id: int) -> None:
    for query in ("?q=", "?q=+++"):
        page = client.get(f"/ops{query}", headers=basic(TOKEN)).get_data(as_text=True)
        assert 'id="backlog"' in page and 'id="no-match"' not in page
