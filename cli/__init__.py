"""Operator commands: `flask --app app <group> <command>`."""

from __future__ import annotations

from flask import Flask

from cli import database, demo, keys, orgs, queries, settle, transfers


def init_app(app: Flask) -> None:
    """Register the command groups."""
    groups = (database.group, orgs.group, keys.group, demo.group, queries.group, settle.group, transfers.group)
    for group in groups:
        app.cli.add_command(group)
