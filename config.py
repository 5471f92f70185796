"""Service configuration, read from the environment (then `make run`'s stack file) only when `create_app` asks."""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import click

PROJECT_ROOT = Path(__file__).resolve().parent
# What `make run` chose (ports, store, ledger URL, key file), for commands run in another terminal.
DEFAULT_STACK_FILE = PROJECT_ROOT / "var" / "stack.env"
OPS_TOKEN_MIN_LENGTH = 16

# Keys are Flask config names; values are (environment variable, default, parser).
_SETTINGS: dict[str, tuple[str, Any, Any]] = {
    "DATABASE_URL": ("DATABASE_URL", None, str),  # None: default_database_url(environ)
    "SCHEMA_DIR": ("SCHEMA_DIR", str(PROJECT_ROOT / "xsd" / "usage"), str),
    "MAX_BODY_BYTES": ("MAX_BODY_BYTES", 524_288, int),  # docs/decisions.md D6
    # Retention of recorded pacs.028 requests (docs/decisions.md Q9, Q10).
    "QUERY_RAW_MAX_BYTES": ("QUERY_RAW_MAX_BYTES", 16_384, int),
    "QUERY_RETENTION_DAYS": ("QUERY_RETENTION_DAYS", 90, int),
    # How much of each pacs.008 body its transfer keeps (docs/decisions.md I1).
    "TRANSFER_RAW_MAX_BYTES": ("TRANSFER_RAW_MAX_BYTES", 16_384, int),
    # How long a process trusts a key it verified before looking it up again (docs/decisions.md K4).
    "API_KEY_CACHE_SECONDS": ("API_KEY_CACHE_SECONDS", 1.0, float),
    # Requests a second each organization may send to each endpoint, in every API process together;
    # 0: no limit. `orgs set-rate-limit` overrides them per organization (docs/api.md, Rate limits).
    "RATE_LIMIT_PACS008_PER_SECOND": ("RATE_LIMIT_PACS008_PER_SECOND", 200.0, float),
    "RATE_LIMIT_PACS028_PER_SECOND": ("RATE_LIMIT_PACS028_PER_SECOND", 200.0, float),
    "RATE_LIMIT_BATCH_STATUS_PER_SECOND": ("RATE_LIMIT_BATCH_STATUS_PER_SECOND", 20.0, float),
    "RATE_LIMIT_CAMT056_PER_SECOND": ("RATE_LIMIT_CAMT056_PER_SECOND", 20.0, float),
    "SUPPORTED_NETWORKS": ("SUPPORTED_NETWORKS", ("net",), lambda v: tuple(v.split(","))),
    "USD_TO_TKN_RATE": ("USD_TO_TKN_RATE", Decimal("1"), Decimal),
    # Metrics (telemetry/metrics.py): a bearer token for GET /metrics (empty: open), the worker's port.
    "METRICS_TOKEN": ("METRICS_TOKEN", "", str),
    # The operator console at /ops (api/ops.py): off while empty, else the token it asks for.
    "OPS_TOKEN": ("OPS_TOKEN", "", str),
    "SETTLEMENT_METRICS_HOST": ("SETTLEMENT_METRICS_HOST", "127.0.0.1", str),
    "SETTLEMENT_METRICS_PORT": ("SETTLEMENT_METRICS_PORT", 0, int),  # 0: no metrics server
    "DEMO_KEY_FILE": ("DEMO_KEY_FILE", str(PROJECT_ROOT / "var" / "demo-api-key"), str),
    # What `demo ensure` funds the demo organization's prefunded account with (cli/demo.py).
    "DEMO_ACCOUNT_FUNDING": ("DEMO_ACCOUNT_FUNDING", Decimal("500.00"), Decimal),
    # Production settlement: all of these must be set before a Production key may submit.
    # Which ledger API each network settles through (`rpc` or `horizon`) and that API's address.
    "PRODUCTION_LEDGER_API": ("PRODUCTION_LEDGER_API", "horizon", str),
    "PRODUCTION_RPC_URL": ("PRODUCTION_RPC_URL", "", str),
    "PRODUCTION_HORIZON_URL": ("PRODUCTION_HORIZON_URL", "", str),
    "PRODUCTION_NETWORK_PASSPHRASE": ("PRODUCTION_NETWORK_PASSPHRASE", "", str),
    "PRODUCTION_SECRETS_FILE": ("PRODUCTION_SECRETS_FILE", "", str),
    # Sandbox settlement: the local ledger and the secrets file its bootstrap writes.
    "SANDBOX_LEDGER_API": ("SANDBOX_LEDGER_API", "horizon", str),
    "SANDBOX_RPC_URL": ("SANDBOX_RPC_URL", "http://127.0.0.1:8100/rpc", str),
    "SANDBOX_HORIZON_URL": ("SANDBOX_HORIZON_URL", "http://127.0.0.1:8100", str),
    "SANDBOX_NETWORK_PASSPHRASE": ("SANDBOX_NETWORK_PASSPHRASE", "TKN Gateway Sandbox Network ; 2026", str),
    # None: ledger-secrets.json in state_directory(), beside the store (docs/decisions.md U4).
    "SANDBOX_SECRETS_FILE": ("SANDBOX_SECRETS_FILE", None, str),
    # Settlement worker (docs/settlement.md).
    "SETTLEMENT_LEDGER_BOUND": ("SETTLEMENT_LEDGER_BOUND", 12, int),
    "SETTLEMENT_TIME_BOUND_SECONDS": ("SETTLEMENT_TIME_BOUND_SECONDS", 90, int),
    "SETTLEMENT_BOUND_MARGIN_LEDGERS": ("SETTLEMENT_BOUND_MARGIN_LEDGERS", 2, int),
    "SETTLEMENT_BASE_FEE": ("SETTLEMENT_BASE_FEE", 100, int),
    "SETTLEMENT_MAX_FEE": ("SETTLEMENT_MAX_FEE", 10_000, int),
    "SETTLEMENT_FEE_PERCENTILE": ("SETTLEMENT_FEE_PERCENTILE", "p70", str),
    # From this fee_stats ledger_capacity_usage up, bids also outbid rivals' bids (decision N11).
    "SETTLEMENT_SURGE_USAGE": ("SETTLEMENT_SURGE_USAGE", Decimal("0.5"), Decimal),
    "SETTLEMENT_POLL_SECONDS": ("SETTLEMENT_POLL_SECONDS", 0.5, float),
    "SETTLEMENT_PASSES": ("SETTLEMENT_PASSES", 0, int),  # 0: 2 on Postgres, 1 on SQLite
    "SETTLEMENT_BATCH_SIZE": ("SETTLEMENT_BATCH_SIZE", 1000, int),
    "SETTLEMENT_BATCH_OPS": ("SETTLEMENT_BATCH_OPS", 100, int),
    "SETTLEMENT_CLAIM_SECONDS": ("SETTLEMENT_CLAIM_SECONDS", 120, int),
    "SETTLEMENT_RETRY_BASE_SECONDS": ("SETTLEMENT_RETRY_BASE_SECONDS", 1.0, float),
    "SETTLEMENT_RETRY_MAX_SECONDS": ("SETTLEMENT_RETRY_MAX_SECONDS", 60.0, float),
    "SETTLEMENT_BLOCKED_DEADLINE_SECONDS": ("SETTLEMENT_BLOCKED_DEADLINE_SECONDS", 86_400, int),
    "SETTLEMENT_BLOCKED_ERROR_CODE": ("SETTLEMENT_BLOCKED_ERROR_CODE", "NARR", str),
    "SETTLEMENT_HTTP_TIMEOUT_SECONDS": ("SETTLEMENT_HTTP_TIMEOUT_SECONDS", 40.0, float),
    "SETTLEMENT_STALL_SECONDS": ("SETTLEMENT_STALL_SECONDS", 60.0, float),
    # How long a destination's "can receive TKN" answer is kept, and how many are (services/settlement/destinations.py).
    "SETTLEMENT_DESTINATION_OK_SECONDS": ("SETTLEMENT_DESTINATION_OK_SECONDS", 300.0, float),
    "SETTLEMENT_DESTINATION_RECHECK_SECONDS": ("SETTLEMENT_DESTINATION_RECHECK_SECONDS", 30.0, float),
    "SETTLEMENT_DESTINATION_CACHE_SIZE": ("SETTLEMENT_DESTINATION_CACHE_SIZE", 100_000, int),
    # Webhook delivery (docs/webhooks.md).
    "WEBHOOK_TIMEOUT_SECONDS": ("WEBHOOK_TIMEOUT_SECONDS", 10.0, float),
    "WEBHOOK_RETRY_WINDOW_SECONDS": ("WEBHOOK_RETRY_WINDOW_SECONDS", 259_200.0, float),  # 3 days
    "WEBHOOK_RETRY_BASE_SECONDS": ("WEBHOOK_RETRY_BASE_SECONDS", 5.0, float),
    "WEBHOOK_RETRY_MAX_SECONDS": ("WEBHOOK_RETRY_MAX_SECONDS", 3_600.0, float),
    "WEBHOOK_CLAIM_SECONDS": ("WEBHOOK_CLAIM_SECONDS", 60.0, float),
    "WEBHOOK_POLL_SECONDS": ("WEBHOOK_POLL_SECONDS", 0.5, float),
    "WEBHOOK_SENDERS": ("WEBHOOK_SENDERS", 24, int),
    "WEBHOOK_PER_ENDPOINT": ("WEBHOOK_PER_ENDPOINT", 8, int),
    "WEBHOOK_RETENTION_DAYS": ("WEBHOOK_RETENTION_DAYS", 30, int),
    # Comma-separated Fernet keys sealing webhook signing secrets at rest; empty: stored as they are (E9).
    "WEBHOOK_SECRET_KEYS": ("WEBHOOK_SECRET_KEYS", "", str),
}


