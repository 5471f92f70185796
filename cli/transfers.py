"""`flask --app app transfers show ID` and `transfers list [--org] [--state] [--since] [--limit]`."""

from __future__ import annotations

import uuid
from datetime import datetime

import click

from cli.store_group import StoreGroup
from storage.database import database
from storage.organizations import find_organization
from storage.transfer_lookup import list_transfers, transfer_history
from storage.transfer_states import TransferState

group = StoreGroup("transfers", help="Transfers: look one up, or list them.")


def _time(moment: datetime | None) -> str:
    return f"{moment:%Y-%m-%dT%H:%M:%SZ}" if moment is not None else "-"


@group.command("show")
@click.argument("transfer_id", type=click.UUID)
def show_command(transfer_id: uuid.UUID) -> None:
    """The state, the events, the envelope attempts and the reason of one transfer."""
    with database.connection_context():
        found = transfer_history(transfer_id)
    if found is None:
        raise click.ClickException(f"no transfer {transfer_id}")
    t = found.transfer
    click.echo(f"transfer {t.id}")
    click.echo(f"  organization  {t.organization.name} ({t.environment}, network {t.network})")
    click.echo(f"  state         {t.state}")
    click.echo(f"  amount        {t.amount_usd} USD" + (f" -> {t.amount_tkn} TKN" if t.amount_tkn is not None else ""))
    click.echo(f"  creditor      {t.destination_account}")
    click.echo(f"  MsgId         {t.message_id}")
    click.echo(f"  created       {_time(t.created_at)}   updated {_time(t.updated_at)}")
    if t.ledger_hash:
        click.echo(f"  completed     {_time(t.completed_at)} in ledger {t.ledger_sequence}, hash {t.ledger_hash}")
    if t.error_code:
        click.echo(f"  error code    {t.error_code}")
        click.echo(f"  reason        {t.failure_reason or '-'}")
    if t.last_error:
        click.echo(
            f"  last problem  {t.last_error}"
            + (f" (blocked since {_time(t.blocked_since)})" if t.blocked_since else "")
        )
    click.echo("events:")
    for event in found.events:
        reason = f": {event.reason}" if event.reason else ""
        click.echo(f"  {_time(event.at)} {event.from_state or '-'} -> {event.to_state}{reason}")
    click.echo("envelope attempts:" if found.payments else "envelope attempts: none")
    for payment in found.payments:
        attempt = payment.attempt
        outcome = f"{payment.outcome or 'open'} {payment.result_code or ''}".rstrip()
        click.echo(
            f"  #{payment.number} envelope {attempt.id} {attempt.tx_hash} channel {attempt.channel_account} "
            f"seq {attempt.sequence} fee {attempt.fee}: {outcome}"
        )


@group.command("list")
@click.option("--org", "organization", default=None, help="only this organization's (name or ID)")
@click.option("--state", type=click.Choice([s.value for s in TransferState]), default=None, help="only in this state")
@click.option("--since", type=click.DateTime(), default=None, help="only created at or after this UTC time")
@click.option("--limit", type=click.IntRange(1, 10_000), default=50, show_default=True)
def list_command(organization: str | None, state: str | None, since: datetime | None, limit: int) -> None:
    """Transfers, newest first, tab-separated."""
    with database.connection_context():
        owner = find_organization(organization) if organization else None
        if organization and owner is None:
            raise click.ClickException(f"no organization {organization!r}")
        found = list_transfers(owner, state, since, limit)
        click.echo("created_at\ttransfer_id\torganization\tenvironment\tstate\tamount_usd\tmessage_id\terror_code")
        for t in found:
            fields = [
                _time(t.created_at), str(t.id), t.organization.name, t.environment, t.state,
                str(t.amount_usd), t.message_id, t.error_code or "-",
            ]  # fmt: skip
            click.echo("\t".join(fields))
