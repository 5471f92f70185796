"""Where a bootstrap's new accounts get their XLM: a friendbot URL (test networks) or a funder key."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

import requests
from stellar_sdk import Keypair
from stellar_sdk.operation import CreateAccount, Operation

from services.network.horizon import MAX_OPS, BootstrapError, Horizon, LedgerUnreachable

FRIENDBOT_TIMEOUT_SECONDS = 60
# Requests in flight at once: a friendbot pays each from one of a few accounts, so a few share a ledger.
FRIENDBOT_CONCURRENCY = 4
# The real friendbot's 400 for an account that exists names the create_account result code.
_ALREADY_EXISTS = "createAccountAlreadyExist"


class Funding(Protocol):
    """Creates accounts on the network with some XLM."""

    def describe(self) -> str:
        """Where the XLM comes from, for the command's output."""

    def create(self, horizon: Horizon, accounts: list[tuple[str, Keypair]], done: Callable[[str], None]) -> None:
        """Create every one of `accounts` (none exists yet), calling `done` after each ledger change."""


@dataclass(frozen=True)
class FriendbotFunding:
    """A friendbot: `GET <url>?addr=G...` creates and funds one account."""

    url: str

    def describe(self) -> str:
        """The friendbot's URL."""
        return f"friendbot {self.url}"

    def create(self, horizon: Horizon, accounts: list[tuple[str, Keypair]], done: Callable[[str], None]) -> None:
        """Ask friendbot for the accounts, a few at a time; one it reports as existing counts as created."""
        with ThreadPoolExecutor(max_workers=FRIENDBOT_CONCURRENCY) as pool:
            asked = {pool.submit(self._ask, name, keypair): (name, keypair) for name, keypair in accounts}
            for answer in as_completed(asked):
                answer.result()
                name, keypair = asked[answer]
                done(f"created {name} {keypair.public_key} (friendbot)")

    def _ask(self, name: str, keypair: Keypair) -> None:
        try:
            response = requests.get(self.url, params={"addr": keypair.public_key}, timeout=FRIENDBOT_TIMEOUT_SECONDS)
        except requests.RequestException as error:
            raise LedgerUnreachable(f"cannot reach friendbot at {self.url}: {type(error).__name__}") from None
        if response.status_code != 200 and _ALREADY_EXISTS not in response.text:
            raise BootstrapError(f"friendbot at {self.url} answered {response.status_code} for the {name} account")


@dataclass(frozen=True)
class FunderFunding:
    """A funded account of the operator's that pays `starting_balance` XLM to each new account."""

    funder: Keypair
    starting_balance: Decimal

    def describe(self) -> str:
        """The funder's public key and what it gives each account."""
        return f"funder {self.funder.public_key}, {self.starting_balance} XLM each"

    def create(self, horizon: Horizon, accounts: list[tuple[str, Keypair]], done: Callable[[str], None]) -> None:
        """Create the accounts with create_account operations from the funder, 100 to a transaction."""
        if horizon.account(self.funder.public_key) is None:
            raise BootstrapError(f"funder {self.funder.public_key} does not exist on this network")
        for start in range(0, len(accounts), MAX_OPS):
            chunk = accounts[start : start + MAX_OPS]
            operations: list[Operation] = [
                CreateAccount(keypair.public_key, self.starting_balance) for _, keypair in chunk
            ]
            horizon.submit(self.funder, operations, "creating accounts from the funder")
            done(f"created {', '.join(f'{name} {keypair.public_key}' for name, keypair in chunk)} (funder)")