def default_database_url(environ: Mapping[str, str]) -> str:
    """SQLite in the user's state directory, outside the repository, so no clean or re-clone loses it."""
    state_home = environ.get("XDG_STATE_HOME") or str(Path(environ.get("HOME", "~")).expanduser() / ".local" / "state")
    return f"sqlite:///{Path(state_home) / 'tkn-gateway' / 'gateway.sqlite3'}"


def state_directory(environ: Mapping[str, str]) -> Path:
    """Where the gateway's own state lives: the SQLite store's directory, else the default one.

    `make run` keeps the sandbox ledger's database and secrets here too, so the ledger's hashes and
    accounts live and die with the store that refers to them (docs/decisions.md U4).
    """
    url = environ.get("DATABASE_URL") or default_database_url(environ)
    if urlparse(url).scheme.startswith("sqlite") and "///" in url:
        return Path(url.split("///", 1)[1]).parent
    return Path(default_database_url(environ).split("///", 1)[1]).parent


class InvalidSetting(click.ClickException):
    """A setting the gateway cannot use: one line (`Error: ...`) saying what to set, never a traceback."""


_KINDS = {int: "a whole number", float: "a number", Decimal: "a decimal number"}


def _parse(variable: str, raw: str, parse: Any) -> Any:
    try:
        return parse(raw)
    except (ValueError, InvalidOperation):
        kind = _KINDS.get(parse, "valid")
        raise InvalidSetting(f"{variable}={raw!r} is not {kind}; set it to one, or unset it for the default") from None


