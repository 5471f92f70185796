"""The ledger engine: validates submissions, queues them, and applies them when a ledger closes."""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

from stellar_sdk import FeeBumpTransactionEnvelope, TransactionEnvelope
from stellar_sdk.operation import Operation
from stellar_sdk.preconditions import Preconditions

from ledger.auth import SignatureChecker, Threshold
from ledger.config import LedgerConfig
from ledger.models import Account, LedgerHeader, TransactionRecord, db, utcnow
from ledger.operations import (
    LedgerContext,
    apply_operation,
    min_balance,
    op_type,
    static_check,
    threshold_for,
)
from ledger.results import OpResult, TxResult

log = logging.getLogger(__name__)

MAX_OPS_PER_TX = 100


class MalformedEnvelope(ValueError):
    """The submitted ``tx`` is not a transaction envelope this ledger can decode."""


class SubmitStatus(Enum):
    """What the queue did with a submission, in stellar-core's vocabulary."""

    PENDING = "PENDING"
    DUPLICATE = "DUPLICATE"
    ERROR = "ERROR"
    TRY_AGAIN_LATER = "TRY_AGAIN_LATER"
    APPLIED = "APPLIED"


@dataclass
class Pending:
    """A queued transaction; ``done`` is set once it was applied or dropped."""

    hash: str
    envelope_xdr: str
    source_id: str
    op_count: int
    done: threading.Event = field(default_factory=threading.Event)
    record: TransactionRecord | None = None
    dropped: TxResult | None = None


@dataclass
class Submission:
    """The outcome of handing an envelope to the engine."""

    status: SubmitStatus
    hash: str
    pending: Pending | None = None
    error: TxResult | None = None
    record: TransactionRecord | None = None


def parse_envelope(envelope_xdr: str, passphrase: str) -> TransactionEnvelope:
    """Decode a base64 envelope; the passphrase only affects the hash signatures are checked on."""
    try:
        if FeeBumpTransactionEnvelope.is_fee_bump_transaction_envelope(envelope_xdr):
            raise MalformedEnvelope("fee bump transactions are not supported by this ledger")
        return TransactionEnvelope.from_xdr(envelope_xdr, passphrase)
    except MalformedEnvelope:
        raise
    except Exception as exc:
        raise MalformedEnvelope(str(exc)) from exc


def _source_id(op: Operation, default: str) -> str:
    return op.source.account_id if op.source is not None else default


