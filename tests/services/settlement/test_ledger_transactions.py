"""Both ledger clients read what closed ledgers applied, whole: failed transactions and fee bumps by either hash."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from stellar_sdk import Asset, TransactionBuilder
from stellar_sdk.operation import Payment

from services.settlement.ledger_api import LedgerClient
from services.settlement.ledger_client import HorizonLedgerClient
from services.settlement.rpc_client import RpcLedgerClient
from tests.ledger.conftest import PASSPHRASE, Kit, served

NATIVE = Asset.native()


@pytest.fixture(scope="module")
def manual_kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kit]:
    """A ledger closing only on demand: the test decides what each ledger holds."""
    for url in served(tmp_path_factory, "ledger-transactions", ledger_close_seconds=0):
        yield Kit(url, manual=True)


def client(kit: Kit, api: str) -> LedgerClient:
    if api == "rpc":
        return RpcLedgerClient(f"{kit.url}/rpc", PASSPHRASE, timeout_seconds=10)
    return HorizonLedgerClient(kit.url, PASSPHRASE, timeout_seconds=10)


@pytest.mark.parametrize("api", ["horizon", "rpc"])
def test_a_ledger_read_whole_holds_failed_transactions_and_fee_bumps_under_both_hashes(
    manual_kit: Kit, api: str
) -> None:
    payer, poor, fee_account = manual_kit.fund(3)
    ledgers = client(manual_kit, api)
    inner = manual_kit.build(payer, [Payment(manual_kit.root.public_key, NATIVE, "1")])
    bumped = TransactionBuilder.build_fee_bump_transaction(fee_account.public_key, 200, inner, PASSPHRASE)
    bumped.sign(fee_account)
    failing = manual_kit.build(poor, [Payment(manual_kit.root.public_key, NATIVE, "1000")])  # more than it has
    for envelope in (bumped, failing):
        assert ledgers.submit_async(envelope.to_xdr()).queued
    closed = manual_kit.admin.close_ledger()["sequence"]

    read = ledgers.ledger_transactions(closed, closed)

    assert read.through == closed and read.seen_ledger == closed
    assert read.found[inner.hash_hex()].ledger == read.found[bumped.hash_hex()].ledger == closed
    assert read.found[inner.hash_hex()].successful
    failed = read.found[failing.hash_hex()]
    assert (failed.successful, failed.tx_code, failed.op_codes) == (False, "tx_failed", ("op_underfunded",))


@pytest.mark.parametrize("api", ["horizon", "rpc"])
def test_a_ledger_not_closed_yet_is_not_taken_as_read(manual_kit: Kit, api: str) -> None:
    tip = manual_kit.admin.status()["latest_ledger"]

    read = client(manual_kit, api).ledger_transactions(tip + 1, tip + 2)

    assert read.through < tip + 1 and not read.found
