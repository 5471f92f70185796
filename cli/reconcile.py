"""`flask --app app reconcile`: prove holds, balances and ledger payments agree; non-zero exit if not."""

from __future__ import annotations

import click
from flask import current_app
from flask.cli import with_appcontext

from services.accounts.ledger_check import paid_lookup_from_config
from services.accounts.reconcile import EXAMPLES, reconcile
from storage.database import database


@click.command("reconcile")
@click.option("--skip-ledger", is_flag=True, help="do not look Completed transfers up on the ledger")
@with_appcontext
def command(skip_ledger: bool) -> None:
    """Check every transfer's hold, every balance row against the journal, and the TKN paid on the ledger."""
    paid = None if skip_ledger else paid_lookup_from_config(current_app.config)
    with database.connection_context():
        checks = reconcile(paid)
    failed = 0
    for check in checks:
        click.echo(f"{'ok  ' if check.ok else 'FAIL'}  {check.name} ({check.checked} checked)")
        for problem in check.problems[:EXAMPLES]:
            click.echo(f"      {problem}")
        if len(check.problems) > EXAMPLES:
            click.echo(f"      ... and {len(check.problems) - EXAMPLES} more")
        failed += not check.ok
    if paid is None:
        click.echo("skip  TKN paid on the ledger (--skip-ledger)")
    if failed:
        raise click.ClickException(f"{failed} check(s) failed")
