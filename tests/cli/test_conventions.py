"""One CLI: the organization is always the first argument, lists of events are newest first, no dev server listed."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import click
from flask import Flask
from flask.testing import FlaskCliRunner

from config import PROJECT_ROOT
from tests.conftest import make_key


def leaf_commands(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command under `group` with the words that run it."""
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from leaf_commands(command, (*path, name))
        else:
            yield (*path, name), command


def test_the_organization_is_a_positional_argument_everywhere(app: Flask) -> None:
    naming_an_organization = []
    for path, command in leaf_commands(app.cli):
        for param in command.params:
            assert "--org" not in getattr(param, "opts", []), f"{' '.join(path)} takes --org"
            if param.name == "organization":
                assert isinstance(param, click.Argument), f"{' '.join(path)}: ORGANIZATION must be an argument"
                assert command.params.index(param) == 0, f"{' '.join(path)}: ORGANIZATION must come first"
                naming_an_organization.append(" ".join(path))
    assert {"accounts show", "keys issue", "keys list", "queries list", "transfers list", "webhooks add"} <= set(
        naming_an_organization
    )


def test_keys_are_listed_newest_first(app: Flask, runner: FlaskCliRunner) -> None:
    first = make_key("Acme Bank").split("_")[2]
    second = make_key("Other Bank").split("_")[2]
    rows = runner.invoke(args=["keys", "list"]).output.splitlines()[1:]
    assert [row.split("\t")[0] for row in rows] == [second, first]


def test_the_help_lists_the_gateways_commands_and_not_the_development_server() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", "--help"],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    listed = shown.split("Commands:", 1)[1]
    names = {line.split()[0] for line in listed.splitlines() if line.startswith("  ") and not line.startswith("   ")}
    assert "run" not in names
    assert {"accounts", "db", "deliver", "keys", "orgs", "queries", "reconcile", "settle", "status"} <= names
    assert "The TKN gateway's operator commands" in listed
