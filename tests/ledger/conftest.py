"""Fixtures that run real ledger servers in subprocesses and drive them with stellar-sdk."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from ledger.config import DEFAULT_PASSPHRASE, root_keypair
from ledger.testing import LedgerAdmin, run_ledger_server
from stellar_sdk import (
    Asset,
    FeeBumpTransactionEnvelope,
    Keypair,
    Server,
    TransactionBuilder,
    TransactionEnvelope,
)
from stellar_sdk.client.requests_client import RequestsClient
from stellar_sdk.exceptions import BaseHorizonError
from stellar_sdk.operation import ChangeTrust, CreateAccount, Operation, Payment

ROOT = Path(__file__).resolve().parents[2]

PASSPHRASE = DEFAULT_PASSPHRASE
Envelope = TransactionEnvelope | FeeBumpTransactionEnvelope | str
MANUAL_MAX_OPS = 20
MANUAL_SUBMIT_TIMEOUT = 3
# The surge-pricing server: tiny ledgers, so a few transactions fill a ledger and the queue.
SURGE_MAX_OPS = 5
SURGE_QUEUE_LEDGERS = 2
SURGE_TIMEOUT_LEDGERS = 3
SURGE_BAN_LEDGERS = 2
SURGE_SUBMIT_TIMEOUT = 2
BACKGROUND_MAX_OPS = 10
BACKGROUND_SHARE = 0.5
BACKGROUND_FEE = 300


class Kit:
    """Builds, signs and submits transactions against one ledger server."""

    def __init__(self, url: str, manual: bool) -> None:
        self.url = url
        self.manual = manual
        # No retries: the SDK's default client retries 429/503/504, which would consume
        # armed faults and hide the answers the tests look at.
        self.server = Server(url, client=RequestsClient(num_retries=0))
        self.admin = LedgerAdmin(url)
        self.root = root_keypair(PASSPHRASE)
        self._pool = ThreadPoolExecutor(max_workers=4)

    def build(
        self,
        source: Keypair,
        ops: Sequence[Operation],
        signers: list[Keypair] | None = None,
        fee: int = 100,
        timeout: int = 300,
        memo: str | None = None,
        passphrase: str = PASSPHRASE,
        sequence: int | None = None,
        **bounds: Any,
    ) -> TransactionEnvelope:
        """Build and sign a transaction from ``source`` (and ``signers``, default source)."""
        account = self.server.load_account(source.public_key)
        if sequence is not None:
            account.sequence = sequence - 1
        builder = TransactionBuilder(account, passphrase, base_fee=fee)
        for op in ops:
            builder.append_operation(op)
        if memo is not None:
            builder.add_text_memo(memo)
        if "ledger_bounds" in bounds:
            builder.set_ledger_bounds(*bounds["ledger_bounds"])
        if "time_bounds" in bounds:
            builder.add_time_bounds(*bounds["time_bounds"])
        else:
            builder.set_timeout(timeout)
        envelope = builder.build()
        for keypair in signers if signers is not None else [source]:
            envelope.sign(keypair)
        return envelope

    def submit_async(self, envelope: Envelope) -> Future[dict[str, Any]]:
        """Start a synchronous submit in a thread."""
        return self._pool.submit(self.server.submit_transaction, envelope, skip_memo_required_check=True)

    def submit(self, envelope: Envelope) -> dict[str, Any]:
        """Submit synchronously; on a manual server close the ledger once it is queued."""
        future = self.submit_async(envelope)
        if self.manual:
            if isinstance(envelope, str):
                envelope = TransactionBuilder.from_xdr(envelope, PASSPHRASE)
            self.close_when_queued(envelope.hash_hex(), future)
        return future.result(timeout=30)

    def close_when_queued(self, tx_hash: str, future: Future[Any]) -> None:
        """Close a ledger as soon as ``tx_hash`` is queued (unless the submit already ended)."""
        deadline = time.monotonic() + 10
        while not future.done() and time.monotonic() < deadline:
            if tx_hash in self.admin.status()["pending"]:
                self.admin.close_ledger()
                return
            time.sleep(0.02)

    def failure(self, envelope: Envelope) -> dict[str, Any]:
        """Submit an envelope expected to fail; return the problem's result codes."""
        with pytest.raises(BaseHorizonError) as info:
            self.submit(envelope)
        assert info.value.status == 400, info.value.message
        assert info.value.extras is not None
        codes: dict[str, Any] = info.value.extras["result_codes"]
        return codes

    def fund(self, count: int = 1, xlm: str = "100") -> list[Keypair]:
        """Create ``count`` new accounts funded by root."""
        keypairs = [Keypair.random() for _ in range(count)]
        ops: Sequence[Operation] = [CreateAccount(kp.public_key, xlm) for kp in keypairs]
        self.submit(self.build(self.root, ops))
        return keypairs

    def issue(self, code: str = "TKN", mint: str = "1000") -> tuple[Keypair, Keypair, Asset]:
        """Create an issuer and a distribution account holding ``mint`` of the asset."""
        issuer, distribution = self.fund(2)
        asset = Asset(code, issuer.public_key)
        self.trust(distribution, asset)
        self.submit(self.build(issuer, [Payment(distribution.public_key, asset, mint)]))
        return issuer, distribution, asset

    def trust(self, holder: Keypair, asset: Asset, limit: str | None = None) -> None:
        """Give ``holder`` a trust line for ``asset``."""
        self.submit(self.build(holder, [ChangeTrust(asset, limit)]))

    def account(self, keypair: Keypair) -> dict[str, Any]:
        """Return the Horizon account resource."""
        body: dict[str, Any] = self.server.accounts().account_id(keypair.public_key).call()
        return body

    def balance(self, keypair: Keypair, asset: Asset | None = None) -> Decimal:
        """Return the account's balance of ``asset`` (native by default)."""
        for line in self.account(keypair)["balances"]:
            if asset is None and line["asset_type"] == "native":
                return Decimal(line["balance"])
            if asset is not None and (line.get("asset_code"), line.get("asset_issuer")) == (
                asset.code,
                asset.issuer,
            ):
                return Decimal(line["balance"])
        raise KeyError(asset)

    def sequence(self, keypair: Keypair) -> int:
        """Return the account's sequence number."""
        return int(self.account(keypair)["sequence"])