def check_settings(values: Mapping[str, Any]) -> None:
    """Raise InvalidSetting for a value that parses but cannot work (never showing a secret's value)."""
    token = str(values.get("OPS_TOKEN") or "")
    if token and len(token) < OPS_TOKEN_MIN_LENGTH:
        raise InvalidSetting(
            f"OPS_TOKEN is {len(token)} characters, it must be at least {OPS_TOKEN_MIN_LENGTH}: "
            'set one with `export OPS_TOKEN="$(openssl rand -hex 32)"`, or unset it to turn the console off'
        )
    url = str(values.get("DATABASE_URL") or "")
    if url and not urlparse(url).scheme.startswith(("sqlite", "postgres")):
        raise InvalidSetting(
            f"DATABASE_URL must be sqlite:///path or postgresql://user@host:port/database, not {urlparse(url).scheme}://…"
        )
    port = int(values.get("SETTLEMENT_METRICS_PORT") or 0)
    if not 0 <= port <= 65535:
        raise InvalidSetting(f"SETTLEMENT_METRICS_PORT={port} is not a TCP port; use 1-65535, or 0 for none")


def load_config(environ: Mapping[str, str]) -> dict[str, Any]:
    """Return the Flask config values, parsed from an environment mapping; InvalidSetting names a bad one."""
    values: dict[str, Any] = {}
    for key, (variable, default, parse) in _SETTINGS.items():
        raw = environ.get(variable)
        values[key] = default if raw in (None, "") else _parse(variable, str(raw), parse)
    if values["DATABASE_URL"] is None:
        values["DATABASE_URL"] = default_database_url(environ)
    if values["SANDBOX_SECRETS_FILE"] is None:
        values["SANDBOX_SECRETS_FILE"] = str(state_directory(environ) / "ledger-secrets.json")
    return values


def stack_file(environ: Mapping[str, str]) -> Path | None:
    """The stack file: TKN_STACK_FILE, else var/stack.env in the checkout; None when TKN_STACK_FILE is empty."""
    if "TKN_STACK_FILE" in environ:
        return Path(environ["TKN_STACK_FILE"]) if environ["TKN_STACK_FILE"] else None
    return DEFAULT_STACK_FILE


def read_stack_file(path: Path | None) -> dict[str, str]:
    """The `NAME=value` lines of a stack file (values shell-quoted, as `make run` writes them); {} when absent."""
    if path is None or not path.is_file():
        return {}
    values: dict[str, str] = {}
    for line in path.read_text().splitlines():
        name, equals, raw = line.strip().partition("=")
        if not equals or name.startswith("#"):
            continue
        words = shlex.split(raw)
        values[name.strip()] = words[0] if words else ""
    return values


def with_stack_file(environ: Mapping[str, str]) -> dict[str, str]:
    """The environment over the stack file: a variable set in the environment wins over the file's."""
    return {**read_stack_file(stack_file(environ)), **environ}


def from_process_environment() -> dict[str, Any]:
    """Return the config values of this process's environment, over `make run`'s stack file."""
    return load_config(with_stack_file(os.environ))


if __name__ == "__main__":
    # `python -m config state-dir`: the Makefile asks where `make run` keeps the ledger's state.
    print(state_directory(os.environ))
