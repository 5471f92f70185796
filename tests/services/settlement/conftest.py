"""A real ledger server (bootstrapped with TKN, distribution and channels) and the app wired to it."""

from __future__ import annotations

import os
import sqlite3
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from ledger.bootstrap import BootstrapOptions, bootstrap, read_secrets, submit_ops
from ledger.config import DEFAULT_PASSPHRASE, root_keypair
from ledger.testing import LedgerAdmin, run_ledger_server
from stellar_sdk import Asset, Keypair, Server, TextMemo, TransactionEnvelope
from stellar_sdk.client.requests_client import RequestsClient
from stellar_sdk.operation import ChangeTrust, CreateAccount, Operation, Payment

from services.settlement.runtime import settler_from_config
from services.settlement.worker import Hook, Settler, _no_hook
from storage import settlement as store
from storage.database import database
from storage.envelopes import attempts_for
from storage.models import Transfer, utc_now
from tests.conftest import make_key
from tests.support.messages import pacs008
from tests.support.reports import parse_report
from tests.support.transient import holds, read_retrying

LEDGER_BOUND = 8
CHANNELS = 8
# The ledger API the worker settles through in these tests: `horizon`, or `rpc` to run the whole
# settlement suite on Stellar RPC (`make test-rpc`); the sandbox serves both from one ledger.
LEDGER_API = os.environ.get("SETTLEMENT_TEST_LEDGER_API", "horizon")


@dataclass
class Sandbox:
    """The bootstrapped ledger: URL, admin client, SDK server, asset and keys."""

    url: str
    secrets_file: Path
    database: Path
    admin: LedgerAdmin
    server: Server
    asset: Asset
    distribution: str
    issuer: Keypair

    def payee(self, trust: bool = True, authorized: bool = True, exists: bool = True) -> Keypair:
        """A fresh payee account; optionally without a trust line or without authorization."""
        keypair = Keypair.random()
        if not exists:
            return keypair
        root = root_keypair(DEFAULT_PASSPHRASE)
        submit_ops(self.server, DEFAULT_PASSPHRASE, root, [CreateAccount(keypair.public_key, "10")])
        if trust:
            submit_ops(self.server, DEFAULT_PASSPHRASE, keypair, [ChangeTrust(self.asset)])
        return keypair

    def untrust(self, payee: Keypair) -> None:
        """Remove the payee's (empty) TKN trustline: it can no longer receive TKN."""
        submit_ops(self.server, DEFAULT_PASSPHRASE, payee, [ChangeTrust(self.asset, limit="0")])

    def payees(self, count: int) -> list[Keypair]:
        """`count` payees with trust lines, created in few transactions."""
        return create_payees(self.server, self.asset, count)

    def balance(self, account_id: str) -> Decimal:
        """The account's TKN balance (0 without a trust line)."""
        body = read_retrying(self.server.accounts().account_id(account_id).call)
        for line in body["balances"]:
            if line.get("asset_code") == self.asset.code and line.get("asset_issuer") == self.asset.issuer:
                return Decimal(line["balance"])
        return Decimal(0)

    def sequence(self, account_id: str) -> int:
        """The account's sequence number."""
        return int(read_retrying(self.server.accounts().account_id(account_id).call)["sequence"])

    def transaction(self, tx_hash: str) -> dict[str, Any]:
        """The transaction resource by hash."""
        body: dict[str, Any] = read_retrying(self.server.transactions().transaction(tx_hash).call)
        return body


def payments_on_ledger(ledger_database: Path, since_ledger: int, memo_prefix: str) -> Counter[tuple[str, str, Decimal]]:
    """Every payment applied on the ledger in a transaction whose memo starts with `memo_prefix`.

    Read from the ledger's own SQLite file: (memo, destination, amount) -> how many times paid.
    """
    paid: Counter[tuple[str, str, Decimal]] = Counter()
    with sqlite3.connect(f"file:{ledger_database}?mode=ro", uri=True) as connection:
        rows = connection.execute(
            "SELECT envelope_xdr FROM transactionrecord WHERE successful = 1 AND ledger >= ?", (since_ledger,)
        ).fetchall()
    for (envelope_xdr,) in rows:
        tx = TransactionEnvelope.from_xdr(envelope_xdr, DEFAULT_PASSPHRASE).transaction
        memo = tx.memo.memo_text.decode() if isinstance(tx.memo, TextMemo) else ""
        if not memo.startswith(memo_prefix):
            continue
        for operation in tx.operations:
            if isinstance(operation, Payment):
                paid[(memo, operation.destination.account_id, Decimal(operation.amount))] += 1
    return paid