def served(factory: pytest.TempPathFactory, name: str, **config: Any) -> Iterator[str]:
    """Run a ledger server with ``config`` in a fresh directory called ``name``; yield its URL."""
    with run_ledger_server(factory.mktemp(name), **config) as url:
        yield url


@pytest.fixture(scope="session")
def ledger_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ledger server closing a ledger every 0.1 s; yields its base URL."""
    yield from served(tmp_path_factory, "ledger", ledger_close_seconds=0.1)


@pytest.fixture(scope="session")
def manual_ledger_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ledger server that closes ledgers only on demand (20 ops per ledger, 3 s submit bound)."""
    yield from served(
        tmp_path_factory, "manual-ledger",
        ledger_close_seconds=0, max_ops_per_ledger=MANUAL_MAX_OPS, submit_timeout_seconds=MANUAL_SUBMIT_TIMEOUT,
    )  # fmt: skip


@pytest.fixture(scope="session")
def surge_ledger_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A manually closed server with five operations per ledger and a queue of two ledgers."""
    yield from served(
        tmp_path_factory, "surge-ledger",
        ledger_close_seconds=0, max_ops_per_ledger=SURGE_MAX_OPS, queue_ledgers=SURGE_QUEUE_LEDGERS,
        queue_timeout_ledgers=SURGE_TIMEOUT_LEDGERS, ban_ledgers=SURGE_BAN_LEDGERS,
        submit_timeout_seconds=SURGE_SUBMIT_TIMEOUT,
    )  # fmt: skip


@pytest.fixture(scope="session")
def background_ledger_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A manually closed server whose background traffic fills half of every ledger, bidding 300."""
    yield from served(
        tmp_path_factory, "background-ledger",
        ledger_close_seconds=0, max_ops_per_ledger=BACKGROUND_MAX_OPS, background_share=BACKGROUND_SHARE,
        background_fee=BACKGROUND_FEE, submit_timeout_seconds=SURGE_SUBMIT_TIMEOUT,
    )  # fmt: skip


@pytest.fixture(scope="session")
def rivals_ledger_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The background server's twin, for tests whose calm ledgers would crowd its five-ledger fee_stats."""
    yield from served(
        tmp_path_factory, "rivals-ledger",
        ledger_close_seconds=0, max_ops_per_ledger=BACKGROUND_MAX_OPS, background_share=BACKGROUND_SHARE,
        background_fee=BACKGROUND_FEE, submit_timeout_seconds=SURGE_SUBMIT_TIMEOUT,
    )  # fmt: skip


def _flushed(url: str) -> Iterator[Kit]:
    helper = Kit(url, manual=True)
    yield helper
    helper.admin.clear_faults()
    while helper.admin.status()["pending"]:
        helper.admin.close_ledger()


@pytest.fixture
def surge_kit(surge_ledger_url: str) -> Iterator[Kit]:
    """A Kit on the surge-pricing server; the queue is flushed afterwards."""
    yield from _flushed(surge_ledger_url)


@pytest.fixture
def background_kit(background_ledger_url: str) -> Iterator[Kit]:
    """A Kit on the server with background traffic; the queue is flushed afterwards."""
    yield from _flushed(background_ledger_url)


@pytest.fixture
def rivals_kit(rivals_ledger_url: str) -> Iterator[Kit]:
    """A Kit on the twin of the server with background traffic; the queue is flushed afterwards."""
    yield from _flushed(rivals_ledger_url)


@pytest.fixture
def kit(ledger_url: str) -> Iterator[Kit]:
    """A Kit on the auto-closing server; faults are cleared afterwards."""
    helper = Kit(ledger_url, manual=False)
    yield helper
    helper.admin.clear_faults()


@pytest.fixture
def manual_kit(manual_ledger_url: str) -> Iterator[Kit]:
    """A Kit on the manually closed server; faults are cleared and the queue flushed after."""
    yield from _flushed(manual_ledger_url)
