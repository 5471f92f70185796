"""Stellar RPC's read methods over the sandbox's history, as one RPC instance at one height sees it.

An instance keeps the last `retention` ledgers up to the ledger it has reached (its `latestLedger`);
transactions and ledgers older than its `oldestLedger` are gone, as with stellar-rpc's
`history-retention-window`. Nothing here reads the request: the blueprint (ledger/rpc.py) picks
the instance and passes its view in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ledger import rpc_xdr
from ledger.models import LedgerHeader, TransactionRecord, find_record
from ledger.rpc_errors import INVALID_PARAMS, INVALID_REQUEST, RpcError, optional_uint, pagination

# stellar-rpc's defaults: default-/max-transactions-limit, default-/max-ledgers-limit,
# classic-fee-stats-retention-window.
DEFAULT_LIMIT = 50
MAX_LIMIT = 200
FEE_STATS_LEDGERS = 10
PERCENTILES = (10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99)

JSONDict = dict[str, Any]


@dataclass(frozen=True)
class InstanceView:
    """The ledgers one RPC instance holds: `oldest` to `latest`, the last `retention` of them."""

    latest: LedgerHeader
    oldest: LedgerHeader
    retention: int
    max_ops_per_ledger: int
    passphrase: str

    @classmethod
    def at(cls, height: int, retention: int, max_ops_per_ledger: int, passphrase: str) -> InstanceView:
        """The view of an instance that has reached ledger `height`."""
        latest: LedgerHeader = LedgerHeader.get_by_id(height)
        oldest: LedgerHeader = LedgerHeader.get_by_id(max(1, height - retention + 1))
        return cls(latest, oldest, retention, max_ops_per_ledger, passphrase)

    def holds(self, sequence: int) -> bool:
        """Whether the ledger is inside this instance's window."""
        return self.oldest.sequence <= sequence <= self.latest.sequence

    def out_of_range(self, start: int) -> RpcError:
        """stellar-rpc's answer to a start ledger outside the window."""
        return RpcError(
            INVALID_REQUEST,
            f"start ledger ({start}) must be between the oldest ledger: {self.oldest.sequence} "
            f"and the latest ledger: {self.latest.sequence} for this rpc instance",
        )


def _limit(requested: int) -> int:
    if requested > MAX_LIMIT:
        raise RpcError(INVALID_REQUEST, f"limit must not exceed {MAX_LIMIT}")
    return requested or DEFAULT_LIMIT


def get_health(view: InstanceView, _params: JSONDict) -> JSONDict:
    """getHealth: always healthy; the window and its ends."""
    return {
        "status": "healthy",
        "latestLedger": view.latest.sequence,
        "latestLedgerCloseTime": str(rpc_xdr.epoch(view.latest.closed_at)),
        "oldestLedger": view.oldest.sequence,
        "oldestLedgerCloseTime": str(rpc_xdr.epoch(view.oldest.closed_at)),
        "ledgerRetentionWindow": view.retention,
    }


def get_network(view: InstanceView, _params: JSONDict) -> JSONDict:
    """getNetwork: the passphrase and protocol; the sandbox has no friendbot."""
    return {"passphrase": view.passphrase, "protocolVersion": rpc_xdr.PROTOCOL_VERSION}


def get_latest_ledger(view: InstanceView, _params: JSONDict) -> JSONDict:
    """getLatestLedger: the instance's latest ledger with its header and close meta."""
    header = view.latest
    return {
        "id": header.hash,
        "protocolVersion": rpc_xdr.PROTOCOL_VERSION,
        "sequence": header.sequence,
        "closeTime": str(rpc_xdr.epoch(header.closed_at)),
        "headerXdr": rpc_xdr.header_xdr(header, view.max_ops_per_ledger),
        "metadataXdr": rpc_xdr.close_meta(header, _ledger_records(header.sequence), view.max_ops_per_ledger),
    }


def _ledger_records(sequence: int) -> list[TransactionRecord]:
    query = TransactionRecord.select().where(TransactionRecord.ledger == sequence)
    return list(query.order_by(TransactionRecord.application_order))


