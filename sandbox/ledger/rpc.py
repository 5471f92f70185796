"""Stellar RPC's face on the sandbox: JSON-RPC 2.0 over HTTP POST at /rpc.

The same engine and history as the Horizon face, so both see the same transactions. Each HTTP
request reaches one RPC instance: the tip, or in a lagging fleet an instance at its own height
(ledger/fleet.py, path `/rpc/<method>` for pinned lags), and every method answers as of that
instance's ledger and retention window. JSON-RPC errors travel with HTTP 200, as stellar-rpc's
HTTP bridge sends them; the submission faults that act in front of RPC (a proxy's 429, 503, 504,
a reset connection) answer at the HTTP level, without a JSON-RPC body.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, Response, g, jsonify, request
from peewee import fn

from ledger import rpc_reads, rpc_xdr
from ledger.engine import MalformedEnvelope, Submission, SubmitStatus
from ledger.faults import FaultKind
from ledger.load_faults import submit_unless_refused
from ledger.models import LedgerHeader, TransactionRecord
from ledger.results import TxResult
from ledger.rpc_entries import get_ledger_entries
from ledger.rpc_errors import (
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    RpcError,
    params_object,
)
from ledger.rpc_reads import InstanceView
from ledger.state import current_state
from ledger.transport import request_reset

bp = Blueprint("rpc", __name__)

RPC_PATH = "/rpc"
JSONDict = dict[str, Any]


class TransportFault(Exception):
    """A fault that answers the whole HTTP request, in front of RPC."""

    def __init__(self, response: Response) -> None:
        super().__init__(response.status)
        self.response = response


def _plain(status: int, text: str) -> Response:
    return Response(text + "\n", status=status, mimetype="text/plain")


def rate_limit_exceeded() -> Response:
    """A provider's 429 in front of RPC: no JSON-RPC body (the SDK raises BadRequestError)."""
    return _plain(429, "Too Many Requests")


def or_horizon(horizon_refusal: Callable[[], Response]) -> Callable[[], Response]:
    """The rate limit's refusal: the RPC one on /rpc, Horizon's problem everywhere else."""

    def refuse() -> Response:
        return rate_limit_exceeded() if request.path == RPC_PATH else horizon_refusal()

    return refuse


def _view(method: str) -> InstanceView:
    """The instance serving this HTTP request, chosen once (it also sets the Latest-Ledger header)."""
    state = current_state()
    if "seen_ledger" not in g:
        tip = state.engine.latest_ledger().sequence
        g.seen_ledger = state.fleet.height(tip, f"{RPC_PATH}/{method}")
    config = state.config
    return InstanceView.at(
        int(g.seen_ledger), config.rpc_retention_ledgers, config.max_ops_per_ledger, config.network_passphrase
    )


def _hidden_by_lag(record: TransactionRecord) -> bool:
    return current_state().faults.hides(rpc_xdr.epoch(record.created_at))


def _get_transaction(view: InstanceView, params: JSONDict) -> JSONDict:
    return rpc_reads.get_transaction(view, params, _hidden_by_lag)


def _get_transactions(view: InstanceView, params: JSONDict) -> JSONDict:
    """getTransactions from an instance below the ledgers the lag fault hides: it has not ingested them."""
    lag = current_state().faults.lag_seconds
    if lag > 0:
        cutoff = datetime.fromtimestamp(time.time() - lag, tz=UTC).replace(tzinfo=None)
        ingested = LedgerHeader.select(fn.MAX(LedgerHeader.sequence)).where(LedgerHeader.closed_at <= cutoff).scalar()
        height = max(1, min(int(ingested or 1), view.latest.sequence))
        view = InstanceView.at(height, view.retention, view.max_ops_per_ledger, view.passphrase)
    return rpc_reads.get_transactions(view, params)


def _before_queue(fault: FaultKind | None) -> None:
    if fault is FaultKind.RATE_LIMITED:
        raise TransportFault(rate_limit_exceeded())
    if fault is FaultKind.UNAVAILABLE:
        raise TransportFault(_plain(503, "Service Unavailable"))
    if fault is FaultKind.TIMEOUT_NO_APPLY:
        raise TransportFault(_plain(504, "Gateway Timeout"))
    if fault is FaultKind.CONNECTION_RESET:
        request_reset(request.environ)
        raise TransportFault(Response(status=500))


