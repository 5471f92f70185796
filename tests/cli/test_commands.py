"""Operator commands: orgs, keys, demo."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from flask import Flask
from flask.testing import FlaskCliRunner
from freezegun import freeze_time

from services.api_keys import authenticate
from storage.database import database


def test_orgs_create_and_keys_issue_list_revoke(app: Flask, runner: FlaskCliRunner) -> None:
    assert "organization 1: Acme" in runner.invoke(args=["orgs", "create", "Acme"]).output
    assert runner.invoke(args=["orgs", "create", "Acme"]).exit_code != 0
    app.config.update(
        PRODUCTION_HORIZON_URL="https://horizon.example",
        PRODUCTION_NETWORK_PASSPHRASE="Public Global Stellar Network ; September 2015",
        PRODUCTION_SECRETS_FILE="/etc/tkn-gateway/production-secrets.json",
    )
    issued = runner.invoke(args=["keys", "issue", "Acme", "--environment", "production"])
    assert issued.exit_code == 0
    plain = issued.output.strip().splitlines()[-1]
    assert plain.startswith("tkn_live_")
    key_id = plain.split("_")[2]
    listed = runner.invoke(args=["keys", "list"]).output
    assert key_id in listed and "Production" in listed and plain not in listed
    assert runner.invoke(args=["keys", "revoke", key_id]).exit_code == 0
    assert "revoked" in runner.invoke(args=["keys", "list", "Acme"]).output
    with database.connection_context():
        assert authenticate(plain) is None


def test_keys_issue_for_unknown_org_fails(runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["keys", "issue", "Nobody"])
    assert result.exit_code != 0 and "no organization" in result.output


def test_demo_ensure_creates_once_and_saves_key_0600(runner: FlaskCliRunner, app: Flask) -> None:
    first = runner.invoke(args=["demo", "ensure"])
    assert first.exit_code == 0
    plain = first.output.strip().splitlines()[-1]
    key_file = Path(app.config["DEMO_KEY_FILE"])
    assert key_file.read_text().strip() == plain
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    with database.connection_context():
        assert authenticate(plain) is not None
    second = runner.invoke(args=["demo", "ensure"])
    assert second.exit_code == 0 and plain not in second.output


def test_demo_ensure_reissues_a_key_when_the_saved_one_is_gone(runner: FlaskCliRunner, app: Flask) -> None:
    first = runner.invoke(args=["demo", "ensure"]).output.strip().splitlines()[-1]
    key_file = Path(app.config["DEMO_KEY_FILE"])
    key_file.unlink()  # a fresh clone: the store outlives the checkout's var/
    second = runner.invoke(args=["demo", "ensure"])
    assert "new sandbox API key" in second.output
    fresh = key_file.read_text().strip()
    assert fresh != first and fresh == second.output.strip().splitlines()[-1]
    with database.connection_context():
        assert authenticate(fresh) is not None


def test_demo_ensure_leaves_a_store_without_the_demo_org_alone(runner: FlaskCliRunner, app: Flask) -> None:
    runner.invoke(args=["orgs", "create", "Acme"])
    assert "no demo data" in runner.invoke(args=["demo", "ensure"]).output
    assert not Path(app.config["DEMO_KEY_FILE"]).exists()


def test_a_production_key_is_refused_naming_the_missing_settings(app: Flask, runner: FlaskCliRunner) -> None:
    runner.invoke(args=["orgs", "create", "Acme"])
    app.config.update(PRODUCTION_HORIZON_URL="https://horizon.example")
    refused = runner.invoke(args=["keys", "issue", "Acme", "--environment", "production"])
    assert refused.exit_code != 0
    assert "lacks PRODUCTION_NETWORK_PASSPHRASE, PRODUCTION_SECRETS_FILE" in refused.output
    assert "tkn_live_" not in refused.output
    assert runner.invoke(args=["keys", "issue", "Acme"]).exit_code == 0  # a Sandbox key needs none of them


def test_keys_list_has_headers_creation_time_and_the_last_use_a_request_left(
    app: Flask, runner: FlaskCliRunner, api_key: str
) -> None:
    lines = runner.invoke(args=["keys", "list"]).output.splitlines()
    assert lines[0].split("\t") == ["key_id", "organization", "environment", "created_at", "last_used_at", "state"]
    key_id, organization, environment, created, last_used, state = lines[1].split("\t")
    assert (key_id, organization, environment, last_used, state) == (
        api_key.split("_")[2],
        "Acme Bank",
        "Sandbox",
        "never",
        "active",
    )
    assert created.endswith("Z")
    with freeze_time("2026-11-25 09:30:00"):
        answer = app.test_client().post("/v1/pacs028/net", data=b"<x/>", headers={"NET-API-KEY": api_key})
    assert answer.status_code == 400  # authenticated, then refused: a use all the same
    assert runner.invoke(args=["keys", "list"]).output.splitlines()[1].split("\t")[4] == "2026-11-25T09:30:00Z"


def test_demo_ensure_prefunds_the_samples_account_once(runner: FlaskCliRunner, app: Flask) -> None:
    first = runner.invoke(args=["demo", "ensure"]).output
    assert "is prefunded: account ACC-000123456 holds 500.00 USD" in first
    runner.invoke(args=["demo", "ensure"])
    listed = runner.invoke(args=["accounts", "list", "Demo Organization"]).output
    assert "funding policy: prefunded" in listed
    assert "ACC-000123456\tUSD\topen\t500.00\t0.00\t500.00" in listed