class LedgerEngine:
    """Owns the transaction queue and the ledger-close procedure; safe to share between threads."""

    def __init__(self, config: LedgerConfig) -> None:
        self.config = config
        self._lock = threading.RLock()
        self._queue: OrderedDict[str, Pending] = OrderedDict()
        self._stop = threading.Event()
        self._closer: threading.Thread | None = None

    # Submission -------------------------------------------------------------

    def submit(self, envelope_xdr: str) -> Submission:
        """Validate an envelope as stellar-core does on receipt and queue it if valid."""
        envelope = parse_envelope(envelope_xdr, self.config.network_passphrase)
        tx_hash = envelope.hash_hex()
        with self._lock:
            record = TransactionRecord.get_or_none(TransactionRecord.hash == tx_hash)
            if record is not None:
                return Submission(SubmitStatus.APPLIED, tx_hash, record=record)
            if tx_hash in self._queue:
                return Submission(SubmitStatus.DUPLICATE, tx_hash, pending=self._queue[tx_hash])
            source_id = envelope.transaction.source.account_id
            if any(p.source_id == source_id for p in self._queue.values()):
                return Submission(SubmitStatus.TRY_AGAIN_LATER, tx_hash)
            latest = self.latest_ledger()
            close_time = max(utcnow(), latest.closed_at)
            error = self._check_valid(envelope, close_time, latest.sequence + 1)
            if error is not None:
                return Submission(SubmitStatus.ERROR, tx_hash, error=error)
            pending = Pending(tx_hash, envelope_xdr, source_id, len(envelope.transaction.operations))
            self._queue[tx_hash] = pending
            return Submission(SubmitStatus.PENDING, tx_hash, pending=pending)

    def pending_hashes(self) -> list[str]:
        """Return the hashes waiting for the next ledger, oldest first."""
        with self._lock:
            return list(self._queue)

    def pending(self, tx_hash: str) -> Pending | None:
        """Return the queued transaction with this hash, if any."""
        with self._lock:
            return self._queue.get(tx_hash)

    def _check_valid(  # noqa: PLR0911
        self, envelope: TransactionEnvelope, close_time: datetime, ledger_seq: int
    ) -> TxResult | None:
        tx = envelope.transaction
        ops = tx.operations
        if not ops:
            return TxResult("tx_missing_operation")
        if len(ops) > MAX_OPS_PER_TX:
            return TxResult("tx_malformed")
        timing = _check_bounds(tx.preconditions, close_time, ledger_seq)
        if timing is not None:
            return TxResult(timing)
        if tx.fee < self.config.base_fee * len(ops):
            return TxResult("tx_insufficient_fee")
        source = Account.get_or_none(Account.account_id == tx.source.account_id)
        if source is None:
            return TxResult("tx_no_source_account")
        if tx.sequence != source.sequence + 1:
            return TxResult("tx_bad_seq")
        checker = SignatureChecker(envelope.hash(), envelope.signatures)
        if not checker.check(source, Threshold.LOW):
            return TxResult("tx_bad_auth")
        op_results = [self._check_op(op, source.account_id, checker) for op in ops]
        if not all(result.ok for result in op_results):
            return TxResult("tx_failed", operations=op_results)
        if not checker.all_used():
            return TxResult("tx_bad_auth_extra")
        context = self.context(ledger_seq)
        if source.balance - min_balance(source, context) < tx.fee:
            return TxResult("tx_insufficient_balance")
        return None

    def _check_op(self, op: Operation, tx_source: str, checker: SignatureChecker) -> OpResult:
        kind = op_type(op)
        source_id = _source_id(op, tx_source)
        malformed = static_check(op, source_id)
        if malformed is not None:
            return OpResult(kind, malformed)
        account = Account.get_or_none(Account.account_id == source_id)
        if account is None:
            return OpResult(kind, "op_no_source_account")
        if not checker.check(account, threshold_for(op)):
            return OpResult(kind, "op_bad_auth")
        return OpResult(kind)

    def context(self, ledger_seq: int) -> LedgerContext:
        """Return the ledger context operations are applied in."""
        return LedgerContext(sequence=ledger_seq, base_reserve=self.config.base_reserve)

    # Ledger close -----------------------------------------------------------

    def latest_ledger(self) -> LedgerHeader:
        """Return the last closed ledger."""
        header: LedgerHeader = LedgerHeader.select().order_by(LedgerHeader.sequence.desc()).get()
        return header

    def close_ledger(self) -> LedgerHeader:
        """Close one ledger: apply queued transactions up to the ledger's operation limit."""
        with self._lock:
            previous = self.latest_ledger()
            sequence = previous.sequence + 1
            close_time = max(utcnow(), previous.closed_at)
            batch = self._take_batch()
            digest = hashlib.sha256(f"{previous.hash}:{sequence}".encode())
            counts = {"ok": 0, "failed": 0, "ops": 0, "fees": 0}
            with db.atomic():
                for order, pending in enumerate(batch, start=1):
                    record = self._apply(pending, sequence, close_time, order)
                    if record is None:
                        continue
                    digest.update(pending.hash.encode())
                    counts["ok" if record.successful else "failed"] += 1
                    counts["ops"] += record.operation_count
                    counts["fees"] += record.fee_charged
                header = LedgerHeader.create(
                    sequence=sequence,
                    hash=digest.hexdigest(),
                    prev_hash=previous.hash,
                    closed_at=close_time,
                    successful_transaction_count=counts["ok"],
                    failed_transaction_count=counts["failed"],
                    operation_count=counts["ops"],
                    tx_set_operation_count=counts["ops"],
                    fee_pool=previous.fee_pool + counts["fees"],
                    base_fee=self.config.base_fee,
                    base_reserve=self.config.base_reserve,
                )
            for pending in batch:
                self._queue.pop(pending.hash, None)
                pending.done.set()
            return header

    def _take_batch(self) -> list[Pending]:
        batch: list[Pending] = []
        ops = 0
        for pending in self._queue.values():
            if ops + pending.op_count > self.config.max_ops_per_ledger:
                break
            batch.append(pending)
            ops += pending.op_count
        return batch

    def _apply(self, pending: Pending, sequence: int, close_time: datetime, order: int) -> TransactionRecord | None:
        envelope = parse_envelope(pending.envelope_xdr, self.config.network_passphrase)
        tx = envelope.transaction
        invalid = self._check_valid(envelope, close_time, sequence)
        if invalid is not None and invalid.code != "tx_failed":
            # stellar-core trims transactions that became invalid from the set: not charged.
            pending.dropped = invalid
            return None
        source_id = tx.source.account_id
        source = Account.get_by_id(source_id)
        fee = min(tx.fee, self.config.base_fee * len(tx.operations), source.balance)
        Account.update(balance=Account.balance - fee, sequence=tx.sequence, last_modified_ledger=sequence).where(
            Account.account_id == source_id
        ).execute()
        if invalid is not None:
            result = TxResult("tx_failed", fee, invalid.operations)
        else:
            result = self._apply_operations(tx.operations, source_id, sequence, fee)
        record: TransactionRecord = TransactionRecord.create(
            hash=pending.hash,
            ledger=sequence,
            application_order=order,
            created_at=close_time,
            source_account=source_id,
            source_account_sequence=tx.sequence,
            fee_account=source_id,
            fee_charged=fee,
            max_fee=tx.fee,
            operation_count=len(tx.operations),
            successful=result.successful,
            envelope_xdr=pending.envelope_xdr,
            result_xdr=result.to_xdr(),
            result_codes=json.dumps(result.result_codes()),
        )
        pending.record = record
        return record

    def _apply_operations(self, ops: list[Operation], tx_source: str, sequence: int, fee: int) -> TxResult:
        context = self.context(sequence)
        results: list[OpResult] = []
        with db.atomic() as savepoint:
            for op in ops:
                source = Account.get_by_id(_source_id(op, tx_source))
                results.append(OpResult(op_type(op), apply_operation(op, source, context)))
            if not all(result.ok for result in results):
                # A transaction is atomic: one failed operation undoes all of them.
                savepoint.rollback()
                return TxResult("tx_failed", fee, results)
        return TxResult("tx_success", fee, results)

    # Background closer ------------------------------------------------------

    def start_closer(self) -> None:
        """Close a ledger every ``ledger_close_seconds`` in a daemon thread (0 disables it)."""
        interval = self.config.ledger_close_seconds
        if interval <= 0 or self._closer is not None:
            return
        self._closer = threading.Thread(target=self._close_loop, args=(interval,), daemon=True)
        self._closer.start()

    def stop_closer(self) -> None:
        """Stop the background closer, if running."""
        self._stop.set()
        if self._closer is not None:
            self._closer.join(timeout=5)
            self._closer = None

    def _close_loop(self, interval: float) -> None:
        # A fixed cadence, as stellar-core keeps: the time a close takes does not stretch the interval.
        next_at = time.monotonic() + interval
        while not self._stop.wait(max(0.0, next_at - time.monotonic())):
            try:
                self.close_ledger()
            except Exception:
                log.exception("ledger close failed; retrying at the next interval")
            next_at = max(next_at + interval, time.monotonic())


def _check_bounds(preconditions: Preconditions | None, close_time: datetime, ledger_seq: int) -> str | None:
    if preconditions is None:
        return None
    now = int(close_time.timestamp()) if close_time.tzinfo else _epoch(close_time)
    bounds = preconditions.time_bounds
    if bounds is not None:
        if bounds.min_time and now < bounds.min_time:
            return "tx_too_early"
        if bounds.max_time and now > bounds.max_time:
            return "tx_too_late"
    ledgers = preconditions.ledger_bounds
    if ledgers is not None:
        if ledgers.min_ledger and ledger_seq < ledgers.min_ledger:
            return "tx_too_early"
        if ledgers.max_ledger and ledger_seq >= ledgers.max_ledger:
            return "tx_too_late"
    return None


def _epoch(naive_utc: datetime) -> int:
    return int((naive_utc - datetime(1970, 1, 1)).total_seconds())
