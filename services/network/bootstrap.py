"""Bootstrap a network for settlement, idempotently: every step first looks at the ledger.

Steps, in order: the keys (generated and saved before anything else), the accounts (issuer,
distribution, channels; created by the funding), the distribution account's trust line, and its
TKN balance topped up to the mint target by the issuer. A step whose result is already on the
ledger does nothing, so a run after a crash at any point finishes the job, and a run after a
finished one changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from stellar_sdk import Asset
from stellar_sdk.operation import ChangeTrust, Payment

from services.network.funding import Funding
from services.network.horizon import Horizon
from services.network.keyfile import NetworkKeys, ensure_keys


@dataclass(frozen=True)
class BootstrapPlan:
    """What the network should hold once bootstrapped."""

    horizon_url: str
    network_passphrase: str
    secrets_file: Path
    funding: Funding
    channels: int = 20
    asset_code: str = "TKN"
    mint: Decimal = Decimal(1_000_000)


def bootstrap(plan: BootstrapPlan, done: Callable[[str], None]) -> NetworkKeys:
    """Bring the network to `plan`, calling `done` with a public line after each change made.

    Raises BootstrapError (LedgerUnreachable when Horizon or friendbot does not answer) or
    KeyFileError; whatever was done before stays done.
    """
    horizon = Horizon(plan.horizon_url, plan.network_passphrase)
    horizon.check_network()
    keys = ensure_keys(plan.secrets_file, horizon.url, plan.network_passphrase, plan.asset_code, plan.channels)
    missing = [(name, keypair) for name, keypair in keys.accounts() if horizon.account(keypair.public_key) is None]
    if missing:
        plan.funding.create(horizon, missing, done)
    asset = Asset(plan.asset_code, keys.issuer.public_key)
    balance = horizon.balance(keys.distribution.public_key, asset)
    if balance is None:
        horizon.submit(keys.distribution, [ChangeTrust(asset)], "the distribution account's trust line")
        done(f"distribution {keys.distribution.public_key} trusts {plan.asset_code}")
        balance = Decimal(0)
    if balance < plan.mint:
        top_up = plan.mint - balance
        payment = Payment(keys.distribution.public_key, asset, top_up)
        horizon.submit(keys.issuer, [payment], f"paying {plan.asset_code} to the distribution account")
        done(f"issued {top_up:.7f} {plan.asset_code} to distribution {keys.distribution.public_key}")
    return keys
