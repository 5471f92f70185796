"""`flask --app app deliver [--once]`: the webhook deliverer (docs/webhooks.md); SIGTERM stops it cleanly."""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
from types import FrameType

import click
from flask import current_app
from flask.cli import with_appcontext

from services.webhooks.delivery import Deliverer
from services.webhooks.settings import webhook_settings
from telemetry.logs import configure_logging

log = logging.getLogger("gateway.deliver")


@click.command("deliver")
@click.option("--once", is_flag=True, help="Dispatch the outbox and send what is due now once, then exit.")
@with_appcontext
def command(once: bool) -> None:
    """Send webhook events at least once, until SIGTERM (or, with --once, one round)."""
    configure_logging()
    worker_id = f"{socket.gethostname()}-{os.getpid()}"
    deliverer = Deliverer(webhook_settings(current_app.config), worker_id)
    if once:
        try:
            click.echo(f"deliveries sent: {deliverer.run_once()}")
        finally:
            deliverer.leave()
        return
    stop = threading.Event()
    received: list[str] = []

    def _stop(signum: int, _: FrameType | None) -> None:
        # No logging here: the handler may interrupt a thread that holds the log handler's lock.
        received.append(signal.Signals(signum).name)
        stop.set()

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    log.info("webhook deliverer %s started (%d senders)", worker_id, deliverer.settings.senders)
    deliverer.run(stop)
    log.info("webhook deliverer %s stopped (%s)", worker_id, ", ".join(received) or "the loop ended")
