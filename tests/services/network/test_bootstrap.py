"""A network bootstrap against a real sandbox ledger: friendbot or a funder, reruns and interruptions."""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from stellar_sdk import Asset, Keypair
from stellar_sdk.operation import Payment

from services.api_keys import Environment
from services.network.bootstrap import BootstrapPlan, bootstrap
from services.network.funding import FriendbotFunding, FunderFunding, Funding
from services.network.horizon import BootstrapError, Horizon
from services.network.keyfile import KeyFileError, ensure_keys
from services.settlement.settings import networks_from_config
from tests.services.network.conftest import PASSPHRASE, funder_file, ledger_state, public_keys

MINT = Decimal(5000)


class Interrupted(Exception):
    """Raised by the injected failure after the k-th change."""


def _plan(ledger_url: str, secrets_file: Path, funding: Funding, channels: int = 2) -> BootstrapPlan:
    return BootstrapPlan(ledger_url, PASSPHRASE, secrets_file, funding, channels=channels, mint=MINT)


def _recorder() -> tuple[list[str], Callable[[str], None]]:
    lines: list[str] = []
    return lines, lines.append


def _failing_after(k: int, lines: list[str]) -> Callable[[str], None]:
    def done(line: str) -> None:
        lines.append(line)
        if len(lines) == k:
            raise Interrupted(line)

    return done


def _assert_bootstrapped(ledger_url: str, secrets_file: Path, channels: int) -> None:
    document = json.loads(secrets_file.read_text())
    assert len(document["channels"]) == channels
    state = ledger_state(ledger_url, public_keys(secrets_file))
    assert None not in state.values()
    distribution = state[document["distribution"]["public_key"]]
    assert ("TKN", f"{MINT:.7f}") in distribution[1]
    assert secrets_file.stat().st_mode & 0o777 == 0o600


def test_a_friendbot_bootstrap_creates_every_account_the_trust_line_and_the_tkn(
    ledger_url: str, tmp_path: Path
) -> None:
    secrets_file = tmp_path / "secrets.json"
    lines, done = _recorder()

    keys = bootstrap(_plan(ledger_url, secrets_file, FriendbotFunding(f"{ledger_url}/friendbot")), done)

    _assert_bootstrapped(ledger_url, secrets_file, channels=2)
    assert len(lines) == 6  # issuer, distribution, two channels, trust line, TKN
    assert all(keypair.secret not in "\n".join(lines) for _, keypair in keys.accounts())


def test_a_funder_bootstrap_gives_each_account_the_starting_balance(ledger_url: str, tmp_path: Path) -> None:
    funder, _ = funder_file(ledger_url, tmp_path)
    secrets_file = tmp_path / "secrets.json"
    funding = FunderFunding(funder, Decimal(25))

    keys = bootstrap(_plan(ledger_url, secrets_file, funding, channels=3), _recorder()[1])

    _assert_bootstrapped(ledger_url, secrets_file, channels=3)
    channel = ledger_state(ledger_url, [keys.channels[0].public_key])[keys.channels[0].public_key]
    assert channel[1] == [("XLM", "25.0000000")]


@pytest.mark.parametrize("funding_kind", ["friendbot", "funder"])
def test_a_rerun_of_a_finished_bootstrap_changes_nothing(ledger_url: str, tmp_path: Path, funding_kind: str) -> None:
    funder, _ = funder_file(ledger_url, tmp_path)
    funding: Funding = (
        FriendbotFunding(f"{ledger_url}/friendbot")
        if funding_kind == "friendbot"
        else FunderFunding(funder, Decimal(5))
    )
    secrets_file = tmp_path / "secrets.json"
    bootstrap(_plan(ledger_url, secrets_file, funding), _recorder()[1])
    watched = [*public_keys(secrets_file), funder.public_key]
    before = (ledger_state(ledger_url, watched), secrets_file.read_bytes())
    lines, done = _recorder()

    bootstrap(_plan(ledger_url, secrets_file, funding), done)

    assert lines == []
    assert (ledger_state(ledger_url, watched), secrets_file.read_bytes()) == before


# Friendbot makes six changes (four accounts, trust line, TKN), a funder three (one transaction of accounts).
INTERRUPTIONS = [("friendbot", k) for k in range(1, 6)] + [("funder", k) for k in range(1, 3)]


