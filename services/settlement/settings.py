"""Per-environment settlement settings: which ledger, which asset, which keys (from a 0600 file)."""

from __future__ import annotations

import json
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from stellar_sdk import Asset, Keypair

from services.api_keys import Environment
from services.settlement.envelopes import MAX_OPS
from services.settlement.ledger_api import LedgerClient
from services.settlement.ledger_client import HorizonLedgerClient
from services.settlement.rpc_client import RpcLedgerClient

LEDGER_APIS = ("horizon", "rpc")


class SettlementConfigError(Exception):
    """A network's settlement settings are missing or unsafe; the message names no secret."""


@dataclass(frozen=True)
class SettlementSettings:
    """How the worker bounds, prices and schedules envelopes (docs/settlement.md lists the config names)."""

    usd_to_tkn_rate: Decimal
    ledger_bound: int = 12
    time_bound_seconds: int = 90
    bound_margin_ledgers: int = 2
    base_fee: int = 100
    max_fee: int = 10_000
    fee_percentile: str = "p70"
    surge_usage: Decimal = Decimal("0.5")
    batch_size: int = 1000
    batch_ops: int = 100
    claim_seconds: int = 120
    retry_base_seconds: float = 1.0
    retry_max_seconds: float = 60.0
    blocked_deadline_seconds: int = 86_400
    blocked_error_code: str = "NARR"
    poll_seconds: float = 0.5
    http_timeout_seconds: float = 40.0
    stall_seconds: float = 60.0
    destination_ok_seconds: float = 300.0
    destination_recheck_seconds: float = 30.0
    destination_cache_size: int = 100_000


@dataclass(frozen=True)
class SettlementNetwork:
    """One environment's ledger, asset and signing keys."""

    environment: str
    network_passphrase: str
    asset: Asset
    distribution: Keypair
    channels: tuple[Keypair, ...]
    client: LedgerClient

    def __post_init__(self) -> None:
        # An RPC client learns rivals' bids from the ledgers it reads; it must know which are ours.
        if isinstance(self.client, RpcLedgerClient):
            self.client.own_accounts = frozenset([self.distribution.public_key, *self.channel_ids])

    @property
    def channel_ids(self) -> list[str]:
        """The channel accounts' public keys."""
        return [channel.public_key for channel in self.channels]


def settings_from_config(config: Mapping[str, Any]) -> SettlementSettings:
    """Read the SETTLEMENT_* values of the app config."""
    return SettlementSettings(
        usd_to_tkn_rate=Decimal(config["USD_TO_TKN_RATE"]),
        ledger_bound=int(config["SETTLEMENT_LEDGER_BOUND"]),
        time_bound_seconds=int(config["SETTLEMENT_TIME_BOUND_SECONDS"]),
        bound_margin_ledgers=int(config["SETTLEMENT_BOUND_MARGIN_LEDGERS"]),
        base_fee=int(config["SETTLEMENT_BASE_FEE"]),
        max_fee=int(config["SETTLEMENT_MAX_FEE"]),
        fee_percentile=str(config["SETTLEMENT_FEE_PERCENTILE"]),
        surge_usage=Decimal(config["SETTLEMENT_SURGE_USAGE"]),
        batch_size=int(config["SETTLEMENT_BATCH_SIZE"]),
        batch_ops=max(1, min(MAX_OPS, int(config["SETTLEMENT_BATCH_OPS"]))),
        claim_seconds=int(config["SETTLEMENT_CLAIM_SECONDS"]),
        retry_base_seconds=float(config["SETTLEMENT_RETRY_BASE_SECONDS"]),
        retry_max_seconds=float(config["SETTLEMENT_RETRY_MAX_SECONDS"]),
        blocked_deadline_seconds=int(config["SETTLEMENT_BLOCKED_DEADLINE_SECONDS"]),
        blocked_error_code=str(config["SETTLEMENT_BLOCKED_ERROR_CODE"]),
        poll_seconds=float(config["SETTLEMENT_POLL_SECONDS"]),
        http_timeout_seconds=float(config["SETTLEMENT_HTTP_TIMEOUT_SECONDS"]),
        stall_seconds=float(config["SETTLEMENT_STALL_SECONDS"]),
        destination_ok_seconds=float(config["SETTLEMENT_DESTINATION_OK_SECONDS"]),
        destination_recheck_seconds=float(config["SETTLEMENT_DESTINATION_RECHECK_SECONDS"]),
        destination_cache_size=int(config["SETTLEMENT_DESTINATION_CACHE_SIZE"]),
    )


