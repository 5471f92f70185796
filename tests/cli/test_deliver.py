"""`flask deliver` as a real process: killed with SIGKILL mid-batch, another one delivers everything, same ids.

A killed deliverer's claims come back as soon as another worker finds its liveness token released
(decision L5), not when they lapse: the claims here last an hour, so whatever the next deliverer
sends of them, it sends because it took them back.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import Flask
from flask.testing import FlaskClient

from services.webhooks.delivery import Deliverer
from services.webhooks.settings import WebhookSettings
from storage import workers
from storage.database import database
from storage.webhook_models import WebhookDelivery, WebhookMessage
from tests.services.webhooks.conftest import register, submit, verify
from tests.support.processes import stream_lines
from tests.support.receiver import Answer, Received, Receiver

EVENTS = 20


@contextmanager
def deliverer(app: Flask, **settings: str) -> Iterator[subprocess.Popen[str]]:
    """A `flask deliver` process on the test's store, killed at the end whatever happened."""
    env = {
        **os.environ,
        "DATABASE_URL": app.config["DATABASE_URL"],
        "WEBHOOK_POLL_SECONDS": "0.05",
        "WEBHOOK_CLAIM_SECONDS": "3600",
        "WEBHOOK_TIMEOUT_SECONDS": "30",
        "WEBHOOK_SENDERS": "4",
        **settings,
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "app", "deliver"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert process.stderr is not None
    lines, reader = stream_lines(process.stderr)  # drained all along, so the process never blocks on its log
    seen: list[str] = []
    try:
        wait_for(lambda: _started(lines, seen) or process.poll() is not None, "the deliverer to start")
        assert process.poll() is None, "".join(seen)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        reader.join()
        process.stderr.close()


def _started(lines: queue.Queue[str], seen: list[str]) -> bool:
    while not lines.empty():
        seen.append(lines.get())
        if "webhook deliverer" in seen[-1] and " started (" in seen[-1]:
            return True
    return False


def wait_for(predicate: Callable[[], bool], what: str, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def message_ids() -> set[str]:
    with database.connection_context():
        return {m.id for m in WebhookMessage.select()}


def registered() -> list[str]:
    with database.connection_context():
        return workers.registered()


def all_delivered() -> bool:
    with database.connection_context():
        states = {d.state for d in WebhookDelivery.select()}
    return states == {"delivered"}


def test_a_deliverer_killed_mid_batch_loses_nothing(client: FlaskClient, api_key: str, app: Flask) -> None:
    held = threading.Event()

    def hold_until_released(_: Received) -> Answer:
        held.wait(60)
        return Answer()

    receiver = Receiver(hold_until_released).start()
    try:
        endpoint = register("Acme Bank", receiver.url)
        for _ in range(EVENTS):
            submit(client, api_key, "1.00")
        with deliverer(app) as first:
            wait_for(lambda: len(receiver.snapshot()) >= 2, "the first deliverer to be mid-batch")
            first.send_signal(signal.SIGKILL)
            first.wait()
        in_flight_when_killed = set(receiver.ids())
        held.set()
        assert not all_delivered()
        assert len(registered()) == 1  # the dead one
        # One round, while the dead one's claims are an hour from lapsing.
        fresh = Deliverer(WebhookSettings(claim_seconds=3600.0, senders=4), "fresh-deliverer")
        fresh.run_once()
        assert all_delivered()
        assert registered() == [fresh.worker_id]
        fresh.leave()
        expected = message_ids()
        assert len(expected) == EVENTS
        assert set(receiver.ids()) == expected
        # At least once: what was in flight at the kill came again, with the same webhook-id.
        counts = {i: receiver.ids().count(i) for i in in_flight_when_killed}
        assert all(n >= 2 for n in counts.values()), counts
        for request in receiver.snapshot():
            verify(endpoint.secret, request)
    finally:
        held.set()
        receiver.stop()


def test_sigterm_stops_the_deliverer_cleanly(app: Flask) -> None:
    with deliverer(app) as process:
        wait_for(lambda: len(registered()) == 1, "the deliverer to register")
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
    assert registered() == []  # a clean stop unregisters
