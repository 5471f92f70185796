"""Operator commands: `flask --app app <command>` or `flask --app app <group> <command>`.

One convention throughout (docs/decisions.md, h6): the organization a command is about is its
first argument, ORGANIZATION (name or ID), optional where it only narrows a list; lists of things
that happen over time (transfers, status requests, keys, deliveries, movements) are newest first.
"""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import FlaskGroup, run_command

from cli import (
    accounts,
    database,
    deliver,
    demo,
    keys,
    network,
    orgs,
    queries,
    reconcile,
    settle,
    status,
    transfers,
    webhooks,
)

GATEWAY_HELP = (
    "The TKN gateway's operator commands: the store (db), organizations, their keys, source accounts and "
    "webhooks; transfers and status requests; the settlement worker (settle) and the webhook deliverer "
    "(deliver); network bootstrap; status and reconcile. docs/operations.md lists every command."
)


def init_app(app: Flask) -> None:
    """Register the commands; Flask's development server is not one of them."""
    app.cli.help = GATEWAY_HELP
    commands = (
        database.group,
        orgs.group,
        keys.group,
        demo.group,
        queries.group,
        settle.command,
        status.command,
        transfers.group,
        webhooks.group,
        deliver.command,
        accounts.group,
        reconcile.command,
        network.group,
    )
    for command in commands:
        app.cli.add_command(command)
    # The gateway runs under gunicorn (`make run`, deploy/systemd), never under `flask run`: FlaskGroup
    # adds that command itself, so it is hidden from the list here (it is loaded with the app's commands).
    run_command.hidden = True
    _describe_flask_command()


def _describe_flask_command() -> None:
    """Under `flask --app app --help`, say what the gateway's commands are below the list.

    Flask prints its own first paragraph before it imports the app; the list and what follows it
    are written after, so that is where the app can still speak.
    """
    context = click.get_current_context(silent=True)
    root = context.find_root().command if context is not None else None
    if isinstance(root, FlaskGroup) and root.help != GATEWAY_HELP:
        root.epilog = GATEWAY_HELP