def create_payees(server: Server, asset: Asset, count: int) -> list[Keypair]:
    """`count` new accounts trusting `asset`, created in few transactions."""
    keypairs = [Keypair.random() for _ in range(count)]
    root = root_keypair(DEFAULT_PASSPHRASE)
    ops: list[Operation] = [CreateAccount(kp.public_key, "10") for kp in keypairs]
    submit_ops(server, DEFAULT_PASSPHRASE, root, ops)
    for start in range(0, count, 15):
        group = keypairs[start : start + 15]
        trusts: list[Operation] = [ChangeTrust(asset, source=kp.public_key) for kp in group]
        submit_ops(server, DEFAULT_PASSPHRASE, root, trusts, signers=group)
    return keypairs


def sandbox_server(url: str) -> Server:
    """An SDK server for the sandbox at `url`: no SDK retries, and a fresh connection per request.

    A kept-alive connection that the sandbox closed while idle (gunicorn's keep-alive is 2 s) is
    reset under the next request sent on it; a submission cannot simply be sent again.
    """
    return Server(url, client=RequestsClient(num_retries=0, custom_headers={"Connection": "close"}))


@pytest.fixture(scope="session")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    """One bootstrapped ledger server closing a ledger every 0.1 s, for the whole session."""
    directory = tmp_path_factory.mktemp("settlement-ledger")
    with run_ledger_server(directory, ledger_close_seconds=0.1) as url:
        secrets_file = directory / "ledger-secrets.json"
        server = sandbox_server(url)
        options = BootstrapOptions(url, DEFAULT_PASSPHRASE, secrets_file, channels=CHANNELS)
        secrets = bootstrap(options, server)
        issuer = Keypair.from_secret(read_secrets(secrets_file)["issuer"]["secret"])
        yield Sandbox(
            url=url,
            secrets_file=secrets_file,
            database=directory / "ledger.sqlite3",
            admin=LedgerAdmin(url),
            server=server,
            asset=Asset("TKN", secrets["issuer"]["public_key"]),
            distribution=secrets["distribution"]["public_key"],
            issuer=issuer,
        )


@pytest.fixture()
def app_config(app_config: dict[str, Any], sandbox: Sandbox) -> dict[str, Any]:
    """The app settles Sandbox transfers on the test ledger, with short bounds and retries.

    Intake's rate limit is off: these tests submit hundreds of transfers as fast as they can, and
    what they test is settlement (tests/api/test_rate_limits.py tests the limit).
    """
    sandbox.admin.clear_faults()
    return {
        **app_config,
        **ledger_api_config(sandbox.url),
        "RATE_LIMIT_PACS008_PER_SECOND": 0,
        "SANDBOX_SECRETS_FILE": str(sandbox.secrets_file),
        "SETTLEMENT_LEDGER_BOUND": LEDGER_BOUND,
        "SETTLEMENT_BOUND_MARGIN_LEDGERS": 1,
        "SETTLEMENT_RETRY_BASE_SECONDS": 0.02,
        "SETTLEMENT_RETRY_MAX_SECONDS": 0.2,
        "SETTLEMENT_POLL_SECONDS": 0.02,
        "SETTLEMENT_HTTP_TIMEOUT_SECONDS": 10.0,
    }


def ledger_api_config(url: str, api: str = LEDGER_API) -> dict[str, str]:
    """The Sandbox network's ledger API settings for a sandbox ledger served at `url`."""
    return {"SANDBOX_LEDGER_API": api, "SANDBOX_HORIZON_URL": url, "SANDBOX_RPC_URL": f"{url}/rpc"}


@pytest.fixture()
def make_settler(app: Flask) -> Iterator[Callable[..., Settler]]:
    """Build a worker from the app config (optionally with a crash hook or a shifted clock).

    Each lets its liveness token go at the end (a Postgres session, or a file lock).
    """
    built: list[Settler] = []

    def build(hook: Hook = _no_hook, **overrides: Any) -> Settler:
        settler = settler_from_config({**app.config, **overrides}, hook=hook)
        built.append(settler)
        return settler

    yield build
    for settler in built:
        settler.close()


def submit_transfer(
    app: Flask, key: str, creditor: str, amount: str = "125.50", memo: str | None = "Invoice 42"
) -> uuid.UUID:
    """POST a pacs.008 through the test client; return the new transfer's ID."""
    response = app.test_client().post(
        "/v1/pacs008/net",
        data=pacs008(amount=amount, creditor=creditor, memo=memo),
        headers={"Content-Type": "application/xml", "NET-API-KEY": key},
    )
    assert response.status_code == 201, response.data
    return uuid.UUID(parse_report(response.data).info()["TransferId"])


