"""The RPC face's faults: the retention window, a lagging fleet, load, and what fails in front of RPC."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from flask.testing import FlaskClient
from ledger.app import create_app
from stellar_sdk import Keypair, SorobanServer, TransactionEnvelope, xdr
from stellar_sdk.exceptions import BadRequestError, BadResponseError, ConnectionError, SorobanRpcErrorResponse
from stellar_sdk.soroban_rpc import GetTransactionStatus, SendTransactionStatus

from tests.ledger.conftest import Kit, served
from tests.ledger.rpc_support import rpc_payment, soroban

RETENTION = 3
FLEET_READS = 40


@pytest.fixture(scope="module")
def retention_kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kit]:
    """A manually closed server whose RPC instances keep only the last three ledgers."""
    for url in served(tmp_path_factory, "rpc-retention", ledger_close_seconds=0, rpc_retention_ledgers=RETENTION):
        yield Kit(url, manual=True)


def applied_payment(kit: Kit, server: SorobanServer) -> tuple[Keypair, TransactionEnvelope, int]:
    """A payment sent over RPC and applied in a ledger closed now: payer, envelope, ledger."""
    (payer,) = kit.fund()
    envelope = rpc_payment(server, payer, kit.root.public_key)
    assert server.send_transaction(envelope).status is SendTransactionStatus.PENDING
    return payer, envelope, kit.admin.close_ledger()["sequence"]


def test_transactions_and_ledgers_past_the_retention_window_are_gone(retention_kit: Kit) -> None:
    server = soroban(retention_kit.url)
    _, envelope, applied = applied_payment(retention_kit, server)
    assert server.get_transaction(envelope.hash_hex()).status is GetTransactionStatus.SUCCESS
    cursor = server.get_transactions(start_ledger=applied - 1).cursor
    health = server.get_health()
    assert (health.oldest_ledger, health.ledger_retention_window) == (applied - RETENTION + 1, RETENTION)

    retention_kit.admin.close_ledger(count=RETENTION)
    gone = server.get_transaction(envelope.hash_hex())
    assert gone.status is GetTransactionStatus.NOT_FOUND
    assert (gone.latest_ledger, gone.oldest_ledger) == (applied + RETENTION, applied + 1)
    assert server.get_health().oldest_ledger == applied + 1
    with pytest.raises(SorobanRpcErrorResponse) as outside:
        server.get_transactions(start_ledger=applied)
    assert outside.value.code == -32600 and f"oldest ledger: {applied + 1}" in str(outside.value.message)
    with pytest.raises(SorobanRpcErrorResponse) as stale_cursor:
        server.get_transactions(cursor=cursor)
    assert stale_cursor.value.code == -32602
    with pytest.raises(SorobanRpcErrorResponse):
        server.get_ledgers(start_ledger=applied)
    assert [ledger.sequence for ledger in server.get_ledgers(start_ledger=applied + 1).ledgers] == [
        applied + 1,
        applied + 2,
        applied + 3,
    ]
    # The Horizon face keeps its whole history: only RPC forgets.
    assert retention_kit.server.transactions().transaction(envelope.hash_hex()).call()["ledger"] == applied


def test_a_lagging_fleet_never_answers_ahead_of_its_latest_ledger(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    payer, envelope, applied = applied_payment(manual_kit, server)
    key = xdr.LedgerKey(xdr.LedgerEntryType.ACCOUNT, account=xdr.LedgerKeyAccount(payer.xdr_account_id()))
    after = server.load_account(payer.public_key).sequence
    manual_kit.admin.arm_fault("lagging_fleet", instances=4, min_lag=0, max_lag=3, seed=5)
    manual_kit.admin.close_ledger(count=2)
    tip = applied + 2
    heights: set[int] = set()
    for _ in range(FLEET_READS):
        found = server.get_transaction(envelope.hash_hex())
        assert found.latest_ledger <= tip
        assert (found.status is GetTransactionStatus.SUCCESS) == (found.latest_ledger >= applied)
        page = server.get_transactions(start_ledger=applied - 1)
        assert all(tx.ledger <= page.latest_ledger for tx in page.transactions)
        assert (envelope.hash_hex() in {tx.transaction_hash for tx in page.transactions}) == (
            page.latest_ledger >= applied
        )
        entries = server.get_ledger_entries([key])
        assert entries.entries is not None
        sequence = xdr.LedgerEntryData.from_xdr(entries.entries[0].xdr).account
        assert sequence is not None
        expected = after if entries.latest_ledger >= applied else after - 1
        assert sequence.seq_num.sequence_number.int64 == expected
        assert server.get_latest_ledger().sequence <= tip
        heights |= {found.latest_ledger, page.latest_ledger, entries.latest_ledger}
    assert len(heights) > 1


def test_a_pinned_lag_makes_one_method_trail_the_tip(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    _, envelope, applied = applied_payment(manual_kit, server)
    (newcomer,) = manual_kit.fund()  # created in ledger applied + 1, the tip
    tip = applied + 1
    pinned = {"/rpc/getTransaction": 2, "/rpc/getLedgerEntries": 1}
    manual_kit.admin.arm_fault("lagging_fleet", instances=0, pinned=pinned)
    hidden = server.get_transaction(envelope.hash_hex())
    assert (hidden.status, hidden.latest_ledger) == (GetTransactionStatus.NOT_FOUND, applied - 1)
    assert server.get_latest_ledger().sequence == tip
    key = xdr.LedgerKey(xdr.LedgerEntryType.ACCOUNT, account=xdr.LedgerKeyAccount(newcomer.xdr_account_id()))
    behind = server.get_ledger_entries([key])
    assert (behind.entries, behind.latest_ledger) == ([], applied)
    # A cursor from an instance further ahead reads nothing here and comes back as "0", as stellar-rpc's does.
    ahead = server.get_transactions(cursor=str((tip << 32) | (1 << 12) | 1))
    assert (ahead.transactions, ahead.cursor, ahead.latest_ledger) == ([], "0", applied - 1)


def test_try_again_later_fault_refuses_unqueued_on_both_faces(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    (payer,) = manual_kit.fund()
    envelope = rpc_payment(server, payer, manual_kit.root.public_key)
    manual_kit.admin.arm_fault("try_again_later", count=3)
    assert server.send_transaction(envelope).status is SendTransactionStatus.TRY_AGAIN_LATER
    horizon = requests.post(f"{manual_kit.url}/transactions_async", data={"tx": envelope.to_xdr()}, timeout=10)
    assert (horizon.status_code, horizon.json()["tx_status"]) == (503, "TRY_AGAIN_LATER")
    # Horizon's sync submit takes TRY_AGAIN_LATER as submitted and waits for a ledger that never has it.
    waited = requests.post(f"{manual_kit.url}/transactions", data={"tx": envelope.to_xdr()}, timeout=10)
    assert waited.status_code == 504
    assert manual_kit.admin.status()["pending"] == []
    assert server.send_transaction(envelope).status is SendTransactionStatus.PENDING


@pytest.mark.parametrize(
    ("fault", "error", "status", "queued"),
    [
        ("rate_limited", BadRequestError, 429, False),
        ("unavailable", BadResponseError, 503, False),
        ("timeout_no_apply", BadResponseError, 504, False),
        ("timeout_then_apply", BadResponseError, 504, True),
    ],
)
def test_http_faults_in_front_of_rpc(
    manual_kit: Kit, fault: str, error: type[Exception], status: int, queued: bool
) -> None:
    server = soroban(manual_kit.url)
    (payer,) = manual_kit.fund()
    envelope = rpc_payment(server, payer, manual_kit.root.public_key)
    manual_kit.admin.arm_fault(fault)
    with pytest.raises(error) as info:
        server.send_transaction(envelope)
    assert getattr(info.value, "status", None) == status
    assert (envelope.hash_hex() in manual_kit.admin.status()["pending"]) is queued


@pytest.mark.parametrize(("fault", "queued"), [("connection_reset", False), ("connection_reset_then_apply", True)])
def test_a_reset_connection_leaves_the_client_not_knowing(manual_kit: Kit, fault: str, queued: bool) -> None:
    server = soroban(manual_kit.url)
    (payer,) = manual_kit.fund()
    envelope = rpc_payment(server, payer, manual_kit.root.public_key)
    manual_kit.admin.arm_fault(fault)
    with pytest.raises(ConnectionError):
        server.send_transaction(envelope)
    assert (envelope.hash_hex() in manual_kit.admin.status()["pending"]) is queued


def test_lagging_lookup_hides_a_transaction_from_get_transaction(manual_kit: Kit) -> None:
    server = soroban(manual_kit.url)
    manual_kit.admin.arm_fault("lagging_lookup", seconds=600)
    _, envelope, applied = applied_payment(manual_kit, server)
    hidden = server.get_transaction(envelope.hash_hex())
    assert (hidden.status, hidden.latest_ledger) == (GetTransactionStatus.NOT_FOUND, applied)
    manual_kit.admin.clear_faults()
    assert server.get_transaction(envelope.hash_hex()).status is GetTransactionStatus.SUCCESS


def test_the_rate_limit_refuses_rpc_without_a_horizon_problem(tmp_path: Path) -> None:
    app = create_app(
        {
            "database": str(tmp_path / "ledger.sqlite3"),
            "ledger_close_seconds": 0,
            "rate_limit_per_hour": 3600,
            "rate_limit_burst": 1,
        }
    )
    client: FlaskClient = app.test_client()
    call = {"jsonrpc": "2.0", "id": 1, "method": "getHealth"}
    assert client.post("/rpc", json=call).json["result"]["status"] == "healthy"  # type: ignore[index]
    refused = client.post("/rpc", json=call)
    assert (refused.status_code, refused.mimetype) == (429, "text/plain")
    assert int(refused.headers["Retry-After"]) >= 1
