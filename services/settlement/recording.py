"""Applying one envelope's outcome to every transfer it carries.

A Stellar transaction is atomic: it is applied whole or not at all. So success completes every
transfer in the envelope; a failed application (`tx_failed`) fails only the transfers whose own
operation failed for a payee reason, and puts the others back for a fresh envelope (nothing was
paid, and the failed transaction used its sequence number); blocked and pending outcomes before
application apply to the whole envelope, which stays open.
"""

from __future__ import annotations

import logging
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from services.settlement.ledger_api import LedgerUnavailable
from services.settlement.outages import Outages
from services.settlement.outcomes import PAYEE_REASON_CODES, PAYEE_REASONS, RETRYABLE_TX_CODES, Kind, Outcome
from services.settlement.settings import SettlementNetwork, SettlementSettings
from storage import cancellations, envelopes
from storage import settlement as store
from storage.database import database
from storage.models import SettlementAttempt, SettlementPayment
from telemetry.metrics import ENVELOPES_CLOSED, FEES_CHARGED

log = logging.getLogger(__name__)

DONE: float | None = None
Delays = dict[uuid.UUID, float | None]

# The distribution account cannot pay: one condition for the environment, probed by the worker (outages.py).
UNDERFUNDED = "op_underfunded"

# Process-wide counters, for logs and tests; the CLI status reads the durable view from storage.
COUNTERS: Counter[str] = Counter()


class Context(Protocol):
    """What recording needs of the worker (read at call time: tests swap the clock)."""

    settings: SettlementSettings
    clock: Callable[[], datetime]
    hook: Callable[[str], None]
    outages: Outages


@dataclass(frozen=True)
class Flight:
    """An open envelope, its network and its payments (operation order)."""

    attempt: SettlementAttempt
    network: SettlementNetwork
    payments: list[SettlementPayment]

    @property
    def transfer_ids(self) -> list[uuid.UUID]:
        """The transfers it pays."""
        return [payment.transfer_id for payment in self.payments]

    @property
    def highest_number(self) -> int:
        """The most envelopes any of its transfers has had."""
        return max((payment.number for payment in self.payments), default=1)


def backoff(settings: SettlementSettings, tries: int) -> float:
    """Seconds to wait after `tries` tries: base x 2^(tries-1), capped."""
    exponent = min(max(tries - 1, 0), 16)
    return float(min(settings.retry_max_seconds, settings.retry_base_seconds * 2**exponent))


def blocked(ctx: Context, transfer_ids: list[uuid.UUID], error: str) -> None:
    """Our own funding or signing holds these transfers up: tell the operator, keep retrying."""
    store.note_problems(transfer_ids, error, blocked=True, now=ctx.clock())
    COUNTERS["blocked"] += 1
    log.warning("%d transfer(s) blocked by our own setup, operator action needed: %s", len(transfer_ids), error)


def guard(ctx: Context, transfer_ids: list[uuid.UUID], step: Callable[[], Delays]) -> Delays:
    """Run one step for these transfers; a failure is noted on them, and they are due again after a backoff.

    The ledger out of reach is expected (retried soon); anything else is a bug to trace (retried late).
    """
    try:
        return step()
    except LedgerUnavailable as error:
        store.note_problems(transfer_ids, f"{store.LEDGER_UNAVAILABLE}: {error}"[:200], blocked=False, now=ctx.clock())
        COUNTERS["ledger_unavailable"] += 1
        return dict.fromkeys(transfer_ids, ctx.settings.retry_base_seconds)
    except Exception:
        log.exception("unexpected error settling %d transfer(s)", len(transfer_ids))
        COUNTERS["unexpected"] += 1
        return dict.fromkeys(transfer_ids, ctx.settings.retry_max_seconds)


