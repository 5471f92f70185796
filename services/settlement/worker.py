"""The settlement engine: claim due transfers, pay each exactly once, record what happened.

Exactly-once rests on the attempt record, not on the worker's claim: a transfer has at most one
unresolved envelope, only that envelope is ever (re)submitted, and it is closed only when the
ledger shows it applied, or when its bound has passed and the channel's sequence number is unused.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections import Counter
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta

from services.settlement.conversion import usd_to_tkn
from services.settlement.envelopes import Bounds, PaymentOrder, bound_passed, bounds_from, build_payment, fee_for
from services.settlement.ledger_client import LedgerUnavailable
from services.settlement.networks import SettlementNetwork, SettlementSettings
from services.settlement.outcomes import Kind, Outcome, classify_found, classify_reply
from storage import settlement as store
from storage.database import database
from storage.models import SettlementAttempt, Transfer, utc_now

log = logging.getLogger(__name__)

Hook = Callable[[str], None]
Clock = Callable[[], datetime]
DONE: float | None = None

# Process-wide counters, for logs and tests; the CLI status reads the durable view from storage.
COUNTERS: Counter[str] = Counter()


def _no_hook(_: str) -> None:
    return None


class Settler:
    """One worker: `run_once` settles what is due; `run` loops until stopped."""

    def __init__(
        self,
        settings: SettlementSettings,
        networks: Mapping[str, SettlementNetwork],
        problems: Mapping[str, str] | None = None,
        worker_id: str | None = None,
        clock: Clock = utc_now,
        hook: Hook = _no_hook,
    ) -> None:
        self.settings = settings
        self.networks = dict(networks)
        self.problems = dict(problems or {})
        self.worker_id = worker_id or f"worker-{uuid.uuid4().hex[:12]}"
        self.clock = clock
        self.hook = hook
        self._registered = False

    def _register_channels(self) -> None:
        if self._registered:
            return
        with database.connection_context():
            for network in self.networks.values():
                store.ensure_channels(network.environment, network.channel_ids)
        self._registered = True

    def run_once(self) -> int:
        """Claim one batch of due transfers and take each one step; return how many were claimed."""
        self._register_channels()
        now = self.clock()
        with database.connection_context():
            claimed = store.claim_due_transfers(
                self.worker_id, now, now + timedelta(seconds=self.settings.claim_seconds), self.settings.batch_size
            )
            for transfer_id in claimed:
                self._step_and_release(transfer_id)
        return len(claimed)

    def run(self, stop: threading.Event, wait: Callable[[float], object] | None = None) -> None:
        """Loop until `stop` is set, finishing the current transfer first (graceful SIGTERM).

        `wait(seconds)` sleeps between idle passes and may return early (Postgres NOTIFY).
        """
        sleep = wait or stop.wait
        while not stop.is_set():
            try:
                busy = self.run_once()
            except Exception:
                log.exception("settlement pass failed; retrying after the poll interval")
                busy = 0
            if not busy and not stop.is_set():
                sleep(self.settings.poll_seconds)

    def _step_and_release(self, transfer_id: uuid.UUID) -> None:
        try:
            delay = self.step(transfer_id)
        except LedgerUnavailable as error:
            store.note_problem(transfer_id, f"ledger unavailable: {error}"[:200], blocked=False, now=self.clock())
            COUNTERS["ledger_unavailable"] += 1
            delay = self.settings.retry_base_seconds
        except Exception:
            log.exception("unexpected error settling transfer %s", transfer_id)
            COUNTERS["unexpected"] += 1
            delay = self.settings.retry_max_seconds
        next_at = None if delay is None else self.clock() + timedelta(seconds=delay)
        store.release_claim(transfer_id, self.worker_id, next_at)

    def step(self, transfer_id: uuid.UUID) -> float | None:
        """Move one claimed transfer as far as it can go now; return seconds until it is due again."""
        transfer = store.get_transfer(transfer_id)
        network = self.networks.get(transfer.environment)
        if network is None:
            problem = self.problems.get(transfer.environment, "no settlement network configured")
            self._blocked(transfer, f"{transfer.environment} settlement unavailable: {problem}")
            return self.settings.retry_max_seconds
        if transfer.state == store.CREATED:
            amount = usd_to_tkn(transfer.amount_usd, self.settings.usd_to_tkn_rate)
            if amount <= 0:
                store.fail_transfer(transfer.id, "AM09", "converted amount rounds to zero TKN", 0, self.clock())
                return DONE
            store.start_processing(transfer.id, amount, self.clock())
            transfer = store.get_transfer(transfer_id)
        if transfer.state != store.PROCESSING:
            return DONE
        attempt = store.unresolved_attempt(transfer.id)
        if attempt is None:
            return self._send_new(transfer, network)
        return self._follow(transfer, attempt, network)

    def _send_new(self, transfer: Transfer, network: SettlementNetwork) -> float | None:
        now = self.clock()
        if transfer.blocked_since is not None and now - transfer.blocked_since > timedelta(
            seconds=self.settings.blocked_deadline_seconds
        ):
            reason = f"blocked past the deadline: {transfer.last_error or 'our own funding or signing'}"
            store.fail_transfer(transfer.id, self.settings.blocked_error_code, reason, transfer.attempt_count, now)
            COUNTERS["failed_after_blocked"] += 1
            log.error("transfer %s failed after being blocked too long: %s", transfer.id, transfer.last_error)
            return DONE
        channel_id = store.lease_channel(network.environment, network.channel_ids, transfer.id, now)
        if channel_id is None:
            return self.settings.poll_seconds
        channel = next(c for c in network.channels if c.public_key == channel_id)
        sequence = network.client.account_sequence(channel_id)
        if sequence is None:
            store.release_channel(transfer.id)
            self._blocked(transfer, f"channel account {channel_id} does not exist")
            return self.settings.retry_max_seconds
        tip = network.client.latest_ledger()
        signed = build_payment(
            PaymentOrder(transfer.destination_account, transfer.amount_tkn, transfer.memo),
            network.asset,
            channel,
            sequence,
            network.distribution,
            network.network_passphrase,
            fee_for(transfer.attempt_count + 1, self.settings.base_fee, self.settings.max_fee),
            bounds_from(tip, self.settings.ledger_bound, self.settings.time_bound_seconds),
        )
        attempt = store.store_attempt(
            transfer.id,
            self.worker_id,
            store.NewAttempt(
                channel_account=channel_id,
                sequence=signed.sequence,
                fee=signed.fee,
                max_ledger=signed.bounds.max_ledger,
                max_time=signed.bounds.max_time,
                tx_hash=signed.tx_hash,
                envelope_xdr=signed.envelope_xdr,
            ),
            self.clock(),
        )
        if attempt is None:
            return self.settings.poll_seconds  # lost the claim, or another worker stored one first
        self.hook("after_sign")
        return self._submit(transfer, attempt, network)

    def _submit(self, transfer: Transfer, attempt: SettlementAttempt, network: SettlementNetwork) -> float | None:
        reply = network.client.submit(attempt.envelope_xdr)
        self.hook("after_submit")
        store.mark_submitted(attempt.id, self.clock())
        return self._record(transfer, attempt, classify_reply(reply), from_lookup=False)

    def _follow(self, transfer: Transfer, attempt: SettlementAttempt, network: SettlementNetwork) -> float | None:
        found = network.client.find_transaction(attempt.tx_hash)
        if found is not None:
            return self._record(transfer, attempt, classify_found(found), from_lookup=True)
        tip = network.client.latest_ledger()
        bounds = Bounds(attempt.max_ledger, attempt.max_time)
        if not bound_passed(bounds, tip, self.settings.bound_margin_ledgers):
            return self._submit(transfer, attempt, network)  # within the bound: the same envelope only
        channel_sequence = network.client.account_sequence(attempt.channel_account)
        if channel_sequence is not None and channel_sequence >= attempt.sequence:
            # The sequence number is used, yet the hash is unknown: a lagging Horizon. Wait for it.
            problem = f"{attempt.tx_hash} used its sequence number but is not found yet"
            store.note_problem(transfer.id, problem, False, self.clock())
            COUNTERS["lagging_lookup"] += 1
            return self._backoff(attempt.submissions)
        store.resolve_attempt(transfer.id, attempt.id, "expired", "bound passed unapplied", None, self.clock())
        COUNTERS["rebuilt"] += 1
        return self._send_new(store.get_transfer(transfer.id), network)

    def _record(
        self, transfer: Transfer, attempt: SettlementAttempt, outcome: Outcome, from_lookup: bool
    ) -> float | None:
        now = self.clock()
        if outcome.kind is Kind.SUCCESS:
            with database.atomic():
                store.resolve_attempt(transfer.id, attempt.id, "applied", outcome.result_code, outcome.ledger, now)
                store.complete_transfer(transfer.id, attempt.number, attempt.tx_hash, outcome.ledger or 0, now)
                self.hook("during_result_store")
            COUNTERS["completed"] += 1
            log.info("transfer %s completed in ledger %s (%s)", transfer.id, outcome.ledger, attempt.tx_hash)
            return DONE
        if outcome.kind is Kind.FAILED:
            reason_code = outcome.reason_code or "AC01"
            with database.atomic():
                store.resolve_attempt(transfer.id, attempt.id, "failed", outcome.result_code, outcome.ledger, now)
                store.fail_transfer(transfer.id, reason_code, f"ledger: {outcome.detail}", attempt.number, now)
                self.hook("during_result_store")
            COUNTERS["failed"] += 1
            log.info("transfer %s failed: %s -> %s", transfer.id, outcome.detail, reason_code)
            return DONE
        if from_lookup and outcome.applied:
            # Applied and failed on our side: its sequence number is used, and nothing was paid.
            store.resolve_attempt(transfer.id, attempt.id, "failed", outcome.result_code, outcome.ledger, now)
        if outcome.kind is Kind.BLOCKED:
            self._blocked(transfer, f"{outcome.detail} (attempt {attempt.number})")
            return self._backoff(attempt.submissions + attempt.number)
        store.note_problem(transfer.id, f"{outcome.detail} (attempt {attempt.number})", False, now)
        COUNTERS["pending"] += 1
        return self._backoff(attempt.submissions)

    def _blocked(self, transfer: Transfer, error: str) -> None:
        store.note_problem(transfer.id, error, blocked=True, now=self.clock())
        COUNTERS["blocked"] += 1
        log.warning("transfer %s blocked by our own setup, operator action needed: %s", transfer.id, error)

    def _backoff(self, tries: int) -> float:
        exponent = min(max(tries - 1, 0), 16)
        return float(min(self.settings.retry_max_seconds, self.settings.retry_base_seconds * 2**exponent))
