"""Command line: ``python -m ledger bootstrap|create-account|setup``."""

from __future__ import annotations

import argparse
import os
import sys
from decimal import Decimal
from pathlib import Path

import requests

from ledger.bootstrap import BootstrapOptions, bootstrap, create_account
from ledger.config import DEFAULT_PASSPHRASE
from ledger.testing import wait_until_ready

DEFAULT_URL = "http://127.0.0.1:8100"
DEFAULT_SECRETS = "var/ledger-secrets.json"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m ledger", description=__doc__)
    parser.add_argument("--url", default=os.environ.get("LEDGER_URL", DEFAULT_URL))
    parser.add_argument(
        "--network-passphrase",
        default=os.environ.get("LEDGER_NETWORK_PASSPHRASE", DEFAULT_PASSPHRASE),
    )
    parser.add_argument(
        "--secrets-file", type=Path,
        default=Path(os.environ.get("LEDGER_SECRETS_FILE", DEFAULT_SECRETS)),
    )  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True)
    boot = commands.add_parser("bootstrap", help="create issuer, distribution and channels")
    boot.add_argument("--channels", type=int, default=5)
    boot.add_argument("--asset-code", default="TKN")
    boot.add_argument("--mint", type=Decimal, default=Decimal(1000000))
    payee = commands.add_parser("create-account", help="create a funded payee account")
    payee.add_argument("--trust", help="asset code to trust, e.g. TKN (must be bootstrapped)")
    payee.add_argument("--name", help="key under `accounts` in the secrets file")
    payee.add_argument("--output", type=Path, help="write the secret to this new file instead")
    payee.add_argument("--starting-balance", type=Decimal, default=Decimal(10))
    setup = commands.add_parser(
        "setup", help="wait for the ledger, bootstrap it and keep a demo payee (what `make run` does)"
    )
    setup.add_argument("--channels", type=int, default=20)
    setup.add_argument("--wait-seconds", type=float, default=60.0, help="how long to wait for the ledger")
    setup.add_argument("--payee-file", type=Path, help="default: demo-payee beside the secrets file")
    return parser


def setup(options: BootstrapOptions, payee_file: Path | None, wait_seconds: float) -> Path:
    """Wait for the ledger, bootstrap it, and keep a funded TKN payee's public key in `payee_file`.

    Safe to run again: bootstrap changes nothing that exists, and a payee the ledger still knows
    is kept. Returns the payee file.
    """
    wait_until_ready(options.horizon_url, timeout=wait_seconds)
    secrets = bootstrap(options)
    print(f"ledger bootstrapped: distribution {secrets['distribution']['public_key']}, "
          f"{len(secrets['channels'])} channels")  # fmt: skip
    target = payee_file or options.secrets_file.with_name("demo-payee")
    known = target.read_text().strip() if target.exists() else ""
    if not known or requests.get(f"{options.horizon_url}/accounts/{known}", timeout=10).status_code == 404:
        target.write_text(create_account(options, name="demo-payee", trust=options.asset_code) + "\n")
    print(f"demo payee {target.read_text().strip()} (in {target})")
    return target


def main(argv: list[str] | None = None) -> int:
    """Run the command line; print public information only."""
    args = _parser().parse_args(argv)
    options = BootstrapOptions(
        horizon_url=args.url,
        network_passphrase=args.network_passphrase,
        secrets_file=args.secrets_file,
        channels=getattr(args, "channels", 0),
        asset_code=getattr(args, "asset_code", "TKN"),
        mint=getattr(args, "mint", Decimal(1000000)),
    )
    if args.command == "setup":
        setup(options, args.payee_file, args.wait_seconds)
        return 0
    if args.command == "bootstrap":
        secrets = bootstrap(options)
        print(f"issuer {secrets['issuer']['public_key']}")
        print(f"distribution {secrets['distribution']['public_key']}")
        print(f"channels {len(secrets['channels'])}")
        print(f"secrets written to {options.secrets_file}")
        return 0
    public_key = create_account(
        options, name=args.name, trust=args.trust,
        starting_balance=args.starting_balance, output=args.output,
    )  # fmt: skip
    print(public_key)
    return 0


if __name__ == "__main__":
    sys.exit(main())
