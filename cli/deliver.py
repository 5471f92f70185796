"""`flask --app app deliver [--once]`: the webhook deliverer (docs/webhooks.md); SIGTERM stops it cleanly."""

from __future__ import annotations

import logging
import os
import socket

import click
from flask import current_app
from flask.cli import with_appcontext

from cli.stop_signals import stop_on_signals
from cli.store_group import StoreCommand
from services.webhooks.delivery import Deliverer
from services.webhooks.settings import webhook_settings
from telemetry.logs import configure_logging

log = logging.getLogger("gateway.deliver")


@click.command("deliver", cls=StoreCommand, short_help="The webhook deliverer (--once: one round, exit).")
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
    with stop_on_signals() as stop:
        log.info("webhook deliverer %s started (%d senders)", worker_id, deliverer.settings.senders)
        deliverer.run(stop.event)
        log.info("webhook deliverer %s stopped (%s)", worker_id, ", ".join(stop.received) or "the loop ended")