def get_ledgers(view: InstanceView, params: JSONDict) -> JSONDict:
    """getLedgers: from `startLedger` (or after `cursor`), `limit` ledgers inside the window."""
    start = optional_uint(params, "startLedger")
    cursor, requested = pagination(params)
    if cursor and start:
        raise RpcError(INVALID_REQUEST, "startLedger and cursor cannot both be set")
    limit = _limit(requested)
    if cursor:
        if not cursor.isdigit():
            raise RpcError(INVALID_PARAMS, f"invalid cursor {cursor!r}")
        start = int(cursor) + 1
        if not view.holds(start):
            raise RpcError(
                INVALID_PARAMS,
                f"cursor ('{cursor}') must be between the oldest ledger: {view.oldest.sequence} "
                f"and the latest ledger: {view.latest.sequence} for this rpc instance",
            )
    elif not view.holds(start):
        raise view.out_of_range(start)
    end = min(start + limit - 1, view.latest.sequence)
    headers = list(
        LedgerHeader.select().where(LedgerHeader.sequence.between(start, end)).order_by(LedgerHeader.sequence)
    )
    ledgers = [
        {
            "hash": header.hash,
            "sequence": header.sequence,
            "ledgerCloseTime": str(rpc_xdr.epoch(header.closed_at)),
            "headerXdr": rpc_xdr.header_history_entry(header, view.max_ops_per_ledger).to_xdr(),
            "metadataXdr": rpc_xdr.close_meta(header, _ledger_records(header.sequence), view.max_ops_per_ledger),
        }
        for header in headers
    ]
    next_cursor = str(headers[-1].sequence) if headers else (cursor or str(start - 1))
    return {**_window(view, "CloseTime"), "ledgers": ledgers, "cursor": next_cursor}


def _window(view: InstanceView, close_time_suffix: str) -> JSONDict:
    # getTransactions names them ...CloseTimestamp (numbers); getLedgers ...CloseTime (numbers too).
    return {
        "latestLedger": view.latest.sequence,
        f"latestLedger{close_time_suffix}": rpc_xdr.epoch(view.latest.closed_at),
        "oldestLedger": view.oldest.sequence,
        f"oldestLedger{close_time_suffix}": rpc_xdr.epoch(view.oldest.closed_at),
    }


def transaction_details(record: TransactionRecord) -> JSONDict:
    """The fields getTransaction and getTransactions share for an applied transaction."""
    return {
        "status": "SUCCESS" if record.successful else "FAILED",
        "txHash": record.hash,
        "applicationOrder": record.application_order,
        "feeBump": record.inner_hash is not None,
        "envelopeXdr": record.envelope_xdr,
        "resultXdr": record.result_xdr,
        "resultMetaXdr": rpc_xdr.transaction_meta(record).to_xdr(),
        "ledger": record.ledger,
    }


def get_transaction(view: InstanceView, params: JSONDict, hidden: Callable[[TransactionRecord], bool]) -> JSONDict:
    """getTransaction by either hash of a fee bump; NOT_FOUND outside the window or above the instance."""
    tx_hash = params.get("hash")
    if not isinstance(tx_hash, str) or len(tx_hash) != 64:
        length = len(tx_hash) if isinstance(tx_hash, str) else 0
        raise RpcError(INVALID_PARAMS, f"unexpected hash length ({length})")
    try:
        bytes.fromhex(tx_hash)
    except ValueError as exc:
        raise RpcError(INVALID_PARAMS, f"incorrect hash: {exc}") from exc
    window = {
        "latestLedger": view.latest.sequence,
        "latestLedgerCloseTime": str(rpc_xdr.epoch(view.latest.closed_at)),
        "oldestLedger": view.oldest.sequence,
        "oldestLedgerCloseTime": str(rpc_xdr.epoch(view.oldest.closed_at)),
    }
    record = find_record(tx_hash)
    if record is None or not view.holds(record.ledger) or hidden(record):
        not_found = {"status": "NOT_FOUND", "txHash": tx_hash.lower(), "applicationOrder": 0, "feeBump": False}
        return {**window, **not_found, "ledger": 0, "createdAt": "0"}
    created = str(rpc_xdr.epoch(record.created_at))
    return {**window, **transaction_details(record), "createdAt": created}


