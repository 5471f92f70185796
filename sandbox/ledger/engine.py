"""The ledger engine: validates submissions, queues them, and applies them when a ledger closes."""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum

import peewee
from stellar_sdk.operation import Operation
from stellar_sdk.preconditions import Preconditions

from ledger import queries
from ledger.auth import SignatureChecker, Threshold
from ledger.background import BackgroundAccounts, BackgroundTransaction, interleaved, record_row
from ledger.config import LedgerConfig
from ledger.frames import Frame, MalformedEnvelope, parse_frame
from ledger.models import Account, LedgerHeader, TransactionRecord, db, find_record, utcnow
from ledger.op_sources import OpSources
from ledger.operations import (
    LedgerContext,
    apply_operation,
    min_balance,
    op_type,
    static_check,
    threshold_for,
)
from ledger.results import OpResult, TxResult
from ledger.txqueue import Pending, TransactionQueue

log = logging.getLogger(__name__)

MAX_OPS_PER_TX = 100
# stellar-core (src/transactions/TransactionUtils.h): on receipt, a transaction must stay valid
# until twice the expected close time after now, so it cannot expire before it is applied.
EXPECTED_CLOSE_TIME_MULT = 2
# stellar-core's FEE_MULTIPLIER: a fee bump replaces a queued transaction only at 10 times its rate.
REPLACE_BY_FEE_MULTIPLIER = 10

__all__ = ["LedgerEngine", "MalformedEnvelope", "Pending", "Submission", "SubmitStatus", "parse_frame"]


class SubmitStatus(Enum):
    """What the queue did with a submission, in stellar-core's vocabulary."""

    PENDING = "PENDING"
    DUPLICATE = "DUPLICATE"
    ERROR = "ERROR"
    TRY_AGAIN_LATER = "TRY_AGAIN_LATER"
    APPLIED = "APPLIED"


@dataclass
class Submission:
    """The outcome of handing an envelope to the engine."""

    status: SubmitStatus
    hash: str
    pending: Pending | None = None
    error: TxResult | None = None
    record: TransactionRecord | None = None


@dataclass
class _CloseCounts:
    ok: int = 0
    failed: int = 0
    ops: int = 0
    fees: int = 0
    hashes: list[str] = field(default_factory=list)


def _source_id(op: Operation, default: str) -> str:
    return op.source.account_id if op.source is not None else default


