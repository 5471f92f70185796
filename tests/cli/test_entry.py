"""`tkn-gateway`: the gateway's commands under its own help, the same commands `flask --app app` runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import GATEWAY_HELP
from cli.entry import gateway_group


@pytest.fixture()
def environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'gateway.sqlite3'}")
    monkeypatch.setenv("TKN_STACK_FILE", "")


@pytest.mark.usefixtures("environment")
def test_the_help_starts_with_what_the_gateways_commands_are_and_lists_only_them() -> None:
    shown = CliRunner().invoke(gateway_group(), ["--help"], prog_name="tkn-gateway")
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines[0].startswith("Usage: tkn-gateway")
    flat = " ".join(shown.output.split())
    assert 0 < flat.find(" ".join(GATEWAY_HELP.split())) < flat.find("Commands:")
    listed = {line.split()[0] for line in shown.output.split("Commands:", 1)[1].splitlines() if line.strip()}
    assert {"settle", "status", "reconcile", "accounts", "transfers", "network"} <= listed
    assert not listed & {"run", "shell", "routes"}


@pytest.mark.usefixtures("environment")
def test_a_command_runs_as_under_flask() -> None:
    done = CliRunner().invoke(gateway_group(), ["db", "upgrade"], prog_name="tkn-gateway")
    assert done.exit_code == 0, done.output
    listed = CliRunner().invoke(gateway_group(), ["orgs", "list"], prog_name="tkn-gateway")
    assert listed.exit_code == 0, listed.output
