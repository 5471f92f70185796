"""`make run`'s stack file: written from make run's environment, read back under the environment by config."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from config import InvalidSetting, read_stack_file, with_stack_file
from tools.stack_env import stack_values, write


def test_what_make_run_chose_reads_back_the_same_even_with_spaces_and_quotes(tmp_path: Path) -> None:
    state = tmp_path / "it's a state"
    environ = {
        "API_PORT": "9601",
        "LEDGER_PORT": "9602",
        "SANDBOX_HORIZON_URL": "http://127.0.0.1:9602",
        "DATABASE_URL": f"sqlite:///{state / 'gateway.sqlite3'}",
        "XDG_STATE_HOME": str(state),
        "DEMO_KEY_FILE": "var/demo-api-key",
    }
    values = stack_values(environ)
    path = tmp_path / "var" / "stack.env"
    write(path, values)
    assert read_stack_file(path) == values
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert values["TKN_BASE_URL"] == "http://127.0.0.1:9601"
    assert values["SANDBOX_SECRETS_FILE"] == str(state / "ledger-secrets.json")
    assert Path(values["TKN_API_KEY_FILE"]).is_absolute() and values["TKN_API_KEY_FILE"].endswith("var/demo-api-key")
    # A second terminal: nothing exported but where the file is.
    assert with_stack_file({"TKN_STACK_FILE": str(path)})["DATABASE_URL"] == environ["DATABASE_URL"]


def test_the_last_runs_file_never_decides_what_this_run_chose(tmp_path: Path) -> None:
    stale = tmp_path / "stack.env"
    stale.write_text("DATABASE_URL=postgresql://db/old\n")
    values = stack_values({"TKN_STACK_FILE": str(stale), "XDG_STATE_HOME": str(tmp_path)})
    assert values["DATABASE_URL"] == f"sqlite:///{tmp_path / 'tkn-gateway' / 'gateway.sqlite3'}"


def test_an_invalid_setting_writes_nothing() -> None:
    with pytest.raises(InvalidSetting):
        stack_values({"OPS_TOKEN": "short"})
