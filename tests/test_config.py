"""Configuration comes from the environment mapping given, with defaults outside the checkout."""

from __future__ import annotations

import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from config import (
    PROJECT_ROOT,
    InvalidSetting,
    check_settings,
    load_config,
    stack_file,
    state_directory,
    with_stack_file,
)


def test_default_sqlite_store_is_outside_the_repository() -> None:
    url = load_config({"HOME": "/home/ops"})["DATABASE_URL"]
    assert url == "sqlite:////home/ops/.local/state/tkn-gateway/gateway.sqlite3"
    assert str(PROJECT_ROOT) not in url
    assert load_config({"XDG_STATE_HOME": "/srv/state"})["DATABASE_URL"].startswith("sqlite:////srv/state/tkn-gateway/")


def test_values_are_parsed_from_the_mapping() -> None:
    values = load_config(
        {
            "DATABASE_URL": "postgresql://db/x",
            "USD_TO_TKN_RATE": "0.9",
            "MAX_BODY_BYTES": "10",
            "API_KEY_CACHE_SECONDS": "0",
        }
    )
    assert values["DATABASE_URL"] == "postgresql://db/x"
    assert values["USD_TO_TKN_RATE"] == Decimal("0.9")
    assert values["MAX_BODY_BYTES"] == 10
    assert values["API_KEY_CACHE_SECONDS"] == 0.0


def test_the_sandbox_ledger_state_defaults_beside_the_store() -> None:
    beside = load_config({"DATABASE_URL": "sqlite:////srv/gateway/gateway.sqlite3"})
    assert beside["SANDBOX_SECRETS_FILE"] == "/srv/gateway/ledger-secrets.json"
    assert state_directory({"DATABASE_URL": "sqlite:////srv/gateway/gateway.sqlite3"}) == Path("/srv/gateway")
    on_postgres = {"DATABASE_URL": "postgresql://db/x", "HOME": "/home/ops"}
    assert state_directory(on_postgres) == Path("/home/ops/.local/state/tkn-gateway")
    assert load_config(on_postgres)["SANDBOX_SECRETS_FILE"] == "/home/ops/.local/state/tkn-gateway/ledger-secrets.json"
    assert (
        load_config({"HOME": "/home/ops", "SANDBOX_SECRETS_FILE": "/etc/s.json"})["SANDBOX_SECRETS_FILE"]
        == "/etc/s.json"
    )


def test_the_stack_file_fills_what_the_environment_does_not_set(tmp_path: Path) -> None:
    stack = tmp_path / "stack.env"
    stack.write_text(
        "# make run\nDATABASE_URL='sqlite:////srv/a b/gateway.sqlite3'\nSANDBOX_HORIZON_URL=http://127.0.0.1:8199\n"
    )
    environ = {"TKN_STACK_FILE": str(stack), "SANDBOX_HORIZON_URL": "http://ledger.example"}
    merged = with_stack_file(environ)
    assert merged["DATABASE_URL"] == "sqlite:////srv/a b/gateway.sqlite3"
    assert merged["SANDBOX_HORIZON_URL"] == "http://ledger.example"  # the environment wins
    assert with_stack_file({"TKN_STACK_FILE": ""}) == {"TKN_STACK_FILE": ""}  # empty: no file at all
    assert stack_file({}) == PROJECT_ROOT / "var" / "stack.env"


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"MAX_BODY_BYTES": "lots"}, "MAX_BODY_BYTES='lots' is not a whole number; set it to one, or unset it"),
        ({"USD_TO_TKN_RATE": "one"}, "USD_TO_TKN_RATE='one' is not a decimal number"),
        ({"WEBHOOK_TIMEOUT_SECONDS": "10s"}, "WEBHOOK_TIMEOUT_SECONDS='10s' is not a number"),
    ],
)
def test_a_value_that_does_not_parse_is_named_with_what_to_do(environ: dict[str, str], message: str) -> None:
    with pytest.raises(InvalidSetting) as raised:
        load_config(environ)
    assert raised.value.format_message().startswith(message)


def test_a_database_url_of_another_kind_is_refused_naming_the_two_kinds() -> None:
    with pytest.raises(InvalidSetting, match=r"DATABASE_URL must be sqlite:///path or postgresql://.*, not mysql://"):
        check_settings(load_config({"DATABASE_URL": "mysql://user:secret@db/x"}))


def test_a_short_ops_token_is_refused_without_showing_it() -> None:
    with pytest.raises(InvalidSetting) as raised:
        check_settings(load_config({"OPS_TOKEN": "hunter2"}))
    assert "OPS_TOKEN is 7 characters, it must be at least 16" in raised.value.format_message()
    assert "hunter2" not in raised.value.format_message()
    check_settings(load_config({"OPS_TOKEN": "x" * 16}))


def _flask(environ: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", *args],
        check=False,
        cwd=PROJECT_ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_an_invalid_setting_is_one_line_for_every_command(tmp_path: Path) -> None:
    environ = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'gateway.sqlite3'}", "OPS_TOKEN": "short"}
    for command in (["db", "upgrade"], ["orgs", "list"], ["status"]):
        result = _flask(environ, *command)
        assert result.returncode == 1
        assert result.stderr.splitlines() == [
            "Error: OPS_TOKEN is 5 characters, it must be at least 16: set one with "
            '`export OPS_TOKEN="$(openssl rand -hex 32)"`, or unset it to turn the console off'
        ], result.stderr


def test_a_command_in_another_terminal_follows_the_stack_file_without_exports(tmp_path: Path) -> None:
    store = tmp_path / "state" / "gateway.sqlite3"
    stack = tmp_path / "stack.env"
    stack.write_text(f"DATABASE_URL=sqlite:///{store}\n")
    bare = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "XDG_STATE_HOME")}
    terminal = {**bare, "TKN_STACK_FILE": str(stack)}
    assert _flask(terminal, "db", "upgrade").returncode == 0
    assert _flask(terminal, "orgs", "create", "Acme").returncode == 0
    assert store.exists()
    assert "Acme" in _flask(terminal, "orgs", "list").stdout
