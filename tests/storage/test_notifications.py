"""A created transfer wakes listening workers on Postgres, at most once per interval per process."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterator
from typing import Any

import peewee
import psycopg
import pytest
from flask import Flask
from freezegun import freeze_time

from harness.postgres import ThrowawayPostgres
from storage.database import database
from storage.notifications import CHANNEL, CreatedSignal, TransferWakeup
from tests.conftest import make_key
from tests.support.databases import postgres_url
from tests.support.messages import pacs008

Listener = psycopg.Connection[tuple[Any, ...]]
postgres_only = pytest.mark.skipif(postgres_url() is None, reason="LISTEN/NOTIFY is Postgres only")


@pytest.fixture()
def listener(app: Flask) -> Iterator[Listener]:
    """A raw connection listening on the channel, as a settlement worker's is."""
    with psycopg.connect(app.config["DATABASE_URL"], autocommit=True) as connection:
        connection.execute(f"LISTEN {CHANNEL}")
        yield connection


def received(connection: Listener) -> int:
    """How many notifications arrived since the last call."""
    return sum(1 for _ in connection.notifies(timeout=0.2))


@postgres_only
def test_new_transfer_notifies_listeners(app: Flask) -> None:
    key = make_key("Notify Bank")
    wakeup = TransferWakeup(app.config["DATABASE_URL"])
    assert wakeup.listening
    try:
        assert wakeup.wait(0) is False
        headers = {"Content-Type": "application/xml", "NET-API-KEY": key}
        assert app.test_client().post("/v1/pacs008/net", data=pacs008(), headers=headers).status_code == 201
        assert wakeup.wait(30) is True
    finally:
        wakeup.close()


@postgres_only
def test_only_a_created_transfer_notifies(app: Flask, listener: Listener) -> None:
    context = app.extensions["gateway"]
    app.extensions["gateway"] = dataclasses.replace(context, created=CreatedSignal(interval=0))
    headers = {"Content-Type": "application/xml", "NET-API-KEY": make_key("Notify Bank")}
    client = app.test_client()
    body = pacs008()
    assert client.post("/v1/pacs008/net", data=body, headers=headers).status_code == 201
    assert received(listener) == 1
    assert client.post("/v1/pacs008/net", data=body, headers=headers).status_code == 201  # a replay
    assert client.post("/v1/pacs008/net", data=b"<bad", headers=headers).status_code == 400
    assert received(listener) == 0


@postgres_only
def test_notifies_at_most_once_per_interval(app: Flask, listener: Listener) -> None:
    signal = CreatedSignal(interval=0.1)
    with database.connection_context(), freeze_time("2026-11-23T10:00:00Z") as clock:
        assert signal.send() is True
        assert signal.send() is False
        clock.tick(0.09)
        assert signal.send() is False
        clock.tick(0.02)
        assert signal.send() is True
    assert received(listener) == 2


@postgres_only
def test_a_failed_notify_is_logged_not_raised(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    with database.connection_context(), database.atomic() as transaction:
        with pytest.raises(peewee.ProgrammingError):
            database.execute_sql("SELECT no_such_column FROM transfer")
        assert CreatedSignal().send() is False  # the aborted transaction refuses the NOTIFY
        transaction.rollback()
    assert "could not notify settlement workers" in caplog.text
    assert caplog.records[-1].levelno == logging.WARNING


@postgres_only
def test_no_trigger_notifies_per_row(app: Flask) -> None:
    with database.connection_context():
        cursor = database.execute_sql("SELECT tgname FROM pg_trigger WHERE tgrelid = 'transfer'::regclass")
        assert [name for (name,) in cursor.fetchall() if not name.startswith("RI_")] == []


def test_sqlite_sends_nothing_and_just_sleeps(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    if postgres_url() is not None:
        pytest.skip("SQLite only")
    with database.connection_context():
        assert CreatedSignal(interval=0).send() is False
    assert caplog.records == []  # not even tried
    wakeup = TransferWakeup("sqlite:///unused.sqlite3")
    assert not wakeup.listening
    assert wakeup.wait(0) is False


def test_a_lost_listening_connection_comes_back_with_backoff(
    throwaway_postgres: ThrowawayPostgres, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="gateway.storage")
    wakeup = TransferWakeup(throwaway_postgres.url)
    assert wakeup.listening

    def tries() -> int:
        return caplog.text.count("cannot listen for new transfers")

    try:
        with freeze_time("2026-11-23T10:00:00Z") as clock:
            throwaway_postgres.stop()
            try:
                assert wakeup.wait(5) is False  # the server's goodbye ends the wait; nothing raised
                assert not wakeup.listening
                wakeup.wait(0)
                assert tries() == 1  # tried again at once, refused
                wakeup.wait(0)
                clock.tick(0.9)
                wakeup.wait(0)
                assert tries() == 1  # not before a second has passed
                clock.tick(0.2)
                wakeup.wait(0)
                assert tries() == 2  # then the wait doubles
                clock.tick(1.9)
                wakeup.wait(0)
                assert tries() == 2
            finally:
                throwaway_postgres.start()
            clock.tick(0.2)
            assert wakeup.wait(0) is False
        assert wakeup.listening
        assert "listening for new transfers again" in caplog.text
        with psycopg.connect(throwaway_postgres.url, autocommit=True) as other:
            other.execute(f"NOTIFY {CHANNEL}")
        assert wakeup.wait(30) is True
    finally:
        wakeup.close()
