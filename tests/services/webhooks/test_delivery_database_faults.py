"""The database restarts between a webhook's send and the record of it: recorded once it is back, sent once.

Caused for real on a throwaway Postgres server, stopped by the receiver as the webhook arrives.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

from harness.postgres import ThrowawayPostgres
from services.webhooks.delivery import Deliverer
from storage.database import CONNECT_WAIT_SECONDS, database
from storage.webhook_models import WebhookAttempt, WebhookDelivery
from tests.services.webhooks.conftest import register, submit
from tests.support.databases import reset_postgres
from tests.support.receiver import Answer, Received, Receiver

# Longer than the pool waits for a connection, so the first try to record does fail.
DOWN_SECONDS = CONNECT_WAIT_SECONDS + 2


@pytest.fixture()
def app_config(app_config: dict[str, Any], throwaway_postgres: ThrowawayPostgres) -> dict[str, Any]:
    """The app on the throwaway server, migrated."""
    reset_postgres(throwaway_postgres.url)
    return {**app_config, "DATABASE_URL": throwaway_postgres.url}


def test_an_attempt_is_recorded_after_a_database_restart_and_the_webhook_is_not_sent_again(
    client: FlaskClient,
    api_key: str,
    receiver: Receiver,
    deliverer: Deliverer,
    throwaway_postgres: ThrowawayPostgres,
    caplog: pytest.LogCaptureFixture,
) -> None:
    register("Acme Bank", receiver.url)
    submit(client, api_key)
    restarted = threading.Event()

    def restart_later() -> None:
        restarted.wait(DOWN_SECONDS)
        throwaway_postgres.start()
        restarted.set()

    def stop_the_database(_: Received) -> Answer:
        if not restarted.is_set() and throwaway_postgres.running():
            throwaway_postgres.stop()
            threading.Thread(target=restart_later, daemon=True).start()
        return Answer()

    receiver.policy = stop_the_database
    try:
        with caplog.at_level(logging.WARNING):
            assert deliverer.run_once() == 1
    finally:
        if not throwaway_postgres.running():
            throwaway_postgres.start()

    assert restarted.is_set()
    assert len(receiver.snapshot()) == 1
    with database.connection_context():
        (delivery,) = WebhookDelivery.select()
        assert (delivery.state, delivery.attempts) == ("delivered", 1)
        assert [a.status_code for a in WebhookAttempt.select()] == [200]
    retried = [r for r in caplog.records if "attempt again" in r.getMessage()]
    assert retried and all(r.levelno == logging.WARNING for r in retried)
    assert all(r.levelno < logging.ERROR for r in caplog.records)
