"""No pass waits for a ledger: each envelope is queued, then recorded once its own ledger has closed."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from prometheus_client import REGISTRY

from services.settlement.worker import Settler
from storage import settlement as store
from tests.services.settlement.conftest import (
    ServedLedger,
    ledger_api_config,
    load,
    reserved_ledger,
    submit_transfer,
    wait_for,
)

OPS = 5  # payments per envelope, and operations per ledger: one envelope fills a ledger
PROMPTLY = 10.0  # seconds the test gives a closed ledger's envelope to be recorded


@pytest.fixture(scope="module")
def narrow_ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedLedger]:
    """Closes only on demand and holds one envelope per ledger."""
    directory = tmp_path_factory.mktemp("narrow-ledger")
    with reserved_ledger(directory, 2 * OPS, ledger_close_seconds=0, max_ops_per_ledger=OPS) as ledger:
        yield ledger


@pytest.fixture()
def app_config(app_config: dict[str, Any], narrow_ledger: ServedLedger) -> dict[str, Any]:
    """Sandbox settlement on the narrow ledger: two envelopes of OPS payments per pass."""
    return {
        **app_config,
        **ledger_api_config(narrow_ledger.url),
        "SANDBOX_SECRETS_FILE": str(narrow_ledger.secrets_file),
        "SETTLEMENT_BATCH_OPS": OPS,
        "SETTLEMENT_BATCH_SIZE": 2 * OPS,
    }


def completed(transfer_ids: list[uuid.UUID]) -> list[uuid.UUID]:
    return [t for t in transfer_ids if load(t).state == store.COMPLETED]


def test_a_pass_waits_for_no_ledger_and_each_envelope_is_recorded_once_its_ledger_closed(
    app: Flask, narrow_ledger: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    transfers = [submit_transfer(app, sandbox_key, payee) for payee in narrow_ledger.payees]
    settler = make_settler()
    worker = threading.Thread(target=settler.run_once)
    worker.start()
    worker.join(timeout=PROMPTLY)  # no ledger closes until the test says so: a pass that waited would hang
    assert not worker.is_alive()
    assert len(narrow_ledger.admin.status()["pending"]) == 2  # both envelopes queued by one pass

    narrow_ledger.admin.close_ledger()  # the first envelope's ledger; the second stays queued
    wait_for(lambda: len(completed(transfers)) == OPS, settler, timeout=PROMPTLY)
    assert len(narrow_ledger.admin.status()["pending"]) == 1

    narrow_ledger.admin.close_ledger()
    wait_for(lambda: len(completed(transfers)) == 2 * OPS, settler, timeout=PROMPTLY)
    assert len({load(t).ledger_hash for t in transfers}) == 2


def lookups() -> float:
    """Reads that follow envelopes: by hash, or whole ledgers."""
    return sum(
        REGISTRY.get_sample_value("tkn_ledger_request_duration_seconds_count", {"operation": operation}) or 0.0
        for operation in ("find_transaction", "ledger_transactions")
    )


def test_a_queued_envelope_is_not_looked_up_until_a_ledger_closed(
    app: Flask, narrow_ledger: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    transfers = [submit_transfer(app, sandbox_key, payee) for payee in narrow_ledger.payees[:OPS]]
    settler = make_settler()
    settler.run_once()
    assert len(narrow_ledger.admin.status()["pending"]) == 1
    before = lookups()
    for _ in range(5):  # every transfer is due again: the tip shows no close, so no lookup
        time.sleep(0.05)
        settler.run_once()
    assert lookups() == before

    narrow_ledger.admin.close_ledger()
    wait_for(lambda: len(completed(transfers)) == OPS, settler, timeout=PROMPTLY)
    assert lookups() > before
