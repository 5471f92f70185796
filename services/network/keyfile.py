"""The settlement secrets file a bootstrap fills in: created 0600, written atomically, keys kept first.

Its shape is the one the settlement worker reads (services/settlement/settings.py): `issuer`,
`distribution` and `channels` entries of `{"public_key", "secret"}`, with `asset_code`,
`network_passphrase` and `horizon_url`. Entries the bootstrap does not know (a sandbox's `accounts`)
are kept as they are.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stellar_sdk import Keypair


class KeyFileError(Exception):
    """The secrets file cannot be used for this network; the message names no secret."""


@dataclass(frozen=True)
class NetworkKeys:
    """The keypairs a bootstrap creates accounts for."""

    issuer: Keypair
    distribution: Keypair
    channels: tuple[Keypair, ...]

    def accounts(self) -> list[tuple[str, Keypair]]:
        """Every account with the name the command prints for it, issuer first."""
        named = [("issuer", self.issuer), ("distribution", self.distribution)]
        return named + [(f"channel {n}", channel) for n, channel in enumerate(self.channels, start=1)]


def _entry(keypair: Keypair) -> dict[str, str]:
    return {"public_key": keypair.public_key, "secret": keypair.secret}


def _read(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    if path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise KeyFileError(f"secrets file {path} must be mode 0600")
    try:
        document: dict[str, Any] = json.loads(path.read_text())
    except json.JSONDecodeError:
        raise KeyFileError(f"secrets file {path} is not JSON") from None
    return document


def write_private(path: Path, document: dict[str, Any]) -> None:
    """Write `document` to `path` atomically, readable by its owner only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w") as handle:
            json.dump(document, handle, indent=2, sort_keys=True)
            handle.write("\n")
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def ensure_keys(path: Path, horizon_url: str, passphrase: str, asset_code: str, channels: int) -> NetworkKeys:
    """The file's keys, with any missing ones generated and saved before any of them is used.

    Saved first so that an account created on the ledger always has its secret on disk: a crash
    after a creation leaves nothing the next run cannot finish. A file of another network or asset
    is refused rather than mixed.
    """
    document = _read(path)
    for field, wanted in (("network_passphrase", passphrase), ("asset_code", asset_code)):
        known = document.get(field)
        if known is not None and known != wanted:
            raise KeyFileError(f"secrets file {path} has {field} {known!r}, not {wanted!r}")
    changed = not document
    document.update(network_passphrase=passphrase, asset_code=asset_code)
    if document.get("horizon_url") != horizon_url:
        document["horizon_url"] = horizon_url
        changed = True
    for role in ("issuer", "distribution"):
        if role not in document:
            document[role] = _entry(Keypair.random())
            changed = True
    entries: list[dict[str, str]] = document.setdefault("channels", [])
    while len(entries) < channels:
        entries.append(_entry(Keypair.random()))
        changed = True
    if changed:
        write_private(path, document)
    try:
        return NetworkKeys(
            issuer=Keypair.from_secret(document["issuer"]["secret"]),
            distribution=Keypair.from_secret(document["distribution"]["secret"]),
            channels=tuple(Keypair.from_secret(entry["secret"]) for entry in entries),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise KeyFileError(f"secrets file {path} has an unreadable key ({type(error).__name__})") from None


def read_funder(path: Path) -> Keypair:
    """The funder's keypair from a 0600 file holding its secret seed (`S...`) alone."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise KeyFileError(f"funder secret file {path} does not exist") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise KeyFileError(f"funder secret file {path} must be mode 0600")
    try:
        return Keypair.from_secret(path.read_text().strip())
    except ValueError:
        raise KeyFileError(f"funder secret file {path} does not hold a Stellar secret seed") from None
