"""`flask --app app demo ensure`: a demo organization, its prefunded account and a sandbox key on an empty store."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import click
from flask import current_app

from cli.store_group import StoreGroup
from services.accounts.operations import AccountError, fund_account, open_account, set_funding_policy
from services.api_keys import Environment, issue_api_key
from storage.accounts import find_account
from storage.database import database
from storage.models import utc_now
from storage.organizations import count_organizations, find_organization, insert_organization

group = StoreGroup("demo", help="The demo organization, account and key of a first `make run`.")
DEMO_ORGANIZATION = "Demo Organization"
# The sample's DbtrAcct (samples/pacs008.xml). The default DEMO_ACCOUNT_FUNDING, 500.00 USD, covers
# three of its 125.50 USD transfers, so the fourth shows AM04.
DEMO_ACCOUNT = "ACC-000123456"
DEMO_FUNDING_REFERENCE = "demo initial funding"


def _ensure_demo_account(organization_id: int) -> str | None:
    """Make the demo organization prefunded with a funded account, once; what was done, if anything."""
    if find_account(organization_id, DEMO_ACCOUNT) is not None:
        return None
    now = utc_now()
    funding = Decimal(current_app.config["DEMO_ACCOUNT_FUNDING"])
    open_account(organization_id, DEMO_ACCOUNT, now)
    fund_account(organization_id, DEMO_ACCOUNT, funding, DEMO_FUNDING_REFERENCE, now)
    try:
        set_funding_policy(organization_id, "prefunded", now)
    except AccountError as error:  # an older store whose other demo accounts went below zero
        return f"opened {DEMO_ACCOUNT} with {funding} USD; the organization stays open: {error}"
    return f"{DEMO_ORGANIZATION!r} is prefunded: account {DEMO_ACCOUNT} holds {funding} USD"


def _write_secret(path: Path, secret: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(secret + "\n")


@group.command("ensure")
def ensure_command() -> None:
    """On an empty store, create the demo organization and a sandbox key, print it, save it (0600).

    The store lives outside the checkout, so a fresh clone may meet a store that already has the
    demo organization but no saved key: it then gets a new sandbox key, printed and saved alike.
    """
    key_file = Path(current_app.config["DEMO_KEY_FILE"])
    with database.atomic():
        demo = find_organization(DEMO_ORGANIZATION)
        if demo is not None:
            funded = _ensure_demo_account(demo.id)
            if funded:
                click.echo(funded)
            if key_file.exists():
                click.echo(f"demo organization exists; its sandbox API key is in {key_file}")
                return
            action = f"issued {DEMO_ORGANIZATION!r} a new sandbox API key"
        elif count_organizations() > 0:
            click.echo("store already has organizations; no demo data created")
            return
        else:
            click.echo(_ensure_demo_account(insert_organization(DEMO_ORGANIZATION).id))
            action = f"created {DEMO_ORGANIZATION!r} with a sandbox API key"
        plain, _ = issue_api_key(DEMO_ORGANIZATION, Environment.SANDBOX)
    _write_secret(key_file, plain)
    click.echo(f"{action} (also saved to {key_file}):")
    click.echo(plain)
