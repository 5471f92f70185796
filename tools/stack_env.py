"""`make run`'s stack file: what it chose, so that a command in another terminal needs no exports.

`python -m tools.stack_env` (the first step of `make run`) writes TKN_STACK_FILE (default
var/stack.env) from make run's environment: the ports, the store, the sandbox ledger's URL and
files, the demo key and payee files, and tkn-client's base URL and key file. Every
`flask --app app ...` command (config.py) and tkn-client read it; a variable set in the
environment wins over the file. It checks the settings first, so an invalid one stops `make run`
with one line.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

from config import PROJECT_ROOT, InvalidSetting, check_settings, load_config, stack_file

# Variables make run passes on as they are, when set; the rest are resolved below.
_PASSED_ON = ("XDG_STATE_HOME", "LEDGER_DATABASE", "SETTLEMENT_METRICS_PORT")


def _absolute(path: str) -> str:
    return str((PROJECT_ROOT / path).resolve()) if not Path(path).is_absolute() else path


_PORTS = ("API_PORT", "LEDGER_PORT", "SETTLEMENT_METRICS_PORT")


def _check_ports(environ: Mapping[str, str]) -> None:
    """Each port make run was given is a TCP port number, else one line before anything starts."""
    for name in _PORTS:
        value = environ.get(name, "")
        if value and not (value.isascii() and value.isdigit() and 0 < int(value) < 65536):
            raise InvalidSetting(f"{name} is {value!r}, not a port number: set it to a number from 1 to 65535")


def stack_values(environ: Mapping[str, str]) -> dict[str, str]:
    """The settings make run chose, by variable name; InvalidSetting when one cannot work."""
    _check_ports(environ)
    config = load_config(environ)  # not config.from_process_environment: never the last run's file
    check_settings(config)
    api_port = environ.get("API_PORT") or "8000"
    key_file = _absolute(str(config["DEMO_KEY_FILE"]))
    values = {
        "API_PORT": api_port,
        "LEDGER_PORT": environ.get("LEDGER_PORT") or "8100",
        "DATABASE_URL": str(config["DATABASE_URL"]),
        "SANDBOX_HORIZON_URL": str(config["SANDBOX_HORIZON_URL"]),
        "SANDBOX_SECRETS_FILE": _absolute(str(config["SANDBOX_SECRETS_FILE"])),
        "DEMO_KEY_FILE": key_file,
        "DEMO_PAYEE_FILE": _absolute(environ.get("DEMO_PAYEE_FILE") or "var/demo-payee"),
        "TKN_BASE_URL": f"http://127.0.0.1:{api_port}",
        "TKN_API_KEY_FILE": key_file,
    }
    values.update({name: environ[name] for name in _PASSED_ON if environ.get(name)})
    return values


def render(values: Mapping[str, str]) -> str:
    """The file's text: a header, then `NAME=value` lines, each value shell-quoted."""
    header = (
        f"# Written by `make run` at {datetime.now(UTC):%Y-%m-%dT%H:%M:%SZ}: the settings it chose.\n"
        "# `flask --app app ...` and tkn-client read this file; a variable set in the environment wins.\n"
        "# In a shell: set -a; . var/stack.env; set +a\n"
    )
    return header + "".join(f"{name}={shlex.quote(value)}\n" for name, value in values.items())


def write(path: Path, values: Mapping[str, str]) -> None:
    """Replace the file at once, readable by its owner only (DATABASE_URL may hold a password)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(render(values))
    partial.chmod(0o600)
    partial.replace(path)


def main() -> int:
    """Write the stack file, or say in one line which setting is wrong (exit 1)."""
    path = stack_file(os.environ)
    try:
        values = stack_values(os.environ)
    except InvalidSetting as error:
        print(f"Error: {error.format_message()}", file=sys.stderr)
        return 1
    if path is not None:
        write(path, values)
    return 0


if __name__ == "__main__":
    sys.exit(main())
