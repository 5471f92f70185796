"""`flask --app app transfers show ID`, `transfers list [ORGANIZATION] [--state] [--since] [--limit]`
and `transfers archive --before TIME --output FILE`."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import click

from cli.store_group import StoreGroup
from services.transfer_archive import ArchiveMismatch, verify_archive, write_archive
from storage.database import database
from storage.models import utc_now
from storage.organizations import find_organization
from storage.transfer_archive import TransferRecord, drop_stored_requests, settled_transfers
from storage.transfer_lookup import list_transfers, transfer_history
from storage.transfer_states import TransferState

group = StoreGroup("transfers", help="Transfers: look one up, list them, or archive settled ones.")

ARCHIVE_BATCH = 500


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
    if t.request_archive:
        click.echo(f"  request       archived in {t.request_archive}")
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
@click.argument("organization", required=False)
@click.option("--state", type=click.Choice([s.value for s in TransferState]), default=None, help="only in this state")
@click.option("--since", type=click.DateTime(), default=None, help="only created at or after this UTC time")
@click.option("--limit", type=click.IntRange(1, 10_000), default=50, show_default=True)
def list_command(organization: str | None, state: str | None, since: datetime | None, limit: int) -> None:
    """Transfers (only ORGANIZATION's, name or ID, when given), newest first, tab-separated."""
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


def _settled(before: datetime) -> Iterator[TransferRecord]:
    after = None
    while page := settled_transfers(before, after, ARCHIVE_BATCH):
        yield from page
        after = page[-1].transfer.id


@group.command("archive")
@click.option("--before", type=click.DateTime(), required=True, help="archive transfers settled before this UTC time")
@click.option("--output", type=click.Path(dir_okay=False, path_type=Path), required=True, help="a new file to write")
def archive_command(before: datetime, output: Path) -> None:
    """Write settled transfers, with their events and journal, to a new JSON Lines file, read it back,
    then drop their stored requests from the database; the rest of each transfer stays."""
    if len(output.name) > 120:
        raise click.ClickException(f"the archive's name is over 120 characters: {output.name}")
    if output.exists():
        raise click.ClickException(f"{output} exists; an archive is never overwritten")
    with database.connection_context():
        try:
            written = write_archive(output, _settled(before), before, utc_now())
        except OSError as error:
            raise click.ClickException(f"cannot write {output}: {error}; nothing was dropped") from None
        if not written.requests:
            output.unlink()
            click.echo(f"no settled transfer before {before:%Y-%m-%dT%H:%M:%SZ} keeps its request; nothing written")
            return
        try:
            digest = verify_archive(written)
        except ArchiveMismatch as error:
            raise click.ClickException(f"{error}; nothing was dropped") from None
        ids = [uuid.UUID(transfer_id) for transfer_id in written.requests]
        dropped = sum(
            drop_stored_requests(ids[start : start + ARCHIVE_BATCH], f"{output.name} sha256:{digest}", before)
            for start in range(0, len(ids), ARCHIVE_BATCH)
        )
    click.echo(
        f"archived {len(ids)} transfers settled before {before:%Y-%m-%dT%H:%M:%SZ} to {output} (sha256 {digest}); "
        f"dropped {dropped} stored requests"
    )