def load(transfer_id: uuid.UUID) -> Transfer:
    """The transfer row as stored now."""
    with database.connection_context():
        return store.get_transfer(transfer_id)


def outcomes(transfer_id: uuid.UUID) -> list[str | None]:
    """The outcome of each envelope that carried the transfer, oldest first (None: still open)."""
    with database.connection_context():
        return [a.outcome for a in attempts_for(transfer_id)]


def bootstrap_with_payees(url: str, secrets_file: Path, payees: int) -> list[str]:
    """Bootstrap the ledger at `url` (CHANNELS channels) and create `payees` accounts trusting TKN."""
    server = sandbox_server(url)
    secrets = bootstrap(BootstrapOptions(url, DEFAULT_PASSPHRASE, secrets_file, channels=CHANNELS), server)
    asset = Asset("TKN", secrets["issuer"]["public_key"])
    return [keypair.public_key for keypair in create_payees(server, asset, payees)]


@dataclass
class ServedLedger:
    """A bootstrapped ledger served with a test's own settings: URL, secrets, admin client and payees."""

    url: str
    secrets_file: Path
    admin: LedgerAdmin
    payees: list[str]


@contextmanager
def reserved_ledger(directory: Path, payees: int, **config: Any) -> Iterator[ServedLedger]:
    """Bootstrap a ledger on fast closes, then serve the same state with `config` (say, closes on demand).

    Bootstrapping needs ledgers that close by themselves and hold many operations; a test of
    queues, fees or timing then needs its own.
    """
    secrets_file = directory / "ledger-secrets.json"
    with run_ledger_server(directory, ledger_close_seconds=0.1) as url:
        keys = bootstrap_with_payees(url, secrets_file, payees)
    with run_ledger_server(directory, **config) as url:
        yield ServedLedger(url, secrets_file, LedgerAdmin(url), keys)


def settle_until_final(settler: Settler, transfer_ids: list[uuid.UUID], timeout: float = 30.0) -> None:
    """Run the worker until every transfer is Completed or Failed (bounded polling)."""
    deadline = time.monotonic() + timeout
    while True:
        settler.run_once()
        states = {load(t).state for t in transfer_ids}
        if states <= {store.COMPLETED, store.FAILED}:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"transfers still {states}")
        time.sleep(0.02)


@pytest.fixture()
def sandbox_key(app: Flask) -> str:
    """A Sandbox API key."""
    return make_key("Settling Bank")


class SimulatedCrash(BaseException):
    """Raised by a hook to stop a worker dead at a named point, like SIGKILL would."""


def crash_at(point: str) -> Hook:
    """A hook that crashes the worker at `point`."""

    def hook(reached: str) -> None:
        if reached == point:
            raise SimulatedCrash(point)

    return hook


def run_until_crash(settler: Settler, timeout: float = 20.0) -> None:
    """Run the worker pass after pass until its hook crashes it (bounded).

    A queued envelope's result is stored in a later pass than its submission, once a ledger closed.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        settler.run_once()
        time.sleep(0.02)
    raise TimeoutError("the worker never reached its crash point")


def running_from(moment: datetime) -> Callable[[], datetime]:
    """A clock that reads `moment` now and moves on with real time.

    Not frozen: a queued envelope's transfers are due again a moment later, and a frozen clock
    would never reach that moment.
    """
    started = time.monotonic()
    return lambda: moment + timedelta(seconds=time.monotonic() - started)


def later(seconds: float) -> Callable[[], datetime]:
    """A clock `seconds` ahead of now: a fresh worker after the crashed one's claim has lapsed."""
    return lambda: utc_now() + timedelta(seconds=seconds)


def wait_for(predicate: Callable[[], bool], settler: Settler | None = None, timeout: float = 20.0) -> None:
    """Bounded polling (running the worker between checks, if given) until `predicate` holds.

    A check that a transient connection error to the sandbox kept from answering is made again.
    """
    deadline = time.monotonic() + timeout
    while not holds(predicate):
        if time.monotonic() > deadline:
            raise TimeoutError("condition not reached")
        if settler is not None:
            settler.run_once()
        time.sleep(0.02)


def wait_for_ledger(sandbox: Sandbox, sequence: int) -> None:
    """Bounded polling until the ledger has closed `sequence`."""
    wait_for(lambda: sandbox.admin.status()["latest_ledger"] >= sequence)
