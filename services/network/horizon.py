"""What a bootstrap asks of Horizon: the network's passphrase, accounts, and submitting operations."""

from __future__ import annotations

import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import requests
from stellar_sdk import Asset, Keypair, Server, TransactionBuilder
from stellar_sdk.exceptions import BadRequestError, BaseHorizonError, NotFoundError
from stellar_sdk.exceptions import ConnectionError as SdkConnectionError
from stellar_sdk.operation import Operation

MAX_OPS = 100
BASE_FEE = 100
TIMEOUT_SECONDS = 120


class BootstrapError(Exception):
    """A step cannot be done as asked; the message names no secret."""


class LedgerUnreachable(BootstrapError):
    """Horizon (or friendbot) did not answer: nothing can be checked, so nothing was decided."""


class Horizon:
    """One Horizon server of one network, through stellar-sdk."""

    def __init__(self, url: str, passphrase: str) -> None:
        self.url = url.rstrip("/")
        self.passphrase = passphrase
        self.server = Server(self.url)

    def check_network(self) -> None:
        """Refuse a Horizon that serves another network than the passphrase names."""
        root = self._call(lambda: self.server.root().call())
        served = root.get("network_passphrase")
        if served != self.passphrase:
            raise BootstrapError(f"Horizon at {self.url} serves {served!r}, not {self.passphrase!r}")

    def account(self, account_id: str) -> dict[str, Any] | None:
        """The account resource, or None if the network does not know it."""
        try:
            body: dict[str, Any] = self._call(lambda: self.server.accounts().account_id(account_id).call())
        except NotFoundError:
            return None
        return body

    def balance(self, account_id: str, asset: Asset) -> Decimal | None:
        """The account's balance of `asset`, or None without a trust line (or without the account)."""
        body = self.account(account_id)
        for line in (body or {}).get("balances", []):
            if (line.get("asset_code"), line.get("asset_issuer")) == (asset.code, asset.issuer):
                return Decimal(line["balance"])
        return None

    def submit(self, source: Keypair, operations: list[Operation], purpose: str) -> None:
        """Submit `operations` from `source` in transactions of at most 100, each signed by `source`."""
        for start in range(0, len(operations), MAX_OPS):
            account = self._call(self.server.load_account, source.public_key)
            builder = TransactionBuilder(account, self.passphrase, base_fee=BASE_FEE).set_timeout(TIMEOUT_SECONDS)
            for operation in operations[start : start + MAX_OPS]:
                builder.append_operation(operation)
            envelope = builder.build()
            envelope.sign(source)
            try:
                self._call(self.server.submit_transaction, envelope, skip_memo_required_check=True)
            except BadRequestError as error:
                codes = (error.extras or {}).get("result_codes", {})
                raise BootstrapError(f"{purpose} failed on the ledger: {codes or error.title}") from None

    def _call(self, request: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        try:
            return request(*args, **kwargs)
        except SdkConnectionError as error:
            raise LedgerUnreachable(f"cannot reach Horizon at {self.url}: {type(error).__name__}") from None
        except BaseHorizonError as error:
            if isinstance(error, NotFoundError | BadRequestError):
                raise
            raise LedgerUnreachable(f"Horizon at {self.url} answered {error.status}: {error.title}") from None


def wait_for_horizon(url: str, seconds: float) -> None:
    """Poll Horizon's root until it answers 200, for at most `seconds`; LedgerUnreachable after that."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if requests.get(url.rstrip("/") + "/", timeout=5).status_code == 200:
                return
        except requests.RequestException:
            pass
        if time.monotonic() >= deadline:
            raise LedgerUnreachable(f"Horizon at {url} did not answer within {seconds:g} s")
        time.sleep(0.2)
