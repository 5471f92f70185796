"""`flask --app app reconcile`: holds, balances and ledger payments agree? Exit 1 on a mismatch, 2 if unchecked."""

from __future__ import annotations

import click
from flask import current_app
from flask.cli import with_appcontext

from cli.cannot_check import CannotCheck
from cli.store_group import StoreCommand
from services.accounts.ledger_check import paid_lookup_from_config
from services.accounts.reconcile import EXAMPLES, reconcile
from storage.database import database


@click.command("reconcile", cls=StoreCommand, short_help="Do holds, balances and ledger payments agree?")
@click.option("--skip-ledger", is_flag=True, help="do not look Completed transfers up on the ledger")
@with_appcontext
def command(skip_ledger: bool) -> None:
    """Check every transfer's hold, every balance row against the journal, and the TKN paid on the ledger.

    Exit status: 0 all agree; 1 a mismatch; 2 a check could not run (the ledger did not answer).
    """
    paid = None if skip_ledger else paid_lookup_from_config(current_app.config)
    with database.connection_context():
        checks = reconcile(paid)
    failed = 0
    for check in checks:
        if check.unchecked is not None:
            click.echo(f"????  {check.name} ({check.checked} checked, then cannot check)")
        else:
            click.echo(f"{'ok  ' if not check.problems else 'FAIL'}  {check.name} ({check.checked} checked)")
        for problem in check.problems[:EXAMPLES]:
            click.echo(f"      {problem}")
        if len(check.problems) > EXAMPLES:
            click.echo(f"      ... and {len(check.problems) - EXAMPLES} more")
        failed += bool(check.problems)
    if paid is None:
        click.echo("skip  TKN paid on the ledger (--skip-ledger)")
    unchecked = next((check.unchecked for check in checks if check.unchecked is not None), None)
    if failed:  # a mismatch found outranks what could not be checked, which the line still names
        rest = "" if unchecked is None else f"; cannot check the TKN paid on the ledger: {unchecked}"
        raise click.ClickException(f"{failed} check(s) failed{rest}")
    if unchecked is not None:
        raise CannotCheck("the TKN paid on the ledger", unchecked)
