"""`flask webhooks ...`: add (secret once), list, disable/enable, rotate-secret, deliveries, redeliver."""

from __future__ import annotations

import logging

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from services.api_keys import Environment, issue_api_key
from services.webhooks.delivery import Deliverer
from storage.database import database
from storage.models import utc_now
from storage.organizations import insert_organization
from tests.services.webhooks.conftest import SETTINGS, Clock, submit, verify
from tests.support.receiver import Answer, running


def add(runner: FlaskCliRunner, *args: str) -> tuple[str, str]:
    """(endpoint id, secret) of a successful `webhooks add`."""
    result = runner.invoke(args=["webhooks", "add", *args])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    return lines[0].split()[1], lines[-1]


def test_add_prints_the_secret_once_and_list_never_shows_it(
    runner: FlaskCliRunner, api_key: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    endpoint_id, secret = add(
        runner, "Acme Bank", "http://127.0.0.1:9/hooks", "--events", "transfer.failed,transfer.completed"
    )
    assert secret.startswith("whsec_")
    listed = runner.invoke(args=["webhooks", "list", "Acme Bank"]).output
    assert f"{endpoint_id}\thttp://127.0.0.1:9/hooks\ttransfer.completed,transfer.failed\tenabled" in listed
    assert secret not in listed
    assert secret.removeprefix("whsec_") not in caplog.text


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["Nobody", "http://127.0.0.1/x"], "no organization"),
        (["Acme Bank", "ftp://127.0.0.1/x"], "only http:// and https://"),
        (["Acme Bank", "http://127.0.0.1/x", "--events", "transfer.settled"], "unknown event kind"),
    ],
)
def test_add_refuses(runner: FlaskCliRunner, api_key: str, args: list[str], error: str) -> None:
    result = runner.invoke(args=["webhooks", "add", *args])
    assert result.exit_code != 0 and error in result.output


def test_a_production_organization_may_add_only_public_https(runner: FlaskCliRunner, app: Flask) -> None:
    with database.connection_context():
        insert_organization("Live Bank")
        issue_api_key("Live Bank", Environment.PRODUCTION)
    for url, error in [
        ("http://hooks.bank.example/in", "only https://"),
        ("https://127.0.0.1/in", "refused in Production"),
        ("https://10.0.0.8/in", "refused in Production"),
        ("https://169.254.169.254/latest", "refused in Production"),
    ]:
        result = runner.invoke(args=["webhooks", "add", "Live Bank", url])
        assert result.exit_code != 0 and error in result.output, url
    add(runner, "Live Bank", "https://hooks.bank.example/in")


def test_disable_enable_and_unknown_ids(runner: FlaskCliRunner, api_key: str) -> None:
    endpoint_id, _ = add(runner, "Acme Bank", "http://127.0.0.1:9/hooks")
    assert runner.invoke(args=["webhooks", "disable", endpoint_id]).exit_code == 0
    assert "disabled" in runner.invoke(args=["webhooks", "list", "Acme Bank"]).output
    assert runner.invoke(args=["webhooks", "enable", endpoint_id]).exit_code == 0
    assert "\tenabled\t" in runner.invoke(args=["webhooks", "list", "Acme Bank"]).output
    for command in ("disable", "enable", "rotate-secret"):
        result = runner.invoke(args=["webhooks", command, "999"])
        assert result.exit_code != 0 and "no webhook endpoint 999" in result.output
    assert "no webhook event" in runner.invoke(args=["webhooks", "redeliver", "msg_nope"]).output


def test_rotate_deliveries_and_redeliver(runner: FlaskCliRunner, client: FlaskClient, api_key: str, app: Flask) -> None:
    clock = Clock(utc_now())
    answers = iter([Answer(500), Answer(), Answer()])
    for receiver in running(lambda _: next(answers)):
        endpoint_id, old = add(runner, "Acme Bank", receiver.url)
        rotated = runner.invoke(args=["webhooks", "rotate-secret", endpoint_id])
        assert rotated.exit_code == 0 and "also signs until" in rotated.output
        new = rotated.output.strip().splitlines()[1]
        assert new.startswith("whsec_") and new != old
        submit(client, api_key)
        deliverer = Deliverer(SETTINGS, "cli-test", clock=clock)
        deliverer.run_once()
        failed = runner.invoke(args=["webhooks", "deliveries", "Acme Bank", "--failed"]).output.splitlines()
        assert len(failed) == 2 and "\ttransfer.created\t" in failed[1] and "\tpending\t1\t500\tHTTP 500\t" in failed[1]
        event_id = failed[1].split("\t")[0]
        clock.advance(SETTINGS.retry_max_seconds)
        deliverer.run_once()
        assert len(runner.invoke(args=["webhooks", "deliveries", "Acme Bank", "--failed"]).output.splitlines()) == 1
        listed = runner.invoke(args=["webhooks", "deliveries", "Acme Bank", "--limit", "5"]).output.splitlines()
        assert "\tdelivered\t2\t200\t-\t" in listed[1]
        redone = runner.invoke(args=["webhooks", "redeliver", event_id])
        assert redone.exit_code == 0 and f"queued again for 1 endpoint(s): {endpoint_id}" in redone.output
        deliverer.run_once()
        got = receiver.snapshot()
        assert [r.headers["webhook-id"] for r in got] == [event_id] * 3
        for request in got:
            verify(old, request)
            verify(new, request)


def test_deliver_once_sends_what_is_due_and_exits(runner: FlaskCliRunner, client: FlaskClient, api_key: str) -> None:
    for receiver in running():
        endpoint_id, secret = add(runner, "Acme Bank", receiver.url)
        submit(client, api_key)
        result = runner.invoke(args=["deliver", "--once"])
        assert (result.exit_code, result.output) == (0, "deliveries sent: 1\n")
        (request,) = receiver.snapshot()
        verify(secret, request)
        assert endpoint_id in runner.invoke(args=["webhooks", "list", "Acme Bank"]).output
