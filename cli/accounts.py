"""`flask --app app accounts open|fund|adjust|block|unblock|close|show|list|statement`: source accounts."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import click
from flask import current_app

from cli.store_group import StoreGroup
from services.accounts.movements import movement
from services.accounts.operations import (
    ADJUSTMENT_SIDES,
    AccountError,
    adjust_account,
    change_status,
    fund_account,
    open_account,
    parse_amount,
)
from services.accounts.statements import Period, StatementError, build_statement, render_statement
from storage import accounts as store
from storage.database import database
from storage.journal import recent_entries
from storage.models import Organization, utc_now
from storage.organizations import find_organization

group = StoreGroup(
    "accounts",
    help="Source accounts (DbtrAcct): funding, status, balances, statements.",
    short_help="Source accounts: funding, balances, statements.",
)

RECENT_MOVEMENTS = 10


def organization_of(name_or_id: str) -> Organization:
    """The organization by name or ID, or a ClickException."""
    found = find_organization(name_or_id)
    if found is None:
        raise click.ClickException(f"no organization {name_or_id!r}")
    return found


def _echo_account(account: store.AccountView) -> None:
    click.echo(f"account {account.number} ({account.currency}, {account.status})")
    click.echo(f"  balance    {account.balance}")
    click.echo(f"  held       {account.held}")
    click.echo(f"  available  {account.available}")


@group.command("open")
@click.argument("organization")
@click.argument("number")
def open_command(organization: str, number: str) -> None:
    """Open account NUMBER of ORGANIZATION (name or ID), with a zero balance."""
    with database.connection_context():
        org = organization_of(organization)
        try:
            account = open_account(org.id, number, utc_now())
        except AccountError as error:
            raise click.ClickException(str(error)) from None
    click.echo(f"opened account {account.number} of {org.name} ({account.currency})")


@group.command("fund")
@click.argument("organization")
@click.argument("number")
@click.argument("amount")
@click.option("--reference", required=True, help="the funding's own reference; the same one twice funds once")
def fund_command(organization: str, number: str, amount: str, reference: str) -> None:
    """Credit AMOUNT USD to the account; idempotent on --reference."""
    with database.connection_context():
        org = organization_of(organization)
        try:
            value = parse_amount(amount)
            funded = fund_account(org.id, number, value, reference, utc_now())
        except AccountError as error:
            raise click.ClickException(str(error)) from None
        account = store.find_account(org.id, number)
    assert account is not None
    if funded:
        click.echo(f"funded {value} USD to {number} (reference {reference})")
    else:
        click.echo(f"reference {reference} was already funded to {number}; nothing changed")
    _echo_account(account)


@group.command("adjust")
@click.argument("organization")
@click.argument("number")
@click.argument("side", type=click.Choice(ADJUSTMENT_SIDES))
@click.argument("amount")
@click.option("--reason", required=True, help="why the balance is corrected; kept on the journal entry")
@click.option("--reference", required=True, help="the adjustment's own reference; the same one twice adjusts once")
def adjust_command(organization: str, number: str, side: str, amount: str, reason: str, reference: str) -> None:
    """Credit or debit AMOUNT USD to the account against the adjustment account; idempotent on --reference."""
    with database.connection_context():
        org = organization_of(organization)
        try:
            value = parse_amount(amount)
            adjusted = adjust_account(org.id, number, side, value, reference, reason, utc_now())
        except AccountError as error:
            raise click.ClickException(str(error)) from None
        account = store.find_account(org.id, number)
    assert account is not None
    if adjusted:
        click.echo(f"adjusted {number} by a {side} of {value} USD (reference {reference}): {reason}")
    else:
        click.echo(f"reference {reference} was already adjusted on {number}; nothing changed")
    _echo_account(account)


def _status_command(name: str, status: str, verb: str) -> None:
    @group.command(name, help=f"{verb.capitalize()} account NUMBER of ORGANIZATION.")
    @click.argument("organization")
    @click.argument("number")
    def command(organization: str, number: str) -> None:
        with database.connection_context():
            org = organization_of(organization)
            try:
                account = change_status(org.id, number, status, utc_now())
            except AccountError as error:
                raise click.ClickException(str(error)) from None
        click.echo(f"account {account.number} of {org.name} is {account.status}")


_status_command("block", "blocked", "block")
_status_command("unblock", "open", "unblock")
_status_command("close", "closed", "close")


@group.command("show")
@click.argument("organization")
@click.argument("number")
@click.option("--limit", default=RECENT_MOVEMENTS, show_default=True, help="how many recent movements")
def show_command(organization: str, number: str, limit: int) -> None:
    """Balance, held and available, and the last movements, newest first."""
    with database.connection_context():
        org = organization_of(organization)
        account = store.find_account(org.id, number)
        if account is None:
            raise click.ClickException(f"no account {number!r} of {org.name}")
        entries = recent_entries(account.id, limit)
    _echo_account(account)
    click.echo("  movements, newest first (time, kind, change to balance, change to held, reference or transfer):")
    for entry in entries:
        balance, held = movement(entry.kind, entry.side, entry.amount)
        what = entry.reference or (str(entry.transfer_id) if entry.transfer_id else "")
        if entry.kind == "adjustment":
            what += f" ({entry.note})"  # an adjustment's reason
        click.echo(f"    {entry.at:%Y-%m-%dT%H:%M:%SZ}  {entry.kind:<10} {balance:>+13}  {held:>+13}  {what}")


@group.command("list")
@click.argument("organization")
def list_command(organization: str) -> None:
    """The organization's accounts, tab-separated."""
    with database.connection_context():
        org = organization_of(organization)
        accounts = store.list_accounts(org.id)
    click.echo(f"funding policy: {org.funding_policy}")
    click.echo("number\tcurrency\tstatus\tbalance\theld\tavailable")
    for a in accounts:
        click.echo(f"{a.number}\t{a.currency}\t{a.status}\t{a.balance}\t{a.held}\t{a.available}")


@group.command("statement")
@click.argument("organization")
@click.argument("number")
@click.option("--from", "first", required=True, type=click.DateTime(["%Y-%m-%d"]), help="first day (UTC)")
@click.option("--to", "last", required=True, type=click.DateTime(["%Y-%m-%d"]), help="last day (UTC), included")
@click.option("--output", type=click.Path(dir_okay=False, path_type=Path), help="write here instead of printing")
def statement_command(organization: str, number: str, first: datetime, last: datetime, output: Path | None) -> None:
    """A camt.053.001.11 statement of the account, validated against the official schema."""
    with database.connection_context():
        org = organization_of(organization)
        account = store.find_account(org.id, number)
        if account is None:
            raise click.ClickException(f"no account {number!r} of {org.name}")
        try:
            document = build_statement(org.name, account, Period(first.date(), last.date()), utc_now())
        except StatementError as error:
            raise click.ClickException(str(error)) from None
    xml = render_statement(document, Path(current_app.config["SCHEMA_DIR"]) / "camt.053.001.11.xsd")
    if output is None:
        click.echo(xml.decode("utf-8"))
    else:
        output.write_bytes(xml)
        click.echo(f"wrote the statement of {number} to {output}")
