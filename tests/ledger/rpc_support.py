"""Helpers for driving the sandbox's Stellar RPC face with an unmodified SorobanServer."""

from __future__ import annotations

from typing import Any

import requests
from stellar_sdk import Asset, Keypair, SorobanServer, TransactionBuilder, TransactionEnvelope, xdr
from stellar_sdk.client.requests_client import RequestsClient
from stellar_sdk.operation import Payment

from tests.ledger.conftest import PASSPHRASE, Kit


def soroban(url: str) -> SorobanServer:
    """A SorobanServer on the sandbox's /rpc; no retries, so armed faults are seen as they are."""
    return SorobanServer(f"{url}/rpc", client=RequestsClient(num_retries=0))


def rpc_payment(
    server: SorobanServer, payer: Keypair, destination: str, amount: str = "1", fee: int = 100, **bounds: Any
) -> TransactionEnvelope:
    """A signed native payment from `payer`, its sequence number read over RPC (getLedgerEntries)."""
    account = server.load_account(payer.public_key)
    if "sequence" in bounds:
        account.sequence = bounds["sequence"] - 1
    builder = TransactionBuilder(account, PASSPHRASE, base_fee=fee).set_timeout(300)
    envelope = builder.append_operation(Payment(destination, Asset.native(), amount)).build()
    envelope.sign(payer)
    return envelope


def raw_call(url: str, method: str, params: Any = None, call_id: Any = 1) -> dict[str, Any]:
    """POST one JSON-RPC request and return the decoded answer (HTTP 200 expected)."""
    body = {"jsonrpc": "2.0", "id": call_id, "method": method, "params": params}
    response = requests.post(f"{url}/rpc", json=body, timeout=10)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def result_code(result_xdr: str) -> xdr.TransactionResultCode:
    """The transaction result code inside a base64 TransactionResult."""
    code: xdr.TransactionResultCode = xdr.TransactionResult.from_xdr(result_xdr).result.code
    return code


def funded(kit: Kit, count: int = 1) -> list[Keypair]:
    """Accounts funded through the Horizon face: the same ledger the RPC face serves."""
    return kit.fund(count)
