"""samples/webhook_receiver.py, the ten lines docs/webhooks.md shows: verifies real events, refuses forged ones."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from flask.testing import FlaskClient

from config import PROJECT_ROOT
from harness.stack import free_port
from services.webhooks.delivery import Deliverer
from services.webhooks.sender import SendResult, post
from services.webhooks.signing import new_secret, webhook_headers
from services.webhooks.targets import resolve
from storage.database import database
from storage.webhook_models import WebhookDelivery
from tests.services.webhooks.conftest import SETTINGS, register, submit
from tests.support.processes import stream_lines, terminate

SAMPLE = Path(PROJECT_ROOT) / "samples" / "webhook_receiver.py"


def test_the_docs_show_the_sample_as_it_is() -> None:
    code = SAMPLE.read_text()
    assert len([line for line in code.splitlines() if line.strip()]) == 10
    assert code in (Path(PROJECT_ROOT) / "docs" / "webhooks.md").read_text()


def test_the_sample_receives_verified_events_and_refuses_a_forged_one(client: FlaskClient, api_key: str) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    endpoint = register("Acme Bank", url)
    env = {**os.environ, "WEBHOOK_SECRET": endpoint.secret, "PORT": str(port)}
    process = subprocess.Popen(
        [sys.executable, str(SAMPLE)], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert process.stdout is not None
    lines, reader = stream_lines(process.stdout)
    try:
        transfer_id = submit(client, api_key)
        deliverer = Deliverer(SETTINGS, "sample-test")
        deadline = time.monotonic() + 60
        while deliverer.run_once() == 0 or not _delivered():
            assert time.monotonic() < deadline, "the sample never answered 2xx"
            time.sleep(0.1)
        event_type, transfer, webhook_id = lines.get(timeout=30).split()
        assert (event_type, transfer) == ("transfer.created", str(transfer_id)) and webhook_id.startswith("msg_")
        forged = _post(url, new_secret())
        assert forged.status is None or forged.status >= 400
        assert lines.empty()
    finally:
        terminate(process)
        reader.join()
        process.stdout.close()


def _delivered() -> bool:
    with database.connection_context():
        return WebhookDelivery.select().where(WebhookDelivery.state == "delivered").exists()


def _post(url: str, secret: str) -> SendResult:
    body = b"<Document/>"
    headers = {
        **webhook_headers([secret], "msg_forged", datetime.now(UTC), body),
        "TKN-Event-Type": "transfer.completed",
        "TKN-Transfer-ID": "x",
    }
    return post(resolve(url, production=False), body, headers, 5.0)
