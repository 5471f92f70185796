"""A pass records each envelope as its own ledger answers, not when the slowest envelope of the pass does."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from ledger.testing import LedgerAdmin, run_ledger_server
from services.settlement.worker import Settler
from storage import settlement as store
from tests.services.settlement.conftest import bootstrap_with_payees, load, submit_transfer, wait_for

OPS = 5  # payments per envelope, and operations per ledger: one envelope fills a ledger
PROMPTLY = 10.0  # seconds the test gives a closed ledger's envelope to be recorded


@dataclass
class OneEnvelopePerLedger:
    """A bootstrapped ledger that closes only on demand and holds one envelope per ledger."""

    url: str
    secrets_file: Path
    admin: LedgerAdmin
    payees: list[str]


@pytest.fixture(scope="module")
def narrow_ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OneEnvelopePerLedger]:
    # Bootstrapping needs ledgers that close by themselves and hold many operations; the same
    # ledger state is then served by a server that closes ledgers only when the test says so.
    directory = tmp_path_factory.mktemp("narrow-ledger")
    secrets_file = directory / "ledger-secrets.json"
    with run_ledger_server(directory, ledger_close_seconds=0.1) as url:
        payees = bootstrap_with_payees(url, secrets_file, 2 * OPS)
    with run_ledger_server(directory, ledger_close_seconds=0, max_ops_per_ledger=OPS) as url:
        yield OneEnvelopePerLedger(url, secrets_file, LedgerAdmin(url), payees)


@pytest.fixture()
def app_config(app_config: dict[str, Any], narrow_ledger: OneEnvelopePerLedger) -> dict[str, Any]:
    """Sandbox settlement on the narrow ledger: two envelopes of OPS payments per pass."""
    return {
        **app_config,
        "SANDBOX_HORIZON_URL": narrow_ledger.url,
        "SANDBOX_SECRETS_FILE": str(narrow_ledger.secrets_file),
        "SETTLEMENT_BATCH_OPS": OPS,
        "SETTLEMENT_BATCH_SIZE": 2 * OPS,
        # Longer than the test waits: a submit that gave up would end the pass on its own.
        "SETTLEMENT_HTTP_TIMEOUT_SECONDS": 3 * PROMPTLY,
    }


def completed(transfer_ids: list[uuid.UUID]) -> list[uuid.UUID]:
    return [t for t in transfer_ids if load(t).state == store.COMPLETED]


def test_an_envelope_is_recorded_when_its_ledger_closes_while_the_pass_waits_for_another(
    app: Flask, narrow_ledger: OneEnvelopePerLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    transfers = [submit_transfer(app, sandbox_key, payee) for payee in narrow_ledger.payees]
    settler = make_settler()
    failures: list[BaseException] = []

    def one_pass() -> None:
        try:
            settler.run_once()
        except BaseException as error:  # handed to the test thread, which asserts there was none
            failures.append(error)

    worker = threading.Thread(target=one_pass)
    worker.start()
    try:
        wait_for(lambda: len(narrow_ledger.admin.status()["pending"]) == 2)
        narrow_ledger.admin.close_ledger()  # the first envelope's ledger; the second stays queued
        wait_for(lambda: len(completed(transfers)) == OPS, timeout=PROMPTLY)
        assert worker.is_alive()  # the pass is still waiting for the second envelope's ledger
    finally:
        narrow_ledger.admin.close_ledger()
        worker.join(timeout=30)
    assert not failures
    assert sorted(completed(transfers)) == sorted(transfers)
    assert len({load(t).ledger_hash for t in transfers}) == 2