class LedgerEngine:
    """Owns the transaction queue and the ledger-close procedure; safe to share between threads."""

    def __init__(self, config: LedgerConfig) -> None:
        self.config = config
        self._lock = threading.RLock()
        self._closed = threading.Condition()
        self._queue = TransactionQueue(
            config.queue_ledgers * config.max_ops_per_ledger, config.queue_timeout_ledgers, config.ban_ledgers
        )
        self._background = BackgroundAccounts(config.network_passphrase)
        self._refill_background()
        self._stop = threading.Event()
        self._closer: threading.Thread | None = None

    # Submission -------------------------------------------------------------

    def submit(self, envelope_xdr: str) -> Submission:
        """Take an envelope as stellar-core's TransactionQueue::tryAdd does."""
        frame = parse_frame(envelope_xdr, self.config.network_passphrase)
        with self._lock:
            record = find_record(frame.hash)
            if record is not None:
                return Submission(SubmitStatus.APPLIED, frame.hash, record=record)
            if self._queue.banned(frame.hash):
                return Submission(SubmitStatus.TRY_AGAIN_LATER, frame.hash)
            existing = self._queue.by_source(frame.source_id)
            if existing is not None:
                if frame.hash in (existing.hash, existing.inner_hash):
                    return Submission(SubmitStatus.DUPLICATE, frame.hash, pending=existing)
                refused = self._refuse_replacement(frame, existing)
                if refused is not None:
                    return refused
            return self._try_add(frame, existing)

    def _try_add(self, frame: Frame, replacing: Pending | None) -> Submission:
        """Room in the queue (TxQueueLimiter), then validity; a transaction refused for room is banned."""
        admission = self._queue.admit(frame, replacing)
        if not admission.ok:
            self._queue.ban([frame.hash])
            if not admission.min_fee:
                return Submission(SubmitStatus.TRY_AGAIN_LATER, frame.hash)
            low_fee = TxResult("tx_insufficient_fee", admission.min_fee)
            return Submission(SubmitStatus.ERROR, frame.hash, error=low_fee)
        latest = self.latest_ledger()
        error = self._check_valid(frame, latest.closed_at, self._receipt_horizon(latest), latest.sequence + 1)
        if error is not None:
            return Submission(SubmitStatus.ERROR, frame.hash, error=error)
        pending = self._queue.pending(frame)
        self._queue.add(pending, admission, replacing)
        return Submission(SubmitStatus.PENDING, frame.hash, pending=pending)

    def _refuse_replacement(self, frame: Frame, existing: Pending) -> Submission | None:
        """One transaction per source: only a fee bump of the same sequence, at 10x the rate, replaces it."""
        if existing.frame is not None and frame.sequence < existing.frame.sequence:
            return Submission(SubmitStatus.ERROR, frame.hash, error=TxResult("tx_bad_seq"))
        if frame.fee_bump is None or existing.frame is None or frame.sequence != existing.frame.sequence:
            return Submission(SubmitStatus.TRY_AGAIN_LATER, frame.hash)
        needed = existing.bid * REPLACE_BY_FEE_MULTIPLIER * frame.fee_ops
        if frame.bid * existing.fee_ops < needed:
            min_fee = -(-needed // max(existing.fee_ops, 1))
            return Submission(SubmitStatus.ERROR, frame.hash, error=TxResult("tx_insufficient_fee", min_fee))
        return None

    def _receipt_horizon(self, latest: LedgerHeader) -> datetime:
        """When the next ledger may close at the latest, as getUpperBoundCloseTimeOffset estimates it."""
        expected = timedelta(seconds=self.config.ledger_close_seconds * EXPECTED_CLOSE_TIME_MULT)
        return max(utcnow(), latest.closed_at) + expected

    def pending_hashes(self) -> list[str]:
        """Return the hashes waiting for a ledger, oldest first."""
        with self._lock:
            return self._queue.hashes()

    def pending(self, tx_hash: str) -> Pending | None:
        """Return the queued transaction with this hash, if any."""
        with self._lock:
            return self._queue.get(tx_hash)

    def wait_for_record(self, tx_hash: str, timeout: float) -> TransactionRecord | None:
        """Wait up to ``timeout`` seconds for a ledger that includes ``tx_hash`` (either hash of a fee bump)."""
        deadline = time.monotonic() + timeout
        with self._closed:
            while True:
                record = find_record(tx_hash)
                remaining = deadline - time.monotonic()
                if record is not None or remaining <= 0:
                    return record
                self._closed.wait(remaining)

    # Validation -------------------------------------------------------------

    def _check_valid(self, frame: Frame, last_close: datetime, horizon: datetime, ledger_seq: int) -> TxResult | None:
        """stellar-core's checkValid: the transaction, then (for a fee bump) its fee source around it.

        ``last_close`` judges ``min_time`` and ``horizon`` judges ``max_time``: on receipt the
        estimated next close, when applying the close time itself.
        """
        if frame.fee_bump is None:
            return self._check_tx(frame, last_close, horizon, ledger_seq, charge_fee=True)
        outer = self._check_fee_bump(frame, ledger_seq)
        if outer is not None:
            return outer
        inner = self._check_tx(frame, last_close, horizon, ledger_seq, charge_fee=False)
        return None if inner is None else TxResult("tx_fee_bump_inner_failed", inner=inner, inner_hash=frame.inner_hash)

    def _check_fee_bump(self, frame: Frame, ledger_seq: int) -> TxResult | None:  # noqa: PLR0911
        """CAP-15: the minimum fee for one more operation, at least the inner rate, from a signed fee source."""
        bump = frame.fee_bump
        assert bump is not None
        min_fee = self.config.base_fee * frame.fee_ops
        if frame.bid < min_fee:
            return TxResult("tx_insufficient_fee", min_fee)
        inner_fee = int(frame.inner.transaction.fee)
        inner_min = self.config.base_fee * frame.op_count
        if frame.bid * inner_min < inner_fee * min_fee:
            return TxResult("tx_insufficient_fee", -(-inner_fee * min_fee // max(inner_min, 1)))
        fee_source = queries.account(frame.fee_source_id)
        if fee_source is None:
            return TxResult("tx_no_source_account")
        checker = SignatureChecker(bump.hash(), bump.signatures)
        if not checker.check(fee_source, Threshold.LOW):
            return TxResult("tx_bad_auth")
        if not checker.all_used():
            return TxResult("tx_bad_auth_extra")
        if fee_source.balance - min_balance(fee_source, self.context(ledger_seq)) < frame.bid:
            return TxResult("tx_insufficient_balance")
        return None

    def _check_tx(  # noqa: PLR0911
        self, frame: Frame, last_close: datetime, horizon: datetime, ledger_seq: int, charge_fee: bool
    ) -> TxResult | None:
        envelope = frame.inner
        tx = envelope.transaction
        ops = tx.operations
        if not ops:
            return TxResult("tx_missing_operation")
        if len(ops) > MAX_OPS_PER_TX:
            return TxResult("tx_malformed")
        timing = _check_bounds(tx.preconditions, last_close, horizon, ledger_seq)
        if timing is not None:
            return TxResult(timing)
        if charge_fee and tx.fee < self.config.base_fee * len(ops):
            return TxResult("tx_insufficient_fee", self.config.base_fee * len(ops))
        source = queries.account(tx.source.account_id)
        if source is None:
            return TxResult("tx_no_source_account")
        if tx.sequence != source.sequence + 1:
            return TxResult("tx_bad_seq")
        checker = SignatureChecker(frame.signed_hash, envelope.signatures)
        sources = OpSources(checker, source)
        if not sources.authorized(source, Threshold.LOW):
            return TxResult("tx_bad_auth")
        op_results = [self._check_op(op, source.account_id, sources) for op in ops]
        if not all(result.ok for result in op_results):
            return TxResult("tx_failed", operations=op_results)
        if not checker.all_used():
            return TxResult("tx_bad_auth_extra")
        context = self.context(ledger_seq)
        if charge_fee and source.balance - min_balance(source, context) < tx.fee:
            return TxResult("tx_insufficient_balance")
        return None

    def _check_op(self, op: Operation, tx_source: str, sources: OpSources) -> OpResult:
        kind = op_type(op)
        source_id = _source_id(op, tx_source)
        malformed = static_check(op, source_id)
        if malformed is not None:
            return OpResult(kind, malformed)
        account = sources.account(source_id)
        if account is None:
            return OpResult(kind, "op_no_source_account")
        if not sources.authorized(account, threshold_for(op)):
            return OpResult(kind, "op_bad_auth")
        return OpResult(kind)

    def _still_valid(
        self, pending: Pending, last_close: datetime, horizon: datetime, ledger_seq: int
    ) -> TxResult | None:
        """The checks a ledger's passing can change: bounds and the sequence number."""
        if pending.frame is None:
            return None
        tx = pending.frame.inner.transaction
        timing = _check_bounds(tx.preconditions, last_close, horizon, ledger_seq)
        if timing is not None:
            return TxResult(timing)
        source = queries.account(pending.source_id)
        if source is None or tx.sequence != source.sequence + 1:
            return TxResult("tx_bad_seq")
        return None

    def context(self, ledger_seq: int) -> LedgerContext:
        """Return the ledger context operations are applied in."""
        return LedgerContext(sequence=ledger_seq, base_reserve=self.config.base_reserve)

    # Ledger close -----------------------------------------------------------

    def latest_ledger(self) -> LedgerHeader:
        """Return the last closed ledger."""
        header: LedgerHeader = LedgerHeader.select().order_by(LedgerHeader.sequence.desc()).get()
        return header

    def close_ledger(self) -> LedgerHeader:
        """Close one ledger: the best bids that fit, surge-priced when some were left out."""
        with self._lock:
            previous = self.latest_ledger()
            sequence = previous.sequence + 1
            close_time = max(utcnow(), previous.closed_at)
            self._drop_invalid(close_time, close_time, sequence)
            batch, surge = self._queue.select(self.config.max_ops_per_ledger)
            base_fee = min((p.bid // p.fee_ops for p in batch), default=0) if surge else self.config.base_fee
            digest = hashlib.sha256(f"{previous.hash}:{sequence}".encode())
            counts = _CloseCounts()
            with db.atomic():
                self._apply_batch(batch, sequence, close_time, base_fee, counts)
                for tx_hash in counts.hashes:
                    digest.update(tx_hash.encode())
                header = LedgerHeader.create(
                    sequence=sequence,
                    hash=digest.hexdigest(),
                    prev_hash=previous.hash,
                    closed_at=close_time,
                    successful_transaction_count=counts.ok,
                    failed_transaction_count=counts.failed,
                    operation_count=counts.ops,
                    tx_set_operation_count=counts.ops,
                    fee_pool=previous.fee_pool + counts.fees,
                    base_fee=self.config.base_fee,
                    base_reserve=self.config.base_reserve,
                )
            for pending in batch:
                self._queue.remove(pending)
                pending.done.set()
            self._after_close(header)
        with self._closed:
            self._closed.notify_all()
        return header

    def _apply_batch(
        self, batch: list[Pending], sequence: int, close_time: datetime, base_fee: int, counts: _CloseCounts
    ) -> None:
        """Apply ours and write the background's transactions among them, each counted in the header."""
        ours = [p for p in batch if not p.background]
        theirs = [p for p in batch if p.background]
        background = [self._background.transaction(n, p.fee_ops, p.bid) for n, p in enumerate(theirs)]
        rows: list[dict[str, object]] = []
        for item in interleaved(ours, background):
            order = len(counts.hashes) + 1
            if isinstance(item, BackgroundTransaction):
                charged = min(item.bid // item.ops, base_fee) * item.ops
                rows.append(record_row(item, sequence, close_time, order, charged))
                successful, ops, tx_hash = True, item.ops, item.hash
            else:
                record = self._apply(item, sequence, close_time, order, base_fee)
                if record is None:
                    continue
                successful, ops, tx_hash, charged = record.successful, item.fee_ops, item.hash, record.fee_charged
            counts.hashes.append(tx_hash)
            counts.ok += 1 if successful else 0
            counts.failed += 0 if successful else 1
            counts.ops += ops
            counts.fees += charged
        if rows:
            TransactionRecord.insert_many(rows).execute()

    def _drop(self, pending: Pending, reason: TxResult) -> None:
        """Take a transaction out of the queue unapplied and ban it; a waiting sync submit times out."""
        pending.dropped = reason
        self._queue.remove(pending)
        self._queue.ban([pending.hash])
        pending.done.set()

    def _drop_invalid(self, last_close: datetime, horizon: datetime, ledger_seq: int) -> None:
        # stellar-core trims transactions that became invalid from its set and its queue, unapplied.
        for pending in self._queue.real():
            reason = self._still_valid(pending, last_close, horizon, ledger_seq)
            if reason is not None:
                self._drop(pending, reason)

    def _after_close(self, header: LedgerHeader) -> None:
        # As Herder's updateTransactionQueue: age the queue, then drop what the next close would refuse.
        for expired in self._queue.shift():
            expired.dropped = TxResult("tx_too_late")
            expired.done.set()
        self._drop_invalid(header.closed_at, self._receipt_horizon(header), header.sequence + 1)
        self._refill_background()

    def _refill_background(self) -> None:
        ops = int(self.config.max_ops_per_ledger * self.config.background_share)
        self._queue.refill_background(ops, self.config.background_fee, MAX_OPS_PER_TX)

    def _apply(
        self, pending: Pending, sequence: int, close_time: datetime, order: int, base_fee: int
    ) -> TransactionRecord | None:
        frame = pending.frame
        assert frame is not None
        invalid = self._check_valid(frame, close_time, close_time, sequence)
        inner_invalid = invalid.inner if invalid is not None and invalid.inner is not None else invalid
        if inner_invalid is not None and inner_invalid.code != "tx_failed":
            self._drop(pending, invalid or inner_invalid)
            return None
        tx = frame.inner.transaction
        payer = queries.existing_account(frame.fee_source_id)
        fee = min(frame.bid, base_fee * frame.fee_ops, payer.balance)
        queries.debit(payer.account_id, fee)
        queries.set_sequence(frame.source_id, tx.sequence, sequence)
        if inner_invalid is not None:
            result = TxResult("tx_failed", fee, inner_invalid.operations)
        else:
            result = self._apply_operations(tx.operations, frame.source_id, sequence, fee)
        if frame.inner_hash is not None:
            result = result.wrapped(frame.inner_hash)
        record: TransactionRecord = TransactionRecord.create(
            hash=frame.hash,
            ledger=sequence,
            application_order=order,
            created_at=close_time,
            source_account=frame.source_id,
            source_account_sequence=tx.sequence,
            fee_account=frame.fee_source_id,
            fee_charged=fee,
            max_fee=frame.bid,
            operation_count=frame.op_count,
            successful=result.successful,
            envelope_xdr=frame.envelope_xdr,
            result_xdr=result.to_xdr(),
            result_codes=json.dumps(result.result_codes()),
            inner_hash=frame.inner_hash,
        )
        pending.record = record
        return record

    def _apply_operations(self, ops: list[Operation], tx_source: str, sequence: int, fee: int) -> TxResult:
        context = self.context(sequence)
        results: list[OpResult] = []
        with db.atomic() as savepoint:
            for op in ops:
                source = queries.existing_account(_source_id(op, tx_source))
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


def account_sequence_at(account: Account, ledger: int) -> int | None:
    """The account's sequence number as of `ledger`, None if it was created after it.

    An account starts at `creation ledger << 32`, and only transactions it is the source of (stored,
    failed ones too) move it; this ledger models no bump-sequence operation.
    """
    created = max(int(account.sequence) >> 32, 1)
    if created > ledger:
        return None
    if account.last_modified_ledger <= ledger:
        return int(account.sequence)
    used = (
        TransactionRecord.select(peewee.fn.MAX(TransactionRecord.source_account_sequence))
        .where((TransactionRecord.source_account == account.account_id) & (TransactionRecord.ledger <= ledger))
        .scalar()
    )
    return int(used) if used is not None else (int(account.sequence) >> 32) << 32


def _check_bounds(
    preconditions: Preconditions | None, last_close: datetime, horizon: datetime, ledger_seq: int
) -> str | None:
    """isTooEarly/isTooLate: ``min_time`` against the last close, ``max_time`` against ``horizon``."""
    if preconditions is None:
        return None
    bounds = preconditions.time_bounds
    if bounds is not None:
        if bounds.min_time and _epoch(last_close) < bounds.min_time:
            return "tx_too_early"
        if bounds.max_time and _epoch(horizon) > bounds.max_time:
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
