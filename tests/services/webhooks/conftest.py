"""A real receiver, a clock the test moves, a deliverer on it, and helpers to make transfers and endpoints."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import freezegun
import pytest
from flask import Flask
from flask.testing import FlaskClient
from standardwebhooks import Webhook

from services.webhooks.delivery import Deliverer
from services.webhooks.endpoints import NewSecret, add_endpoint
from services.webhooks.settings import WebhookSettings
from storage.database import database
from storage.models import utc_now
from tests.support.messages import pacs008
from tests.support.receiver import Received, Receiver, running
from tests.support.reports import parse_report

# Short enough for tests; the rules are the same as with the defaults.
SETTINGS = WebhookSettings(timeout_seconds=3.0, claim_seconds=30.0, senders=4, per_endpoint=2)


@dataclass
class Clock:
    """Naive UTC time that only moves when the test moves it."""

    now: datetime

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture()
def clock() -> Clock:
    return Clock(utc_now())


@pytest.fixture()
def receiver() -> Iterator[Receiver]:
    yield from running()


@pytest.fixture()
def deliverer(app: Flask, clock: Clock) -> Deliverer:
    return Deliverer(SETTINGS, "test-deliverer", clock=clock)


def verify(secret: str, request: Received) -> None:
    """Verify with the `standardwebhooks` library alone, at the time the request says it was sent.

    The deliverer runs on the test's clock, which moves hours ahead; the library refuses a
    timestamp more than 5 minutes from its own clock, so it runs on a clock frozen at that time.
    """
    sent = datetime.fromtimestamp(int(request.headers["webhook-timestamp"]), UTC)
    with freezegun.freeze_time(sent):
        Webhook(secret).verify(request.body, request.headers, json_parse=False)


def register(organization: str, url: str, events: str | None = None, at: datetime | None = None) -> NewSecret:
    """An endpoint of the organization, registered at `at` (default: now)."""
    with database.connection_context():
        return add_endpoint(organization, url, events, at or utc_now() - timedelta(seconds=1))


def submit(client: FlaskClient, key: str, amount: str = "125.50") -> uuid.UUID:
    """A transfer accepted over the API: its Created event is in the outbox."""
    response = client.post(
        "/v1/pacs008/net", data=pacs008(amount=amount), headers={"NET-API-KEY": key, "Content-Type": "application/xml"}
    )
    assert response.status_code == 201
    return uuid.UUID(parse_report(response.data).info()["TransferId"])