@pytest.mark.parametrize(("funding_kind", "k"), INTERRUPTIONS)
def test_a_bootstrap_interrupted_after_any_change_is_finished_by_the_next_run(
    ledger_url: str, tmp_path: Path, funding_kind: str, k: int
) -> None:
    secrets_file = tmp_path / "secrets.json"
    funding: Funding = FriendbotFunding(f"{ledger_url}/friendbot")
    if funding_kind == "funder":
        funding = FunderFunding(funder_file(ledger_url, tmp_path)[0], Decimal(5))
    plan = _plan(ledger_url, secrets_file, funding)
    first: list[str] = []
    with pytest.raises(Interrupted):
        bootstrap(plan, _failing_after(k, first))
    second, done = _recorder()

    bootstrap(plan, done)

    _assert_bootstrapped(ledger_url, secrets_file, channels=2)
    assert len(first) + len(second) <= (6 if funding_kind == "friendbot" else 3)  # in flight may finish unreported
    assert not set(first) & set(second)


def test_a_crash_after_the_keys_were_saved_reuses_them(ledger_url: str, tmp_path: Path) -> None:
    secrets_file = tmp_path / "secrets.json"
    saved = ensure_keys(secrets_file, ledger_url, PASSPHRASE, "TKN", 2)

    keys = bootstrap(_plan(ledger_url, secrets_file, FriendbotFunding(f"{ledger_url}/friendbot")), _recorder()[1])

    assert [kp.public_key for _, kp in keys.accounts()] == [kp.public_key for _, kp in saved.accounts()]
    _assert_bootstrapped(ledger_url, secrets_file, channels=2)


def test_the_mint_tops_the_distribution_up_and_never_past_the_target(ledger_url: str, tmp_path: Path) -> None:
    secrets_file = tmp_path / "secrets.json"
    friendbot = FriendbotFunding(f"{ledger_url}/friendbot")
    keys = bootstrap(_plan(ledger_url, secrets_file, friendbot), _recorder()[1])
    asset = Asset("TKN", keys.issuer.public_key)
    payout = Payment(keys.issuer.public_key, asset, Decimal(1200))
    Horizon(ledger_url, PASSPHRASE).submit(keys.distribution, [payout], "a payout")
    lines, done = _recorder()

    bootstrap(_plan(ledger_url, secrets_file, friendbot), done)

    assert lines == [f"issued 1200.0000000 TKN to distribution {keys.distribution.public_key}"]
    _assert_bootstrapped(ledger_url, secrets_file, channels=2)


def test_the_settlement_worker_reads_what_the_bootstrap_wrote(ledger_url: str, tmp_path: Path) -> None:
    secrets_file = tmp_path / "secrets.json"
    keys = bootstrap(_plan(ledger_url, secrets_file, FriendbotFunding(f"{ledger_url}/friendbot")), _recorder()[1])
    config = {
        "SETTLEMENT_HTTP_TIMEOUT_SECONDS": 5,
        "SANDBOX_HORIZON_URL": ledger_url,
        "SANDBOX_NETWORK_PASSPHRASE": PASSPHRASE,
        "SANDBOX_SECRETS_FILE": str(secrets_file),
    }

    networks, _ = networks_from_config(config)

    network = networks[Environment.SANDBOX.value]
    assert network.asset == Asset("TKN", keys.issuer.public_key)
    assert network.distribution.public_key == keys.distribution.public_key
    assert network.channel_ids == [kp.public_key for kp in keys.channels]


def test_a_horizon_of_another_network_is_refused_before_anything_is_written(ledger_url: str, tmp_path: Path) -> None:
    secrets_file = tmp_path / "secrets.json"
    plan = BootstrapPlan(
        ledger_url, "Test SDF Network ; September 2015", secrets_file, FriendbotFunding(f"{ledger_url}/friendbot")
    )

    with pytest.raises(BootstrapError, match="serves"):
        bootstrap(plan, _recorder()[1])

    assert not secrets_file.exists()


def test_a_secrets_file_of_another_network_is_refused(ledger_url: str, tmp_path: Path) -> None:
    secrets_file = tmp_path / "secrets.json"
    ensure_keys(secrets_file, "https://horizon-testnet.stellar.org", "Test SDF Network ; September 2015", "TKN", 1)
    before = secrets_file.read_bytes()

    with pytest.raises(KeyFileError, match="network_passphrase"):
        bootstrap(_plan(ledger_url, secrets_file, FriendbotFunding(f"{ledger_url}/friendbot")), _recorder()[1])

    assert secrets_file.read_bytes() == before


def test_a_funder_the_network_does_not_know_is_named(ledger_url: str, tmp_path: Path) -> None:
    stranger = Keypair.random()

    with pytest.raises(BootstrapError, match=f"funder {stranger.public_key} does not exist"):
        bootstrap(_plan(ledger_url, tmp_path / "s.json", FunderFunding(stranger, Decimal(5))), _recorder()[1])
