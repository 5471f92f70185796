"""Operator commands: `flask --app app <group> <command>`."""

from __future__ import annotations

from flask import Flask

from cli import accounts, database, deliver, demo, keys, orgs, queries, reconcile, settle, transfers, webhooks


def init_app(app: Flask) -> None:
    """Register the command groups."""
    groups = (
        database.group,
        orgs.group,
        keys.group,
        demo.group,
        queries.group,
        settle.group,
        transfers.group,
        webhooks.group,
        deliver.command,
        accounts.group,
        reconcile.command,
    )
    for group in groups:
        app.cli.add_command(group)
