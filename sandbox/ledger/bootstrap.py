"""Bootstrap a running ledger: TKN issuer, funded distribution account and channel accounts.

Everything is done by submitting real transactions through stellar-sdk, so bootstrap also
exercises the server's submission path. Secret seeds go to a JSON file created with mode 0600
and are never printed or logged.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from stellar_sdk import Asset, Keypair, Server, TransactionBuilder
from stellar_sdk.exceptions import NotFoundError
from stellar_sdk.operation import ChangeTrust, CreateAccount, Operation, Payment

from ledger.config import root_keypair

MAX_OPS = 100
Secrets = dict[str, Any]


@dataclass(frozen=True)
class BootstrapOptions:
    """What bootstrap creates."""

    horizon_url: str
    network_passphrase: str
    secrets_file: Path
    channels: int = 5
    asset_code: str = "TKN"
    mint: Decimal = Decimal(1000000)
    starting_balance: Decimal = Decimal(1000)


def read_secrets(path: Path) -> Secrets:
    """Return the secrets file's content, or an empty document if it does not exist."""
    if not path.exists():
        return {}
    data: Secrets = json.loads(path.read_text())
    return data


def write_secrets(path: Path, data: Secrets) -> None:
    """Write the secrets file atomically, readable by its owner only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w") as handle:
            json.dump(data, handle, indent=2, sort_keys=True)
            handle.write("\n")
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    os.replace(temporary, path)


def _keypair_entry(keypair: Keypair) -> dict[str, str]:
    return {"public_key": keypair.public_key, "secret": keypair.secret}


def _keypair(entry: dict[str, str]) -> Keypair:
    return Keypair.from_secret(entry["secret"])


def _exists(server: Server, account_id: str) -> bool:
    try:
        server.accounts().account_id(account_id).call()
    except NotFoundError:
        return False
    return True


def submit_ops(
    server: Server,
    passphrase: str,
    source: Keypair,
    operations: list[Operation],
    signers: list[Keypair] | None = None,
) -> None:
    """Submit operations in transactions of at most 100 operations, signed by source + signers."""
    for start in range(0, len(operations), MAX_OPS):
        account = server.load_account(source.public_key)
        builder = TransactionBuilder(account, passphrase, base_fee=100).set_timeout(120)
        for op in operations[start : start + MAX_OPS]:
            builder.append_operation(op)
        envelope = builder.build()
        for keypair in [source, *(signers or [])]:
            envelope.sign(keypair)
        server.submit_transaction(envelope, skip_memo_required_check=True)


def _balance(server: Server, account_id: str, asset: Asset) -> Decimal | None:
    body = server.accounts().account_id(account_id).call()
    for line in body["balances"]:
        if line.get("asset_code") == asset.code and line.get("asset_issuer") == asset.issuer:
            return Decimal(line["balance"])
    return None


def _load_or_create(options: BootstrapOptions) -> Secrets:
    secrets = read_secrets(options.secrets_file)
    known = secrets.get("network_passphrase")
    if known is not None and known != options.network_passphrase:
        raise ValueError(f"{options.secrets_file} belongs to another network: {known!r}")
    secrets["network_passphrase"] = options.network_passphrase
    secrets["horizon_url"] = options.horizon_url
    secrets["asset_code"] = options.asset_code
    secrets.setdefault("issuer", _keypair_entry(Keypair.random()))
    secrets.setdefault("distribution", _keypair_entry(Keypair.random()))
    channels: list[dict[str, str]] = secrets.setdefault("channels", [])
    while len(channels) < options.channels:
        channels.append(_keypair_entry(Keypair.random()))
    secrets.setdefault("accounts", {})
    # Saved before any transaction, so a crash midway is finished by the next run.
    write_secrets(options.secrets_file, secrets)
    return secrets


def bootstrap(options: BootstrapOptions, server: Server | None = None) -> Secrets:
    """Create whatever is missing (accounts, trust line, TKN balance); safe to run again."""
    server = server or Server(options.horizon_url)
    secrets = _load_or_create(options)
    passphrase = options.network_passphrase
    root = root_keypair(passphrase)
    issuer = _keypair(secrets["issuer"])
    distribution = _keypair(secrets["distribution"])
    wanted = [issuer, distribution, *(_keypair(c) for c in secrets["channels"])]
    missing = [kp for kp in wanted if not _exists(server, kp.public_key)]
    creates: list[Operation] = [CreateAccount(kp.public_key, options.starting_balance) for kp in missing]
    if creates:
        submit_ops(server, passphrase, root, creates)
    asset = Asset(options.asset_code, issuer.public_key)
    balance = _balance(server, distribution.public_key, asset)
    if balance is None:
        submit_ops(server, passphrase, distribution, [ChangeTrust(asset)])
        balance = Decimal(0)
    if balance < options.mint:
        top_up = Payment(distribution.public_key, asset, options.mint - balance)
        submit_ops(server, passphrase, issuer, [top_up])
    return secrets


def create_account(
    options: BootstrapOptions,
    *,
    name: str | None = None,
    trust: str | None = None,
    starting_balance: Decimal = Decimal(10),
    output: Path | None = None,
    server: Server | None = None,
) -> str:
    """Create a funded payee account (optionally trusting the bootstrapped asset).

    The secret goes to ``output`` (a new 0600 JSON file) or under ``accounts`` in the
    secrets file; only the public key is returned.
    """
    server = server or Server(options.horizon_url)
    passphrase = options.network_passphrase
    keypair = Keypair.random()
    submit_ops(
        server, passphrase, root_keypair(passphrase),
        [CreateAccount(keypair.public_key, starting_balance)],
    )  # fmt: skip
    if trust is not None:
        secrets = read_secrets(options.secrets_file)
        if trust != secrets.get("asset_code") or "issuer" not in secrets:
            raise ValueError(f"asset {trust!r} is not bootstrapped in {options.secrets_file}")
        asset = Asset(trust, secrets["issuer"]["public_key"])
        submit_ops(server, passphrase, keypair, [ChangeTrust(asset)])
    if output is not None:
        write_secrets(output, _keypair_entry(keypair))
    else:
        secrets = read_secrets(options.secrets_file)
        secrets.setdefault("accounts", {})[name or keypair.public_key] = _keypair_entry(keypair)
        write_secrets(options.secrets_file, secrets)
    return keypair.public_key
