"""`flask --app app demo ensure`: a demo organization and sandbox key on an empty store."""

from __future__ import annotations

import os
from pathlib import Path

import click
from flask import current_app

from cli.store_group import StoreGroup
from services.api_keys import Environment, issue_api_key
from storage.database import database
from storage.organizations import count_organizations, find_organization, insert_organization

group = StoreGroup("demo", help="Demo data for a first run.")
DEMO_ORGANIZATION = "Demo Organization"


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
        if find_organization(DEMO_ORGANIZATION) is not None:
            if key_file.exists():
                click.echo(f"demo organization exists; its sandbox API key is in {key_file}")
                return
            action = f"issued {DEMO_ORGANIZATION!r} a new sandbox API key"
        elif count_organizations() > 0:
            click.echo("store already has organizations; no demo data created")
            return
        else:
            insert_organization(DEMO_ORGANIZATION)
            action = f"created {DEMO_ORGANIZATION!r} with a sandbox API key"
        plain, _ = issue_api_key(DEMO_ORGANIZATION, Environment.SANDBOX)
    _write_secret(key_file, plain)
    click.echo(f"{action} (also saved to {key_file}):")
    click.echo(plain)