def record(ctx: Context, flight: Flight, outcome: Outcome, proven_applied: bool) -> Delays:
    """Store what the ledger said about the envelope; return when each transfer is due again.

    `proven_applied`: the answer shows the envelope in a ledger (a lookup by hash, or a
    submission answered 200), so its sequence number is used.
    """
    ids = flight.transfer_ids
    attempt = flight.attempt
    now = ctx.clock()
    if outcome.kind is Kind.SUCCESS:
        with database.atomic():
            won = envelopes.close_envelope(
                attempt.id, "applied", outcome.result_code, outcome.ledger, now, outcome.fee_charged
            )
            if won:
                FEES_CHARGED.labels(flight.network.environment).inc(outcome.fee_charged or 0)
                ENVELOPES_CLOSED.labels(flight.network.environment, "applied").inc()
                envelopes.close_payments(attempt.id, "applied", "op_success", now)
                members = [(payment.transfer_id, payment.number) for payment in flight.payments]
                store.complete_transfers(members, attempt.tx_hash, outcome.ledger or 0, now)
            ctx.hook("during_result_store")
        if not won:  # another worker recorded it (and counted and logged its completions)
            return dict.fromkeys(ids, DONE)
        COUNTERS["completed"] += len(ids)
        for transfer_id in ids:
            log.info(
                "transfer completed",
                extra={
                    "transfer_id": str(transfer_id),
                    "ledger": outcome.ledger,
                    "tx_hash": attempt.tx_hash,
                    "result_codes": ["tx_success", "op_success"],
                },
            )
        return dict.fromkeys(ids, DONE)
    if outcome.kind is Kind.FAILED or (proven_applied and outcome.applied):
        return _applied_but_failed(ctx, flight, outcome, now)
    detail = f"{outcome.detail} (envelope {attempt.id} of {len(ids)} payment(s), attempt {flight.highest_number})"
    if outcome.kind is Kind.BLOCKED:
        blocked(ctx, ids, detail)
        if outcome.result_code == UNDERFUNDED:
            _short_of_funding(ctx, flight, ids)
        return dict.fromkeys(ids, backoff(ctx.settings, attempt.submissions + flight.highest_number))
    store.note_problems(ids, detail, False, now)
    COUNTERS["pending"] += 1
    return dict.fromkeys(ids, backoff(ctx.settings, attempt.submissions))


def _op_code(outcome: Outcome, payment: SettlementPayment) -> str:
    if payment.op_index < len(outcome.op_codes):
        return outcome.op_codes[payment.op_index]
    return outcome.result_code or "unknown"


def _applied_but_failed(ctx: Context, flight: Flight, outcome: Outcome, now: datetime) -> Delays:
    attempt = flight.attempt
    failed: list[uuid.UUID] = []
    failures: dict[uuid.UUID, tuple[str, str]] = {}
    again: dict[str, list[uuid.UUID]] = {}
    with database.atomic():
        won = envelopes.close_envelope(
            attempt.id, "failed", outcome.result_code, outcome.ledger, now, outcome.fee_charged
        )
        if won:
            FEES_CHARGED.labels(flight.network.environment).inc(outcome.fee_charged or 0)
            ENVELOPES_CLOSED.labels(flight.network.environment, "failed").inc()
            for payment in flight.payments:
                code = _op_code(outcome, payment)
                if code in PAYEE_REASON_CODES:
                    envelopes.close_payments(attempt.id, "failed", code, now, [payment.transfer_id])
                    reason = f"{PAYEE_REASONS[code]} (ledger result {code})"
                    store.fail_transfer(payment.transfer_id, PAYEE_REASON_CODES[code], reason, payment.number, now)
                    cancellations.refuse_pending([payment.transfer_id], now)
                    failed.append(payment.transfer_id)
                    failures[payment.transfer_id] = (code, reason)
                else:
                    again.setdefault(code, []).append(payment.transfer_id)
            for code, transfer_ids in again.items():
                # op_success: this payment was fine, another one sank the transaction.
                envelopes.close_payments(
                    attempt.id, "requeued" if code == "op_success" else "failed", code, now, transfer_ids
                )
        ctx.hook("during_result_store")
    if not won:
        return dict.fromkeys(flight.transfer_ids, ctx.settings.poll_seconds)  # another worker recorded it
    COUNTERS["failed"] += len(failed)
    delays: Delays = dict.fromkeys(failed, DONE)
    ours = {code for code in again if code != "op_success" and code not in RETRYABLE_TX_CODES}
    retry = [transfer_id for transfer_ids in again.values() for transfer_id in transfer_ids]
    for transfer_id, (code, reason) in failures.items():
        log.info(
            "transfer failed: %s",
            reason,
            extra={
                "transfer_id": str(transfer_id),
                "ledger": outcome.ledger,
                "tx_hash": attempt.tx_hash,
                "result_codes": ["tx_failed", code],
                "reason": reason,
            },
        )
    if not retry:
        return delays
    detail = f"{outcome.detail} in {attempt.tx_hash[:12]} (attempt {flight.highest_number}); paying again"
    if ours:
        blocked(ctx, retry, f"{', '.join(sorted(ours))}: {detail}")
        if UNDERFUNDED in ours:
            _short_of_funding(ctx, flight, retry)
        delays.update(dict.fromkeys(retry, backoff(ctx.settings, attempt.submissions + flight.highest_number)))
    else:
        store.note_problems(retry, f"not paid: {detail}", False, now)
        COUNTERS["requeued"] += len(retry)
        delays.update(dict.fromkeys(retry, 0.0))
    return delays


def _short_of_funding(ctx: Context, flight: Flight, transfer_ids: list[uuid.UUID]) -> None:
    ctx.outages.funding_short(flight.network.environment, store.amount_of(transfer_ids), ctx.clock())
