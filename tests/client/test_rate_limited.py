"""tkn-client waits out a 429's Retry-After and sends the same bytes again: one transfer, no AM05."""

from __future__ import annotations

from datetime import UTC, datetime

import requests
from freezegun import freeze_time
from tkn_client.transport import Gateway, send

from services.rate_limits import RateEndpoint, set_rate_limit
from storage.database import database
from storage.organizations import find_organization
from tests.support.databases import row_counts
from tests.support.messages import pacs008


def test_a_429_is_sent_again_after_retry_after_and_accepted(live_server: str, api_key: str) -> None:
    with database.connection_context():
        acme = find_organization("Acme Bank")
        assert acme is not None
        set_rate_limit(int(acme.id), RateEndpoint.PACS008, 0.25)  # one every 4 seconds
    gateway = Gateway(live_server, api_key)
    waits: list[tuple[str, float, int]] = []
    with freeze_time(datetime.now(UTC)) as clock, requests.Session() as session:

        def wait(seconds: float) -> None:
            clock.tick(seconds)

        first = send(gateway, "pacs008", pacs008(), session=session, on_retry=lambda *_: None, sleep=wait)
        second = send(
            gateway, "pacs008", pacs008(), session=session, on_retry=lambda *why: waits.append(why), sleep=wait
        )
    assert (first.status, second.status, second.attempts) == (201, 201, 2)
    assert waits == [("HTTP 429", 4.0, 2)]
    assert row_counts()[0] == 2