def read_secrets_file(path: Path) -> dict[str, Any]:
    """The JSON secrets file written by `python -m ledger bootstrap` (same shape for Production).

    Refused when group or others may read it.
    """
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise SettlementConfigError(f"settlement secrets file {path} does not exist") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise SettlementConfigError(f"settlement secrets file {path} must be mode 0600")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def ledger_client(api: str, url: str, passphrase: str, timeout_seconds: float) -> LedgerClient:
    """The ledger client for `api` (`horizon` or `rpc`) at `url`."""
    if api == "rpc":
        return RpcLedgerClient(url, passphrase, timeout_seconds)
    if api == "horizon":
        return HorizonLedgerClient(url, passphrase, timeout_seconds)
    raise SettlementConfigError(f"ledger API must be one of {', '.join(LEDGER_APIS)}, not {api!r}")


def network_from_secrets(
    environment: str,
    horizon_url: str,
    passphrase: str,
    secrets: Mapping[str, Any],
    timeout_seconds: float,
    client: LedgerClient | None = None,
) -> SettlementNetwork:
    """Build a network from a parsed secrets document (on Horizon at `horizon_url` unless `client` is given)."""
    try:
        issuer = str(secrets["issuer"]["public_key"])
        distribution = Keypair.from_secret(secrets["distribution"]["secret"])
        channels = tuple(Keypair.from_secret(entry["secret"]) for entry in secrets["channels"])
        asset = Asset(str(secrets.get("asset_code", "TKN")), issuer)
    except (KeyError, TypeError, ValueError) as error:
        raise SettlementConfigError(f"{environment} secrets are incomplete ({type(error).__name__})") from None
    if not channels:
        raise SettlementConfigError(f"{environment} secrets list no channel accounts")
    return SettlementNetwork(
        environment=environment,
        network_passphrase=passphrase,
        asset=asset,
        distribution=distribution,
        channels=channels,
        client=client or HorizonLedgerClient(horizon_url, passphrase, timeout_seconds),
    )


def networks_from_config(config: Mapping[str, Any]) -> tuple[dict[str, SettlementNetwork], dict[str, str]]:
    """The configured networks by environment, and why any environment is unavailable."""
    networks: dict[str, SettlementNetwork] = {}
    problems: dict[str, str] = {}
    timeout = float(config["SETTLEMENT_HTTP_TIMEOUT_SECONDS"])
    for environment, prefix in ((Environment.SANDBOX, "SANDBOX"), (Environment.PRODUCTION, "PRODUCTION")):
        api = str(config.get(f"{prefix}_LEDGER_API") or "horizon").lower()
        url_name = f"{prefix}_RPC_URL" if api == "rpc" else f"{prefix}_HORIZON_URL"
        url = config.get(url_name)
        passphrase = config.get(f"{prefix}_NETWORK_PASSPHRASE")
        secrets_file = config.get(f"{prefix}_SECRETS_FILE")
        if not (url and passphrase and secrets_file):
            problems[environment.value] = f"{url_name}, _NETWORK_PASSPHRASE and _SECRETS_FILE must be set"
            continue
        try:
            client = ledger_client(api, url, passphrase, timeout)
            secrets = read_secrets_file(Path(secrets_file))
            networks[environment.value] = network_from_secrets(
                environment.value, url, passphrase, secrets, timeout, client
            )
        except (SettlementConfigError, json.JSONDecodeError) as error:
            problems[environment.value] = str(error)
    return networks, problems
