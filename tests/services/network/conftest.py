"""A real sandbox ledger with a friendbot, a funder account on it, and a look at the ledger's state."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from ledger.config import DEFAULT_PASSPHRASE
from ledger.testing import run_ledger_server
from stellar_sdk import Keypair, Server
from stellar_sdk.exceptions import NotFoundError

PASSPHRASE = DEFAULT_PASSPHRASE


@pytest.fixture(scope="module")
def ledger_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ledger closing every 0.1 s, of the sandbox's own passphrase."""
    with run_ledger_server(tmp_path_factory.mktemp("network-ledger"), ledger_close_seconds=0.1) as url:
        yield url


def funder_file(ledger_url: str, directory: Path) -> tuple[Keypair, Path]:
    """A funder account with 10,000 XLM (from friendbot) and the 0600 file holding its secret."""
    funder = Keypair.random()
    requests.get(f"{ledger_url}/friendbot", params={"addr": funder.public_key}, timeout=30).raise_for_status()
    path = directory / "funder.secret"
    path.write_text(funder.secret + "\n")
    path.chmod(0o600)
    return funder, path


def ledger_state(ledger_url: str, account_ids: list[str]) -> dict[str, Any]:
    """Each account's sequence number and balances, or None for an account the ledger does not know."""
    server = Server(ledger_url)
    state: dict[str, Any] = {}
    for account_id in account_ids:
        try:
            body = server.accounts().account_id(account_id).call()
        except NotFoundError:
            state[account_id] = None
            continue
        balances = sorted((line.get("asset_code", "XLM"), line["balance"]) for line in body["balances"])
        state[account_id] = (body["sequence"], balances)
    return state


def public_keys(secrets_file: Path) -> list[str]:
    """The issuer's, the distribution's and every channel's public key in a secrets file."""
    document = json.loads(secrets_file.read_text())
    roles = [document["issuer"], document["distribution"], *document["channels"]]
    return [entry["public_key"] for entry in roles]
