"""`flask --app app status [--channels]`: one screen of what needs an operator; exit 2 when a ledger cannot be asked."""

from __future__ import annotations

from datetime import datetime, timedelta

import click
from flask import current_app
from flask.cli import with_appcontext

from cli.cannot_check import CannotCheck
from cli.store_group import StoreCommand
from services.overview import RATE_WINDOW, read_overview
from services.settlement.ledger_client import LedgerUnavailable
from services.settlement.ledger_errors import unanswered
from services.settlement.progress import find_stall
from services.settlement.settings import networks_from_config
from storage import envelopes
from storage import settlement as store
from storage.database import database
from storage.models import utc_now

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


@click.command("status", cls=StoreCommand, short_help="One screen of what needs an operator.")
@click.option("--channels", "each_channel", is_flag=True, help="List every channel account and what holds it.")
@with_appcontext
def command(each_channel: bool) -> None:
    """One screen: transfers by state, backlog and pace, blocked transfers, channels, errors, settlement progress.

    Exit status: 0; 2 when a ledger did not answer, so progress could not be checked.
    """
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
    click.echo(f"progress (stalled after {current_app.config['SETTLEMENT_STALL_SECONDS']:g} s without a completion):")
    lines, unreachable = _progress_lines()
    for line in lines:
        click.echo(f"  {line}")
    if unreachable:
        raise CannotCheck("settlement progress", "; ".join(unreachable))


def _progress_lines() -> tuple[list[str], list[str]]:
    """Per configured environment: the last completion against the tip, or the stall; and each ledger not answering."""
    networks, problems = networks_from_config(current_app.config)
    limit = float(current_app.config["SETTLEMENT_STALL_SECONDS"])
    lines = [f"{environment}: not settling here ({problem})" for environment, problem in sorted(problems.items())]
    unreachable: list[str] = []
    for environment, network in sorted(networks.items()):
        with database.connection_context():
            progress = store.progress(environment, network.channel_ids)
        try:
            tip = network.client.latest_ledger().sequence
        except LedgerUnavailable as error:
            unreachable.append(unanswered(environment, network.client, error))
            lines.append(
                f"{environment}: cannot check, its ledger does not answer; {progress.open_transfers} transfer(s) open"
            )
            continue
        stall = find_stall(environment, progress, utc_now(), limit)
        if stall is not None:
            lines.append(f"STALLED: {stall.describe()}")
        else:
            last = progress.last_completed_ledger
            lines.append(
                f"{environment}: last completion in ledger {last if last is not None else '(none yet)'}, tip {tip}; "
                f"{progress.open_transfers} transfer(s) open"
            )
    return lines, unreachable
