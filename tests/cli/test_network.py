"""`flask --app app network bootstrap` against a real sandbox ledger: output, reruns, refusals, exit statuses."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskCliRunner
from ledger.testing import free_port, run_ledger_server

from tests.services.network.conftest import PASSPHRASE, funder_file


@pytest.fixture(scope="module")
def ledger_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ledger closing every 0.1 s, of the sandbox's passphrase."""
    with run_ledger_server(tmp_path_factory.mktemp("cli-network-ledger"), ledger_close_seconds=0.1) as url:
        yield url


@pytest.fixture()
def app_config(app_config: dict[str, Any], tmp_path: Path, ledger_url: str) -> dict[str, Any]:
    """Sandbox settings on the test ledger, a secrets file of the test's own; Production not configured."""
    return {
        **app_config,
        "SANDBOX_HORIZON_URL": ledger_url,
        "SANDBOX_NETWORK_PASSPHRASE": PASSPHRASE,
        "SANDBOX_SECRETS_FILE": str(tmp_path / "sandbox-secrets.json"),
        "PRODUCTION_HORIZON_URL": "",
    }


def _secrets(tmp_path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((tmp_path / "sandbox-secrets.json").read_text())
    return document


def test_bootstrap_with_friendbot_prints_public_keys_only_and_a_rerun_has_nothing_to_do(
    runner: FlaskCliRunner, ledger_url: str, tmp_path: Path
) -> None:
    args = ["network", "bootstrap", "--environment", "sandbox", "--friendbot-url", f"{ledger_url}/friendbot"]

    first = runner.invoke(args=[*args, "--channels", "3"])

    assert first.exit_code == 0, first.output
    secrets = _secrets(tmp_path)
    assert f"created channel 3 {secrets['channels'][2]['public_key']} (friendbot)" in first.output
    assert f"issued 1000000.0000000 TKN to distribution {secrets['distribution']['public_key']}" in first.output
    for entry in [secrets["issuer"], secrets["distribution"], *secrets["channels"]]:
        assert entry["secret"] not in first.output
    again = runner.invoke(args=[*args, "--channels", "3"])
    assert again.exit_code == 0, again.output
    assert "nothing to do" in again.output
    assert "created" not in again.output and "issued" not in again.output


def test_bootstrap_with_a_funder_key_file(runner: FlaskCliRunner, ledger_url: str, tmp_path: Path) -> None:
    funder, path = funder_file(ledger_url, tmp_path)

    result = runner.invoke(
        args=["network", "bootstrap", "--environment", "sandbox", "--funder-secret-file", str(path),
              "--starting-balance", "15", "--channels", "2", "--mint", "500"],
    )  # fmt: skip

    assert result.exit_code == 0, result.output
    assert f"funded by funder {funder.public_key}, 15 XLM each" in result.output
    assert funder.secret not in result.output
    assert len(_secrets(tmp_path)["channels"]) == 2


def test_a_funder_file_others_may_read_is_refused(runner: FlaskCliRunner, ledger_url: str, tmp_path: Path) -> None:
    _, path = funder_file(ledger_url, tmp_path)
    path.chmod(0o644)

    result = runner.invoke(args=["network", "bootstrap", "--environment", "sandbox", "--funder-secret-file", str(path)])

    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-1] == f"Error: funder secret file {path} must be mode 0600"


def test_an_unreachable_horizon_is_cannot_check_with_exit_2(runner: FlaskCliRunner, app_config: dict[str, Any]) -> None:
    runner.app.config["SANDBOX_HORIZON_URL"] = f"http://127.0.0.1:{free_port()}"

    result = runner.invoke(
        args=["network", "bootstrap", "--environment", "sandbox", "--friendbot-url", "http://127.0.0.1:1/friendbot"]
    )

    assert result.exit_code == 2
    assert result.output.splitlines()[-1].startswith("Error: cannot check the ledger: cannot reach Horizon at")


def test_production_without_its_settings_names_them(runner: FlaskCliRunner) -> None:
    result = runner.invoke(
        args=["network", "bootstrap", "--environment", "production", "--friendbot-url", "http://x/friendbot"]
    )

    assert result.exit_code == 1
    assert "set PRODUCTION_HORIZON_URL, PRODUCTION_NETWORK_PASSPHRASE and PRODUCTION_SECRETS_FILE" in result.output


@pytest.mark.parametrize("funding", [[], ["--friendbot-url", "http://x/friendbot", "--funder-secret-file", "f"]])
def test_exactly_one_source_of_funding_is_asked_for(runner: FlaskCliRunner, funding: list[str]) -> None:
    result = runner.invoke(args=["network", "bootstrap", "--environment", "sandbox", *funding])

    assert result.exit_code == 2
    assert "give exactly one of --friendbot-url and --funder-secret-file" in result.output
