"""`flask --app app deliver [--once]`: the webhook deliverer (docs/webhooks.md); SIGTERM stops it cleanly."""

from __future__ import annotations

import logging
import os
import socket

import click
from flask import current_app
from flask.cli import with_appcontext

from cli.stop_signals import stop_on_signals
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
    stop, received = stop_on_signals()
    log.info("webhook deliverer %s started (%d senders)", worker_id, deliverer.settings.senders)
    deliverer.run(stop)
    log.info("webhook deliverer %s stopped (%s)", worker_id, ", ".join(received) or "the loop ended")
