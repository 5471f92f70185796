"""`flask --app app settle [--once]` runs the settlement worker (`flask --app app status` shows its progress)."""

from __future__ import annotations

import logging
import os
import socket
import threading
from wsgiref.simple_server import WSGIServer

import click
from flask import current_app
from flask.cli import with_appcontext

from cli.stop_signals import StopRequest, stop_on_signals
from cli.store_group import StoreCommand
from services.settlement.ledger_metrics import DistributionBalanceCollector
from services.settlement.runtime import settler_from_config
from services.settlement.worker import Settler
from services.store_metrics import StoreCollector
from storage.database import is_postgres
from storage.notifications import TransferWakeup
from telemetry.logs import configure_logging
from telemetry.metrics import serve_metrics, start_envelope_series

log = logging.getLogger("gateway.settle")

MAX_ONCE_PASSES = 10_000
DEFAULT_PASSES = 2  # per process on Postgres: the database work of claiming and recording, shared


def _run_once(settler: Settler) -> int:
    total = 0
    for _ in range(MAX_ONCE_PASSES):
        claimed = settler.run_once()
        if not claimed:
            break
        total += claimed
    return total


@click.command("settle", cls=StoreCommand, short_help="The settlement worker (--once: settle what is due, exit).")
@click.option("--once", is_flag=True, help="Settle what is due now, then exit.")
@with_appcontext
def command(once: bool) -> None:
    """Run the settlement worker until SIGTERM (or, with --once, until nothing is due)."""
    configure_logging()
    worker_id = f"{socket.gethostname()}-{os.getpid()}"
    settler = settler_from_config(current_app.config, worker_id=worker_id)
    for environment, problem in settler.problems.items():
        log.warning("%s settlement disabled: %s", environment, problem)
    if once:
        try:
            click.echo(f"claims processed: {_run_once(settler)}")
        finally:
            settler.leave()
            settler.close()
        return
    with stop_on_signals() as stop:
        _run_loops(settler, worker_id, stop)


def _run_loops(settler: Settler, worker_id: str, stop: StopRequest) -> None:
    """Run `settler` and SETTLEMENT_PASSES - 1 more loops until `stop`, then stop the metrics."""
    metrics = _start_metrics(settler)
    settlers = [settler, *_more_settlers(settler, worker_id)]
    url = current_app.config["DATABASE_URL"]
    threads = [threading.Thread(target=_run_loop, args=(s, url, stop.event), name=s.worker_id) for s in settlers[1:]]
    for thread in threads:
        thread.start()
    log.info(
        "settlement worker %s started (%d pass(es) in flight, poll %ss)",
        worker_id,
        len(settlers),
        settler.settings.poll_seconds,
    )
    try:
        _run_loop(settler, url, stop.event)
    finally:
        stop.event.set()
        for thread in threads:
            thread.join()
        if metrics is not None:
            metrics.shutdown()
            metrics.server_close()
    log.info("settlement worker %s stopped (%s)", worker_id, ", ".join(stop.received) or "a loop ended")


def _start_metrics(settler: Settler) -> WSGIServer | None:
    """The worker's own GET /metrics on SETTLEMENT_METRICS_HOST:SETTLEMENT_METRICS_PORT, when a port is set."""
    config = current_app.config
    port = int(config["SETTLEMENT_METRICS_PORT"])
    if not port:
        return None
    host = str(config["SETTLEMENT_METRICS_HOST"])
    start_envelope_series(settler.networks)
    gauges = [StoreCollector(), DistributionBalanceCollector(settler.networks)]
    server = serve_metrics(host, port, str(config["METRICS_TOKEN"]), lambda: gauges)
    log.info("settlement metrics on http://%s:%d/metrics", host, server.server_port)
    return server


def _more_settlers(first: Settler, worker_id: str) -> list[Settler]:
    """SETTLEMENT_PASSES - 1 more loops in this process, each with its own claims (Postgres only).

    No pass waits for a ledger (asynchronous submission); a second loop shares the database work
    of claiming, building and recording. Every loop reads the ledger through the first one's
    clients, view, scans and bids: one process's reads stay within the budget, however many loops.
    Each gets the first one's hook too (the crash tests install theirs through settler_from_config).
    """
    passes = int(current_app.config["SETTLEMENT_PASSES"]) or (DEFAULT_PASSES if is_postgres() else 1)
    if passes > 1 and not is_postgres():
        log.warning("SQLite allows one settlement pass at a time; SETTLEMENT_PASSES is ignored.")
        return []
    return [
        Settler(
            first.settings,
            first.networks,
            first.problems,
            worker_id=f"{worker_id}-{n}",
            hook=first.hook,
            reads_from=first,
        )
        for n in range(1, passes)
    ]


def _run_loop(settler: Settler, database_url: str, stop: threading.Event) -> None:
    """One settlement loop until `stop`; a loop that dies stops the others, so the process exits."""
    wakeup = TransferWakeup(database_url, stop)
    try:
        settler.run(stop, wait=wakeup.wait)
    except BaseException:
        log.exception("settlement loop %s died; stopping the worker", settler.worker_id)
        raise
    finally:
        stop.set()
        wakeup.close()
