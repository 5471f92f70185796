"""Fault switches: each makes the ledger misbehave in one deterministic, countable way."""

from __future__ import annotations

import time

import pytest
import requests
from flask.testing import FlaskClient
from ledger.app import create_app
from stellar_sdk import Asset, Keypair, TransactionEnvelope
from stellar_sdk.exceptions import BadRequestError, BadResponseError, ConnectionError, NotFoundError
from stellar_sdk.operation import Payment

from tests.ledger.conftest import Kit


def payment(kit: Kit, payer: Keypair) -> TransactionEnvelope:
    return kit.build(payer, [Payment(kit.root.public_key, Asset.native(), "1")])


def submit(kit: Kit, envelope: TransactionEnvelope) -> None:
    kit.server.submit_transaction(envelope, skip_memo_required_check=True)


def lookup(kit: Kit, envelope: TransactionEnvelope) -> dict[str, object]:
    body: dict[str, object] = kit.server.transactions().transaction(envelope.hash_hex()).call()
    return body


def test_timeout_then_apply(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    envelope = payment(manual_kit, payer)
    manual_kit.admin.arm_fault("timeout_then_apply")
    with pytest.raises(BadResponseError) as info:
        submit(manual_kit, envelope)
    assert info.value.status == 504
    with pytest.raises(NotFoundError):
        lookup(manual_kit, envelope)
    manual_kit.admin.close_ledger()
    assert lookup(manual_kit, envelope)["successful"] is True


def test_timeout_no_apply(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    envelope = payment(manual_kit, payer)
    manual_kit.admin.arm_fault("timeout_no_apply")
    with pytest.raises(BadResponseError) as info:
        submit(manual_kit, envelope)
    assert info.value.status == 504
    manual_kit.admin.close_ledger()
    with pytest.raises(NotFoundError):
        lookup(manual_kit, envelope)
    # The same envelope, resubmitted while its bound holds, applies once.
    assert manual_kit.submit(envelope)["successful"] is True


@pytest.mark.parametrize(("fault", "status"), [("rate_limited", 429), ("unavailable", 503)])
def test_rate_limited_and_unavailable_are_counted(kit: Kit, fault: str, status: int) -> None:
    (payer,) = kit.fund()
    envelope = payment(kit, payer)
    kit.admin.arm_fault(fault, count=2)
    for _ in range(2):
        with pytest.raises((BadRequestError, BadResponseError)) as info:
            submit(kit, envelope)
        assert info.value.status == status
    assert kit.submit(envelope)["successful"] is True


def test_connection_reset_without_apply(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    envelope = payment(manual_kit, payer)
    manual_kit.admin.arm_fault("connection_reset")
    with pytest.raises(ConnectionError) as info:
        submit(manual_kit, envelope)
    assert isinstance(info.value.__cause__, requests.ConnectionError)
    assert "reset" in str(info.value).lower()
    assert manual_kit.admin.status()["pending"] == []


def test_connection_reset_after_queueing(manual_kit: Kit) -> None:
    (payer,) = manual_kit.fund()
    envelope = payment(manual_kit, payer)
    manual_kit.admin.arm_fault("connection_reset_then_apply")
    with pytest.raises(ConnectionError):
        submit(manual_kit, envelope)
    manual_kit.admin.close_ledger()
    assert lookup(manual_kit, envelope)["successful"] is True


def test_lagging_lookup_hides_applied_transactions(kit: Kit) -> None:
    (payer,) = kit.fund()
    kit.admin.arm_fault("lagging_lookup", seconds=600)
    envelope = payment(kit, payer)
    kit.submit(envelope)
    with pytest.raises(NotFoundError):
        lookup(kit, envelope)
    kit.admin.clear_faults()
    assert lookup(kit, envelope)["successful"] is True


def test_lagging_lookup_ends_after_its_seconds(kit: Kit) -> None:
    (payer,) = kit.fund()
    kit.admin.arm_fault("lagging_lookup", seconds=1)
    envelope = payment(kit, payer)
    kit.submit(envelope)
    deadline = time.monotonic() + 10
    while True:
        try:
            assert lookup(kit, envelope)["successful"] is True
            break
        except NotFoundError:
            assert time.monotonic() < deadline, "lag never ended"
            time.sleep(0.1)


def test_unknown_fault_is_rejected(kit: Kit) -> None:
    response = requests.post(f"{kit.url}/_sandbox/faults", json={"fault": "gremlins"}, timeout=5)
    assert response.status_code == 400


def test_admin_refuses_non_loopback_clients(tmp_path: object) -> None:
    app = create_app({"database": f"{tmp_path}/ledger.sqlite3", "ledger_close_seconds": 0})
    client: FlaskClient = app.test_client()
    remote = {"REMOTE_ADDR": "203.0.113.7"}
    assert client.post("/_sandbox/close_ledger", environ_base=remote).status_code == 403
    assert client.post("/_sandbox/faults", json={"fault": "unavailable"}, environ_base=remote).status_code == 403
    assert client.post("/_sandbox/close_ledger").status_code == 200