def _after_queue(fault: FaultKind | None) -> None:
    if fault is FaultKind.TIMEOUT_THEN_APPLY:
        raise TransportFault(_plain(504, "Gateway Timeout"))
    if fault is FaultKind.CONNECTION_RESET_THEN_APPLY:
        request_reset(request.environ)
        raise TransportFault(Response(status=500))


def send_transaction(view: InstanceView, params: JSONDict) -> JSONDict:
    """sendTransaction: stellar-core's answer to the envelope, at once (PENDING, DUPLICATE, TRY_AGAIN_LATER, ERROR)."""
    state = current_state()
    fault = state.faults.take_submission_fault()
    _before_queue(fault)
    envelope_xdr = params.get("transaction")
    if not isinstance(envelope_xdr, str) or not envelope_xdr:
        raise RpcError(INVALID_PARAMS, "invalid_xdr")
    try:
        submission = submit_unless_refused(state.engine, envelope_xdr, fault)
    except MalformedEnvelope as exc:
        raise RpcError(INVALID_PARAMS, "invalid_xdr") from exc
    _after_queue(fault)
    return send_result(view, submission)


def send_result(view: InstanceView, submission: Submission) -> JSONDict:
    """The sendTransaction result for what the engine did with an envelope."""
    status, error = submission.status, submission.error
    if status is SubmitStatus.APPLIED:
        # RPC relays straight to core, which knows no history: the sequence number is used up.
        status, error = SubmitStatus.ERROR, TxResult("tx_bad_seq")
    body: JSONDict = {
        "status": status.value,
        "hash": submission.hash,
        "latestLedger": view.latest.sequence,
        "latestLedgerCloseTime": str(rpc_xdr.epoch(view.latest.closed_at)),
    }
    if error is not None:
        body["errorResultXdr"] = error.to_xdr()
    return body


METHODS: dict[str, Callable[[InstanceView, JSONDict], JSONDict]] = {
    "getHealth": rpc_reads.get_health,
    "getNetwork": rpc_reads.get_network,
    "getLatestLedger": rpc_reads.get_latest_ledger,
    "getLedgers": rpc_reads.get_ledgers,
    "getFeeStats": rpc_reads.get_fee_stats,
    "getTransaction": _get_transaction,
    "getTransactions": _get_transactions,
    "getLedgerEntries": get_ledger_entries,
    "sendTransaction": send_transaction,
}


def _error(call_id: Any, error: RpcError) -> JSONDict:
    return {"jsonrpc": "2.0", "id": call_id, "error": error.body()}


def _call(message: Any) -> JSONDict | None:
    """Answer one JSON-RPC request object; None for a notification (no id)."""
    if not isinstance(message, dict):
        return _error(None, RpcError(INVALID_REQUEST, "invalid request"))
    call_id = message.get("id")
    method = message.get("method")
    if message.get("jsonrpc") != "2.0" or not isinstance(method, str):
        return _error(call_id, RpcError(INVALID_REQUEST, "invalid request"))
    try:
        handler = METHODS.get(method)
        if handler is None:
            raise RpcError(METHOD_NOT_FOUND, f"no such method {json.dumps(method)}")
        result = handler(_view(method), params_object(message.get("params")))
    except RpcError as error:
        return None if "id" not in message else _error(call_id, error)
    return None if "id" not in message else {"jsonrpc": "2.0", "id": call_id, "result": result}


def _first_method(payload: Any) -> str:
    first = payload[0] if isinstance(payload, list) and payload else payload
    method = first.get("method") if isinstance(first, dict) else None
    return method if isinstance(method, str) else ""


@bp.post(RPC_PATH)
def rpc() -> Response:
    """Serve one JSON-RPC request or a batch of them."""
    try:
        payload = json.loads(request.get_data())
    except ValueError:
        return jsonify(_error(None, RpcError(PARSE_ERROR, "parse error")))
    _view(_first_method(payload))  # one instance serves the whole HTTP request
    try:
        if isinstance(payload, list) and payload:
            answers = [answer for answer in (_call(item) for item in payload) if answer is not None]
            return jsonify(answers) if answers else Response(status=204)
        answer = _call(payload if payload != [] else None)
    except TransportFault as fault:
        return fault.response
    return jsonify(answer) if answer is not None else Response(status=204)
