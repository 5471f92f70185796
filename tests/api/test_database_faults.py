"""A database the API cannot reach: 503 with Retry-After and a pacs.002 for both messages, nothing
written, and the next request after the database is back succeeds (docs/decisions.md P10).

Caused for real on a throwaway Postgres server: stopped, restarted, or a session ended mid-statement.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from flask.testing import FlaskClient

import storage.database
from api.errors import DATABASE_RETRY_AFTER_SECONDS
from harness.postgres import ThrowawayPostgres
from storage.database import database
from tests.support.databases import reset_postgres, row_counts
from tests.support.messages import camt056, pacs008, pacs028
from tests.support.reports import parse_report
from tests.support.resolutions import parse_answer

PACS008 = "/v1/pacs008/net"
PACS028 = "/v1/pacs028/net"
CAMT056 = "/v1/camt056/net"


@pytest.fixture()
def app_config(app_config: dict[str, Any], throwaway_postgres: ThrowawayPostgres) -> dict[str, Any]:
    """The app on the throwaway server, migrated."""
    reset_postgres(throwaway_postgres.url)
    return {**app_config, "DATABASE_URL": throwaway_postgres.url}


@contextlib.contextmanager
def stopped(server: ThrowawayPostgres) -> Iterator[None]:
    """The server down for the block, and up again after it whatever happened."""
    server.stop()
    try:
        yield
    finally:
        server.start()


def post(client: FlaskClient, key: str, url: str, body: bytes) -> Any:
    return client.post(url, data=body, headers={"NET-API-KEY": key, "Content-Type": "application/xml"})


def create(client: FlaskClient, key: str) -> str:
    response = post(client, key, PACS008, pacs008())
    assert response.status_code == 201, response.data
    return parse_report(response.data).info()["TransferId"]


def assert_retry_later(response: Any) -> None:
    assert response.status_code == 503
    assert response.headers["Retry-After"] == str(DATABASE_RETRY_AFTER_SECONDS)
    report = parse_report(response.data)  # a valid pacs.002
    assert (report.status, report.codes) == ("RJCT", ["TECH"])
    assert "could not reach its database" in report.text


def test_a_stopped_database_is_503_for_both_messages_and_the_next_request_after_it_succeeds(
    client: FlaskClient, api_key: str, throwaway_postgres: ThrowawayPostgres
) -> None:
    transfer_id = create(client, api_key)
    transfer_body, query_body = pacs008(), pacs028(instruction_id=transfer_id)
    with stopped(throwaway_postgres):
        assert_retry_later(post(client, api_key, PACS008, transfer_body))
        assert_retry_later(post(client, api_key, PACS028, query_body))
    assert post(client, api_key, PACS008, transfer_body).status_code == 201  # the same message, resent
    assert post(client, api_key, PACS028, query_body).status_code == 200
    assert row_counts() == (2, 2, 1)  # what the two 503s were asked for: written once, on the resend


def test_a_request_right_after_a_restart_succeeds(
    client: FlaskClient, api_key: str, throwaway_postgres: ThrowawayPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.database, "TRUST_RECENT_SECONDS", 3600.0)  # however recently it was used
    create(client, api_key)
    throwaway_postgres.restart()
    create(client, api_key)  # the pooled connection to the old server is replaced, not used
    assert row_counts() == (2, 2, 0)


def _terminate_when_sleeping(url: str, deadline: float) -> None:
    with psycopg.connect(url, autocommit=True) as admin:
        while time.monotonic() < deadline:
            ended = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep'"
            ).fetchall()
            if ended:
                return
            time.sleep(0.05)


def test_a_connection_lost_mid_statement_is_503_and_writes_nothing(
    client: FlaskClient, api_key: str, throwaway_postgres: ThrowawayPostgres
) -> None:
    with database.connection_context():
        database.execute_sql(
            'CREATE FUNCTION "slow_insert"() RETURNS trigger LANGUAGE plpgsql AS '
            "$$ BEGIN PERFORM pg_sleep(30); RETURN NEW; END $$"
        )
        database.execute_sql(
            'CREATE TRIGGER "slow_insert" BEFORE INSERT ON "transfer" FOR EACH ROW EXECUTE FUNCTION "slow_insert"()'
        )
    terminator = threading.Thread(
        target=_terminate_when_sleeping, args=(throwaway_postgres.url, time.monotonic() + 30), daemon=True
    )
    terminator.start()
    body = pacs008()
    assert_retry_later(post(client, api_key, PACS008, body))  # its session ended inside the INSERT
    terminator.join()
    with database.connection_context():
        database.execute_sql('DROP TRIGGER "slow_insert" ON "transfer"')
    assert row_counts() == (0, 0, 0)
    assert post(client, api_key, PACS008, body).status_code == 201


def test_a_camt056_on_a_stopped_database_is_503_in_camt029_form_and_its_resend_is_decided(
    client: FlaskClient, api_key: str, throwaway_postgres: ThrowawayPostgres
) -> None:
    cancellation = camt056(instruction_id=create(client, api_key))
    with stopped(throwaway_postgres):
        response = post(client, api_key, CAMT056, cancellation)
    assert response.status_code == 503
    assert response.headers["Retry-After"] == str(DATABASE_RETRY_AFTER_SECONDS)
    answer = parse_answer(response.data)  # a valid camt.029
    assert (answer.confirmation, answer.proprietary) == ("RJCR", "TECH")
    assert "could not reach its database" in answer.text
    resent = post(client, api_key, CAMT056, cancellation)
    assert (resent.status_code, parse_answer(resent.data).confirmation) == (200, "CNCL")
