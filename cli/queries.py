"""`flask --app app queries list ORGANIZATION [--transfer ID] [--since TIME] [--limit N] [--raw]`, `queries prune`."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import click
from flask import current_app

from cli.store_group import StoreGroup
from storage.organizations import find_organization
from storage.status_queries import list_status_queries, prune_status_queries

group = StoreGroup("queries", help="Recorded status requests, pacs.028 and batch-status (spec 2.6).")


@group.command("list")
@click.argument("organization")
@click.option("--transfer", "transfer_id", default=None, help="only queries naming this transfer ID")
@click.option("--since", type=click.DateTime(), default=None, help="only queries at or after this UTC time")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="only the most recent LIMIT queries")
@click.option("--raw", is_flag=True, help="also print each raw request")
def list_command(
    organization: str, transfer_id: str | None, since: datetime | None, limit: int | None, raw: bool
) -> None:
    """ORGANIZATION's (name or ID) recorded status requests, newest first, tab-separated."""
    owner = find_organization(organization)
    if owner is None:
        raise click.ClickException(f"no organization {organization!r}")
    click.echo(
        "queried_at\ttype\tmessage_id\ttransfer_id\talternative_id\toriginal_message_id\tenvironment\tnetwork\tanswer"
    )
    for query in list_status_queries(owner, transfer_id, since, limit):
        answer = f"{query.status} {query.reason_code}" if query.reason_code else query.status
        fields = [
            f"{query.queried_at:%Y-%m-%dT%H:%M:%SZ}",
            query.message_type,
            query.message_id or "-",
            query.queried_transfer_id or "-",
            query.alternative_id or "-",
            query.original_message_id or "-",
            query.environment,
            query.network,
            answer,
        ]
        click.echo("\t".join(fields))
        if raw:
            click.echo(bytes(query.raw_request).decode("utf-8", errors="replace"))


@group.command("prune")
@click.option(
    "--older-than",
    "days",
    type=click.IntRange(min=0),
    default=None,
    help="age in days of the queries to delete (default: QUERY_RETENTION_DAYS)",
)
def prune_command(days: int | None) -> None:
    """Delete recorded status requests older than the retention age. Transfers are never pruned."""
    age = current_app.config["QUERY_RETENTION_DAYS"] if days is None else days
    before = datetime.now(UTC).replace(tzinfo=None) - timedelta(days=age)
    deleted = prune_status_queries(before)
    click.echo(f"deleted {deleted} status queries recorded before {before:%Y-%m-%dT%H:%M:%SZ}")
