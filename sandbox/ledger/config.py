"""Configuration of the local ledger server, read from the environment by the factory only."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from stellar_sdk import Keypair, Network

DEFAULT_PASSPHRASE = "TKN Gateway Sandbox Network ; 2026"  # noqa: S105 - public network name


@dataclass(frozen=True)
class LedgerConfig:
    """Settings of one ledger server process."""

    database: str = "var/ledger.sqlite3"
    network_passphrase: str = DEFAULT_PASSPHRASE
    # 0 disables the background closer: ledgers close only through the admin endpoint.
    ledger_close_seconds: float = 5.0
    max_ops_per_ledger: int = 1000
    submit_timeout_seconds: float = 30.0
    base_fee: int = 100
    base_reserve: int = 5_000_000
    # stellar-core's TRANSACTION_QUEUE_SIZE_MULTIPLIER: the queue holds this many ledgers of operations.
    queue_ledgers: int = 2
    # stellar-core's TRANSACTION_QUEUE_TIMEOUT_LEDGERS and TRANSACTION_QUEUE_BAN_LEDGERS.
    queue_timeout_ledgers: int = 4
    ban_ledgers: int = 10
    # Other people's traffic: this share of every ledger's operations, bidding this fee per operation.
    background_share: float = 0.0
    background_fee: int = 100
    # Horizon's PER_HOUR_RATE_LIMIT per client address (0 = off) and the burst allowed at once.
    rate_limit_per_hour: int = 0
    rate_limit_burst: int = 100
    # A lagging fleet of read instances (docs/ledger.md); 0 instances: every read sees the tip.
    fleet_instances: int = 0
    fleet_min_lag: int = 0
    fleet_max_lag: int = 0
    fleet_seed: int = 0
    # Stellar RPC's history-retention-window: the ledgers an RPC instance keeps (7 days of 5 s ledgers).
    rpc_retention_ledgers: int = 120_960


_ENV_NAMES = {
    "database": "LEDGER_DATABASE",
    "network_passphrase": "LEDGER_NETWORK_PASSPHRASE",
    "ledger_close_seconds": "LEDGER_CLOSE_SECONDS",
    "max_ops_per_ledger": "MAX_OPS_PER_LEDGER",
    "submit_timeout_seconds": "SUBMIT_TIMEOUT_SECONDS",
    "queue_ledgers": "LEDGER_QUEUE_LEDGERS",
    "queue_timeout_ledgers": "LEDGER_QUEUE_TIMEOUT_LEDGERS",
    "ban_ledgers": "LEDGER_BAN_LEDGERS",
    "background_share": "LEDGER_BACKGROUND_SHARE",
    "background_fee": "LEDGER_BACKGROUND_FEE",
    "rate_limit_per_hour": "LEDGER_RATE_LIMIT_PER_HOUR",
    "rate_limit_burst": "LEDGER_RATE_LIMIT_BURST",
    "fleet_instances": "LEDGER_FLEET_INSTANCES",
    "fleet_min_lag": "LEDGER_FLEET_MIN_LAG",
    "fleet_max_lag": "LEDGER_FLEET_MAX_LAG",
    "fleet_seed": "LEDGER_FLEET_SEED",
    "rpc_retention_ledgers": "LEDGER_RPC_RETENTION_LEDGERS",
}


def env_names() -> dict[str, str]:
    """Return the environment variable read for each setting."""
    return dict(_ENV_NAMES)


def load_config(environ: Mapping[str, str] | None = None, overrides: Mapping[str, Any] | None = None) -> LedgerConfig:
    """Build the config from defaults, then the environment, then explicit overrides."""
    env = os.environ if environ is None else environ
    config = LedgerConfig()
    types = {f.name: type(getattr(config, f.name)) for f in fields(LedgerConfig)}
    values: dict[str, Any] = {}
    for name, env_name in _ENV_NAMES.items():
        if env_name in env:
            values[name] = types[name](env[env_name])
    for name, value in (overrides or {}).items():
        if name not in types:
            raise ValueError(f"unknown ledger setting {name!r}")
        values[name] = types[name](value)
    return replace(config, **values)


def root_keypair(network_passphrase: str) -> Keypair:
    """Return the root account's keypair: seeded by the network id, as stellar-core does."""
    return Keypair.from_raw_ed25519_seed(Network(network_passphrase).network_id())
