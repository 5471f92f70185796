"""A committed transfer wakes a listening worker at once on Postgres."""

from __future__ import annotations

import pytest
from flask import Flask

from storage.notifications import TransferWakeup
from tests.conftest import make_key
from tests.support.databases import postgres_url
from tests.support.messages import pacs008


@pytest.mark.skipif(postgres_url() is None, reason="LISTEN/NOTIFY is Postgres only")
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


def test_sqlite_wakeup_just_sleeps() -> None:
    wakeup = TransferWakeup("sqlite:///unused.sqlite3")
    assert not wakeup.listening
    assert wakeup.wait(0) is False
