"""Bootstrap and create-account, run as the real command line against a running server."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

from ledger.testing import run_ledger_server
from stellar_sdk import Asset, Keypair
from stellar_sdk.operation import CreateAccount

from tests.ledger.conftest import PASSPHRASE, ROOT, Kit


def run_cli(kit: Kit, secrets: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable, "-m", "ledger", "--url", kit.url,
        "--network-passphrase", PASSPHRASE, "--secrets-file", str(secrets), *args,
    ]  # fmt: skip
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)


def test_bootstrap_is_idempotent_and_keeps_secrets_private(kit: Kit, tmp_path: Path) -> None:
    secrets_file = tmp_path / "secrets.json"
    first = run_cli(kit, secrets_file, "bootstrap", "--channels", "3", "--mint", "500")
    assert stat.S_IMODE(secrets_file.stat().st_mode) == 0o600
    secrets = json.loads(secrets_file.read_text())
    for entry in [secrets["issuer"], secrets["distribution"], *secrets["channels"]]:
        assert entry["secret"] not in first.stdout + first.stderr
    asset = Asset("TKN", secrets["issuer"]["public_key"])
    distribution = Keypair.from_secret(secrets["distribution"]["secret"])
    assert kit.balance(distribution, asset) == Decimal("500")
    assert len(secrets["channels"]) == 3
    for channel in secrets["channels"]:
        assert kit.balance(Keypair.from_public_key(channel["public_key"])) > 0

    run_cli(kit, secrets_file, "bootstrap", "--channels", "3", "--mint", "500")
    assert json.loads(secrets_file.read_text())["issuer"] == secrets["issuer"]
    assert kit.balance(distribution, asset) == Decimal("500")

    payee = run_cli(kit, secrets_file, "create-account", "--trust", "TKN", "--name", "payee")
    public_key = payee.stdout.strip()
    stored = json.loads(secrets_file.read_text())["accounts"]["payee"]
    assert stored["public_key"] == public_key
    assert stored["secret"] not in payee.stdout + payee.stderr
    assert kit.balance(Keypair.from_public_key(public_key), asset) == 0


def test_create_account_to_its_own_file(kit: Kit, tmp_path: Path) -> None:
    output = tmp_path / "payee.json"
    result = run_cli(kit, tmp_path / "secrets.json", "create-account", "--output", str(output))
    assert stat.S_IMODE(output.stat().st_mode) == 0o600
    assert json.loads(output.read_text())["public_key"] == result.stdout.strip()


def test_state_survives_a_restart(tmp_path: Path) -> None:
    newcomer = Keypair.random()
    with run_ledger_server(tmp_path, ledger_close_seconds=0.1) as url:
        kit = Kit(url, manual=False)
        kit.submit(kit.build(kit.root, [CreateAccount(newcomer.public_key, "42")]))
        sequence = kit.sequence(kit.root)
        latest = kit.server.root().call()["history_latest_ledger"]
    with run_ledger_server(tmp_path, ledger_close_seconds=0) as url:
        kit = Kit(url, manual=True)
        assert kit.balance(newcomer) == Decimal("42")
        assert kit.sequence(kit.root) == sequence
        assert kit.server.root().call()["history_latest_ledger"] >= latest


def test_setup_bootstraps_and_keeps_one_demo_payee(kit: Kit, tmp_path: Path) -> None:
    secrets_file = tmp_path / "secrets.json"
    first = run_cli(kit, secrets_file, "setup", "--channels", "2", "--wait-seconds", "5")
    payee_file = tmp_path / "demo-payee"  # beside the secrets file by default
    payee = payee_file.read_text().strip()
    secrets = json.loads(secrets_file.read_text())
    assert len(secrets["channels"]) == 2 and f"demo payee {payee}" in first.stdout
    balances = kit.server.accounts().account_id(payee).call()["balances"]
    assert {(b.get("asset_code"), b.get("asset_issuer")) for b in balances} >= {
        ("TKN", secrets["issuer"]["public_key"])
    }

    again = run_cli(kit, secrets_file, "setup", "--channels", "2")
    assert payee_file.read_text().strip() == payee and f"demo payee {payee}" in again.stdout
    assert json.loads(secrets_file.read_text()) == secrets
    assert "S" not in {
        word[0] for word in (first.stdout + again.stdout).split() if len(word) == 56
    }  # no secret printed
