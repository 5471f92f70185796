"""`flask --app app settle [--once]` runs the settlement worker; `settle status` shows what needs an operator."""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
from datetime import datetime, timedelta
from wsgiref.simple_server import WSGIServer

import click
from flask import current_app
from flask.cli import with_appcontext

from cli.stop_signals import stop_on_signals
from cli.store_group import StoreGroup
from services.overview import RATE_WINDOW, read_overview
from services.settlement.ledger_client import LedgerUnavailable
from services.settlement.ledger_metrics import DistributionBalanceCollector
from services.settlement.networks import networks_from_config
from services.settlement.progress import find_stall
from services.settlement.runtime import settler_from_config
from services.settlement.worker import Settler
from services.store_metrics import StoreCollector
from storage import envelopes
from storage import settlement as store
from storage.database import database, is_postgres
from storage.models import utc_now
from storage.notifications import TransferWakeup
from telemetry.logs import configure_logging
from telemetry.metrics import serve_metrics

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


@click.group("settle", cls=StoreGroup, invoke_without_command=True)
@click.option("--once", is_flag=True, help="Settle what is due now, then exit.")
@click.pass_context
@with_appcontext
def group(context: click.Context, once: bool) -> None:
    """Run the settlement worker until SIGTERM (or, with --once, until nothing is due)."""
    if context.invoked_subcommand is not None:
        return
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
    stop, received = stop_on_signals()
    metrics = _start_metrics(settler)
    settlers = [settler, *_more_settlers(worker_id)]
    url = current_app.config["DATABASE_URL"]
    threads = [threading.Thread(target=_run_loop, args=(s, url, stop), name=s.worker_id) for s in settlers[1:]]
    for thread in threads:
        thread.start()
    log.info(
        "settlement worker %s started (%d pass(es) in flight, poll %ss)",
        worker_id,
        len(settlers),
        settler.settings.poll_seconds,
    )
    try:
        _run_loop(settler, url, stop)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
        if metrics is not None:
            metrics.shutdown()
            metrics.server_close()
    log.info("settlement worker %s stopped (%s)", worker_id, ", ".join(received) or "a loop ended")
    # Ctrl-C under make run reaches the worker twice (the terminal's SIGINT, then honcho's SIGTERM);
    # the second must not kill the interpreter on its way out and turn a clean stop into exit 143.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_metrics(settler: Settler) -> WSGIServer | None:
    """The worker's own GET /metrics on SETTLEMENT_METRICS_HOST:SETTLEMENT_METRICS_PORT, when a port is set."""
    config = current_app.config
    port = int(config["SETTLEMENT_METRICS_PORT"])
    if not port:
        return None
    host = str(config["SETTLEMENT_METRICS_HOST"])
    gauges = [StoreCollector(), DistributionBalanceCollector(settler.networks)]
    server = serve_metrics(host, port, str(config["METRICS_TOKEN"]), lambda: gauges)
    log.info("settlement metrics on http://%s:%d/metrics", host, server.server_port)
    return server


def _more_settlers(worker_id: str) -> list[Settler]:
    """SETTLEMENT_PASSES - 1 more loops in this process, each with its own claims (Postgres only).

    No pass waits for a ledger (asynchronous submission); a second loop shares the database work
    of claiming, building and recording.
    """
    passes = int(current_app.config["SETTLEMENT_PASSES"]) or (DEFAULT_PASSES if is_postgres() else 1)
    if passes > 1 and not is_postgres():
        log.warning("SQLite allows one settlement pass at a time; SETTLEMENT_PASSES is ignored.")
        return []
    config = current_app.config
    return [settler_from_config(config, worker_id=f"{worker_id}-{n}") for n in range(1, passes)]


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


SUMMARY_ROWS = 5  # blocked transfers, open errors and failures shown per list: the summary fits a screen


def _time(moment: datetime | None) -> str:
    return f"{moment:%Y-%m-%dT%H:%M:%SZ}" if moment is not None else "-"


def _age(age: timedelta | None) -> str:
    if age is None:
        return "none"
    seconds = int(age.total_seconds())
    return (
        f"{seconds // 3600}h{seconds % 3600 // 60:02d}m" if seconds >= 3600 else f"{seconds // 60}m{seconds % 60:02d}s"
    )


def _more(shown: int, total: int) -> None:
    if total > shown:
        click.echo(f"  ... and {total - shown} more")