def _toid(ledger: int, order: int, operation: int) -> int:
    """stellar-core's total order id, which getTransactions' cursor is."""
    return (ledger << 32) | (order << 12) | operation


def get_transactions(view: InstanceView, params: JSONDict) -> JSONDict:
    """getTransactions: from `startLedger` (or after `cursor`), in ledger then application order.

    Like stellar-rpc, the cursor names the last transaction returned, or the end of the last
    ledger read; a cursor whose ledger has left the window is an error, and one ahead of the
    instance reads nothing and comes back as "0".
    """
    start = optional_uint(params, "startLedger")
    cursor, requested = pagination(params)
    if cursor and start:
        raise RpcError(INVALID_REQUEST, "startLedger and cursor cannot both be set")
    limit = _limit(requested)
    first_order = 1
    if cursor:
        try:
            position = int(cursor)
        except ValueError as exc:
            raise RpcError(INVALID_PARAMS, str(exc)) from exc
        start, first_order = position >> 32, ((position >> 12) & 0xFFFFF) + 1
        if start <= view.latest.sequence and start < view.oldest.sequence:
            raise RpcError(INVALID_PARAMS, f"database does not contain metadata for ledger: {start}")
    elif not view.holds(start):
        raise view.out_of_range(start)
    latest = view.latest.sequence
    if start > latest:
        return {**_window(view, "CloseTimestamp"), "transactions": [], "cursor": "0"}
    after_start = (TransactionRecord.ledger > start) | (TransactionRecord.application_order >= first_order)
    query = (
        TransactionRecord.select()
        .where(TransactionRecord.ledger.between(start, latest) & after_start)
        .order_by(TransactionRecord.ledger, TransactionRecord.application_order)
        .limit(limit)
    )
    records = list(query)
    if len(records) == limit:
        last = records[-1]
        position = _toid(last.ledger, last.application_order, 1)
    else:
        in_latest = [record.application_order for record in records if record.ledger == latest]
        position = _toid(latest, max(in_latest, default=0), 1)
    transactions = [{**transaction_details(r), "createdAt": rpc_xdr.epoch(r.created_at)} for r in records]
    return {**_window(view, "CloseTimestamp"), "transactions": transactions, "cursor": str(position)}


def get_fee_stats(view: InstanceView, _params: JSONDict) -> JSONDict:
    """getFeeStats: fee charged per operation over the last ten ledgers, background traffic included."""
    since = max(view.oldest.sequence, view.latest.sequence - FEE_STATS_LEDGERS + 1)
    fees: list[int] = []
    for record in TransactionRecord.select().where(TransactionRecord.ledger.between(since, view.latest.sequence)):
        fees.append(record.fee_charged // max(record.operation_count, 1))
    ledgers = view.latest.sequence - since + 1
    return {
        "sorobanInclusionFee": fee_distribution([], 0),
        "inclusionFee": fee_distribution(fees, ledgers),
        "latestLedger": view.latest.sequence,
    }


def fee_distribution(fees: list[int], ledgers: int) -> JSONDict:
    """stellar-rpc's FeeDistribution: nearest-rank percentiles and the mode (ties: the smallest)."""
    if not fees:
        zero = dict.fromkeys(["max", "min", "mode", *(f"p{p}" for p in PERCENTILES)], "0")
        return {**zero, "transactionCount": "0", "ledgerCount": 0}
    ordered = sorted(fees)
    counts = Counter(ordered)
    mode = max(counts, key=lambda fee: (counts[fee], -fee))
    body: JSONDict = {"max": str(ordered[-1]), "min": str(ordered[0]), "mode": str(mode)}
    for p in PERCENTILES:
        body[f"p{p}"] = str(ordered[-(-p * len(ordered) // 100) - 1])
    return {**body, "transactionCount": str(len(ordered)), "ledgerCount": ledgers}
