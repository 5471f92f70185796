"""docs/operations.md's testnet and pubnet walkthroughs, run as written against sandbox ledgers.

Each walkthrough's code block is taken from the document and run by bash, with only the public
URLs replaced by a sandbox ledger's (started with the real network's passphrase, and serving
friendbot), `/etc/tkn-gateway` by a temporary directory, the service user by the test's own, and
HOME by another temporary directory, so the default SQLite store and the testnet secrets land there.
"""

from __future__ import annotations

import getpass
import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from ledger.testing import run_ledger_server
from stellar_sdk import Keypair

from config import PROJECT_ROOT

TESTNET = "Test SDF Network ; September 2015"
PUBNET = "Public Global Stellar Network ; September 2015"
DOC = (PROJECT_ROOT / "docs" / "operations.md").read_text()
WALKTHROUGH_SECONDS = 300


def _block(heading: str) -> str:
    """The one sh code block under `### heading` of the walkthrough section."""
    section = DOC.split("## Testnet, then pubnet", 1)[1].split("\n## ", 1)[0]
    part = section.split(f"\n### {heading}\n", 1)[1].split("\n### ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", part, re.DOTALL)
    assert len(blocks) == 1, f"expected one sh block under {heading}"
    return str(blocks[0])


def _run(script: str, home: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    environment = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("SANDBOX_", "PRODUCTION_", "DATABASE_URL", "XDG_", "LEDGER_"))
    }
    environment.update(HOME=str(home), LOG_FORMAT="console")
    return subprocess.run(
        ["/bin/bash", "-euo", "pipefail", "-c", script], check=False,
        cwd=PROJECT_ROOT, env=environment, input=stdin, capture_output=True, text=True, timeout=WALKTHROUGH_SECONDS,
    )  # fmt: skip


@pytest.fixture()
def testnet_url(tmp_path: Path) -> Iterator[str]:
    """A sandbox ledger with the test network's passphrase."""
    with run_ledger_server(tmp_path / "testnet", ledger_close_seconds=0.1, network_passphrase=TESTNET) as url:
        yield url


@pytest.fixture()
def pubnet_url(tmp_path: Path) -> Iterator[str]:
    """A sandbox ledger with the public network's passphrase."""
    with run_ledger_server(tmp_path / "pubnet", ledger_close_seconds=0.1, network_passphrase=PUBNET) as url:
        yield url


def test_the_testnet_walkthrough_bootstraps_with_friendbot_and_the_worker_finds_the_network(
    testnet_url: str, tmp_path: Path
) -> None:
    script = _block("Testnet")
    for public in ("https://horizon-testnet.stellar.org", "https://friendbot.stellar.org", f'"{TESTNET}"'):
        assert public in script
    script = script.replace("https://horizon-testnet.stellar.org", testnet_url)
    script = script.replace("https://friendbot.stellar.org", f"{testnet_url}/friendbot")
    home = tmp_path / "home"

    result = _run(script, home)

    assert result.returncode == 0, result.stdout + result.stderr
    secrets = json.loads((home / ".local/state/tkn-gateway/testnet-secrets.json").read_text())
    assert len(secrets["channels"]) == 5
    assert '"balance":"100000.0000000"' in result.stdout and '"asset_code":"TKN"' in result.stdout
    assert result.stdout.count("nothing to do") == 1
    assert "claims processed: 0" in result.stdout
    assert "Sandbox settlement disabled" not in result.stderr
    for entry in [secrets["issuer"], secrets["distribution"], *secrets["channels"]]:
        assert entry["secret"] not in result.stdout + result.stderr


def test_the_pubnet_walkthrough_bootstraps_from_a_funder_and_removes_its_secret(
    pubnet_url: str, tmp_path: Path
) -> None:
    script = _block("Pubnet")
    for public in ("https://horizon.stellar.org", f'"{PUBNET}"'):
        assert public in script
    configuration = tmp_path / "etc"
    configuration.mkdir()
    script = script.replace("https://horizon.stellar.org", pubnet_url).replace("/etc/tkn-gateway", str(configuration))
    script = script.replace("chown tkn-gateway ", f"chown {getpass.getuser()} ")
    funder = Keypair.random()
    requests.get(f"{pubnet_url}/friendbot", params={"addr": funder.public_key}, timeout=30).raise_for_status()

    result = _run(script, tmp_path / "home", stdin=funder.secret + "\n")

    assert result.returncode == 0, result.stdout + result.stderr
    assert not (configuration / "funder.secret").exists()
    secrets_file = configuration / "production-secrets.json"
    assert secrets_file.stat().st_mode & 0o777 == 0o600
    assert len(json.loads(secrets_file.read_text())["channels"]) == 20
    assert f"funded by funder {funder.public_key}, 5 XLM each" in result.stdout
    assert '"balance":"1000000.0000000"' in result.stdout
    assert funder.secret not in result.stdout + result.stderr