@group.command("status")
@click.option("--channels", "each_channel", is_flag=True, help="List every channel account and what holds it.")
def status_command(each_channel: bool) -> None:
    """One screen: transfers by state, backlog and pace, blocked transfers, channels, errors, progress."""
    view = read_overview(utc_now(), listed=SUMMARY_ROWS)
    click.echo("transfers: " + (", ".join(f"{state}={n}" for state, n in sorted(view.states.items())) or "none"))
    click.echo(
        f"backlog: {view.open_transfers} open, oldest Created {_age(view.oldest_created_age)} old; "
        f"settled {view.settled_per_minute:.1f}/min over the last {RATE_WINDOW.seconds // 60} min"
    )
    click.echo(f"blocked (operator action needed): {view.blocked_count}")
    for transfer in view.blocked:
        click.echo(
            f"  {transfer.id} {transfer.environment} since {_time(transfer.blocked_since)}: {transfer.last_error}"
        )
    _more(len(view.blocked), view.blocked_count)
    counts = view.channel_counts()
    summary = "; ".join(f"{env} {leased} leased, {free} free" for env, (leased, free) in sorted(counts.items()))
    click.echo(f"channels: {summary or 'none registered yet'}" + ("" if each_channel else " (--channels for each)"))
    if each_channel:
        for lease in view.channels:
            holder = "free"
            if lease.holder is not None and lease.leased_at is not None:
                envelope = f"envelope {lease.attempt_id}" if lease.attempt_id else "an envelope being built"
                holder = f"leased to {envelope} by {lease.holder} since {_time(lease.leased_at)}"
            click.echo(f"  {lease.environment} {lease.account_id} {holder}")
    with database.connection_context():
        fees = envelopes.fee_summaries()
        open_envelopes = envelopes.open_envelope_list() if each_channel else []
    for attempt in open_envelopes:
        bump = f", fee bump {attempt.bump_hash} ({attempt.bump_fee} stroops)" if attempt.bump_hash else ""
        click.echo(f"  envelope {attempt.id}: {attempt.tx_hash} ({attempt.fee} stroops){bump}")
    for paid in fees:
        per_payment = paid.fee_charged / paid.operations if paid.operations else 0.0
        click.echo(
            f"fees: {paid.environment} {paid.applied} envelope(s) paying {paid.operations} transfer(s), "
            f"{paid.fee_charged} stroops charged ({per_payment:.0f} per payment), "
            f"{paid.bumped} with a fee bump, highest bid {paid.highest_bid_per_op} per operation"
        )
    click.echo(f"last errors on open transfers: {'none' if not view.open_errors else ''}".rstrip())
    for transfer in view.open_errors:
        click.echo(f"  {transfer.id} {transfer.state} attempts={transfer.attempt_count}: {transfer.last_error}")
    click.echo(f"last failures: {'none' if not view.failures else ''}".rstrip())
    for failure in view.failures:
        click.echo(f"  {failure.transfer_id} {_time(failure.failed_at)} {failure.error_code}: {failure.reason or '-'}")
    click.echo(
        f"progress (stalled after {current_app.config['SETTLEMENT_STALL_LEDGERS']} ledgers without a completion):"
    )
    for line in _progress_lines():
        click.echo(f"  {line}")


def _progress_lines() -> list[str]:
    """Per configured environment: the ledger of the last completion against the tip, or the stall."""
    networks, problems = networks_from_config(current_app.config)
    limit = int(current_app.config["SETTLEMENT_STALL_LEDGERS"])
    lines = [f"{environment}: not settling here ({problem})" for environment, problem in sorted(problems.items())]
    for environment, network in sorted(networks.items()):
        with database.connection_context():
            progress = store.progress(environment, network.channel_ids)
        try:
            tip = network.client.latest_ledger().sequence
        except LedgerUnavailable as error:
            lines.append(f"{environment}: ledger unreachable ({error}); {progress.open_transfers} transfer(s) open")
            continue
        stall = find_stall(environment, progress, tip, None, limit)
        if stall is not None:
            lines.append(f"STALLED: {stall.describe()}")
        else:
            last = progress.last_completed_ledger
            lines.append(
                f"{environment}: last completion in ledger {last if last is not None else '(none yet)'}, tip {tip}; "
                f"{progress.open_transfers} transfer(s) open"
            )
    return lines
