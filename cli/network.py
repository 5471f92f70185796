"""`flask --app app network bootstrap`: create and fund a network's settlement accounts, idempotently."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from services.network.bootstrap import BootstrapPlan, bootstrap
from services.network.funding import FriendbotFunding, FunderFunding, Funding
from services.network.horizon import BootstrapError, LedgerUnreachable, wait_for_horizon
from services.network.keyfile import KeyFileError, read_funder

PREFIXES = {"sandbox": "SANDBOX", "production": "PRODUCTION"}


class CannotCheck(click.ClickException):
    """The ledger did not answer: exit 2, as every operator command that cannot check."""

    exit_code = 2


@click.group("network")
def group() -> None:
    """Prepare a Stellar network (testnet, pubnet, the sandbox) for settlement."""


@group.command("bootstrap")
@click.option(
    "--environment",
    type=click.Choice(sorted(PREFIXES), case_sensitive=False),
    required=True,
    help="whose settings to use and fill: SANDBOX_* or PRODUCTION_* (URL, passphrase, secrets file)",
)
@click.option("--friendbot-url", help="fund new accounts from this friendbot (test networks)")
@click.option(
    "--funder-secret-file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="fund new accounts from the account whose secret seed this 0600 file holds",
)
@click.option(
    "--starting-balance",
    type=Decimal,
    default=Decimal(10),
    show_default=True,
    help="XLM the funder gives each new account",
)
@click.option("--channels", type=click.IntRange(min=1), default=20, show_default=True, help="channel accounts")
@click.option(
    "--mint",
    type=Decimal,
    default=Decimal(1_000_000),
    show_default=True,
    help="TKN the distribution account is topped up to (0: issue none)",
)
@click.option("--wait-seconds", type=float, default=0.0, help="wait this long for Horizon to answer first")
@with_appcontext
def bootstrap_command(
    environment: str, friendbot_url: str | None, funder_secret_file: Path | None, starting_balance: Decimal,
    channels: int, mint: Decimal, wait_seconds: float,
) -> None:  # fmt: skip
    """Create the issuer, distribution and channel accounts, the TKN trust line and balance; safe to rerun.

    Each step first looks at the ledger and does nothing if its result is there, so a rerun after
    an interruption finishes the job. Keys go to the environment's secrets file (mode 0600), which
    the settlement worker reads; only public keys are printed.
    """
    prefix = PREFIXES[environment.lower()]
    config = current_app.config
    url, passphrase, secrets_file = (
        config.get(f"{prefix}_{name}") for name in ("HORIZON_URL", "NETWORK_PASSPHRASE", "SECRETS_FILE")
    )
    if not (url and passphrase and secrets_file):
        raise click.ClickException(f"set {prefix}_HORIZON_URL, {prefix}_NETWORK_PASSPHRASE and {prefix}_SECRETS_FILE")
    try:
        funding = _funding(friendbot_url, funder_secret_file, starting_balance)
        plan = BootstrapPlan(str(url), str(passphrase), Path(secrets_file), funding, channels, mint=mint)
        click.echo(f"bootstrapping {environment} on {url} ({passphrase}), funded by {funding.describe()}")
        if wait_seconds > 0:
            wait_for_horizon(str(url), wait_seconds)
        changes: list[str] = []

        def done(line: str) -> None:
            changes.append(line)
            click.echo(line)

        keys = bootstrap(plan, done)
    except LedgerUnreachable as error:
        raise CannotCheck(f"cannot check the ledger: {error}") from None
    except (BootstrapError, KeyFileError) as error:
        raise click.ClickException(str(error)) from None
    if not changes:
        click.echo("nothing to do: every account, the trust line and the TKN balance are on the ledger")
    click.echo(f"issuer {keys.issuer.public_key}, distribution {keys.distribution.public_key}, "
               f"{len(keys.channels)} channels; secrets in {secrets_file}")  # fmt: skip


def _funding(friendbot_url: str | None, funder_secret_file: Path | None, starting_balance: Decimal) -> Funding:
    if (friendbot_url is None) == (funder_secret_file is None):
        raise click.UsageError("give exactly one of --friendbot-url and --funder-secret-file")
    if friendbot_url is not None:
        return FriendbotFunding(friendbot_url)
    assert funder_secret_file is not None
    return FunderFunding(read_funder(funder_secret_file), starting_balance)
