"""Service configuration, read from the environment only when `create_app` asks for it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

PROJECT_ROOT = Path(__file__).resolve().parent

# Keys are Flask config names; values are (environment variable, default, parser).
_SETTINGS: dict[str, tuple[str, Any, Any]] = {
    "DATABASE_URL": ("DATABASE_URL", None, str),  # None: default_database_url(environ)
    "SCHEMA_DIR": ("SCHEMA_DIR", str(PROJECT_ROOT / "xsd" / "usage"), str),
    "MAX_BODY_BYTES": ("MAX_BODY_BYTES", 524_288, int),  # docs/decisions.md D6
    # Retention of recorded pacs.028 requests (docs/decisions.md Q9, Q10).
    "QUERY_RAW_MAX_BYTES": ("QUERY_RAW_MAX_BYTES", 16_384, int),
    "QUERY_RETENTION_DAYS": ("QUERY_RETENTION_DAYS", 90, int),
    # How long a process trusts a key it verified before looking it up again (docs/decisions.md K4).
    "API_KEY_CACHE_SECONDS": ("API_KEY_CACHE_SECONDS", 1.0, float),
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
    "PRODUCTION_HORIZON_URL": ("PRODUCTION_HORIZON_URL", "", str),
    "PRODUCTION_NETWORK_PASSPHRASE": ("PRODUCTION_NETWORK_PASSPHRASE", "", str),
    "PRODUCTION_SECRETS_FILE": ("PRODUCTION_SECRETS_FILE", "", str),
    # Sandbox settlement: the local ledger and the secrets file its bootstrap writes.
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
    "SETTLEMENT_STALL_LEDGERS": ("SETTLEMENT_STALL_LEDGERS", 12, int),
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


def load_config(environ: Mapping[str, str]) -> dict[str, Any]:
    """Return the Flask config values, parsed from an environment mapping."""
    values: dict[str, Any] = {}
    for key, (variable, default, parse) in _SETTINGS.items():
        raw = environ.get(variable)
        values[key] = default if raw in (None, "") else parse(raw)
    if values["DATABASE_URL"] is None:
        values["DATABASE_URL"] = default_database_url(environ)
    if values["SANDBOX_SECRETS_FILE"] is None:
        values["SANDBOX_SECRETS_FILE"] = str(state_directory(environ) / "ledger-secrets.json")
    return values


def from_process_environment() -> dict[str, Any]:
    """Return the config values of this process's environment."""
    return load_config(os.environ)


if __name__ == "__main__":
    # `python -m config state-dir`: the Makefile asks where `make run` keeps the ledger's state.
    print(state_directory(os.environ))
