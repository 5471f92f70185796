"""The deliverer: dispatch the outbox, claim due deliveries, send each signed, record every attempt.

At least once: a delivery is marked delivered only after its 2xx, in its own transaction, so a
deliverer killed between the send and the record leaves it claimed; the next pass of any live
worker finds the dead deliverer's liveness token released, takes its claims back (decision L5,
services/incarnations.py) and sends them again, with the same `webhook-id`. WEBHOOK_CLAIM_SECONDS
is only the backstop where liveness cannot be told (an in-memory store). Sends run on a
pool of threads, at most WEBHOOK_PER_ENDPOINT at once per endpoint, and each ends within
WEBHOOK_TIMEOUT_SECONDS, so a slow or dead receiver holds a few senders for a bounded time while
every other organization's events go on.
"""

from __future__ import annotations

import logging
import random
import ssl
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from datetime import UTC, datetime, timedelta

from services.incarnations import Incarnations
from services.reports import ReportWriter
from services.resolutions import ResolutionWriter
from services.webhooks.dispatch import dispatch_once
from services.webhooks.endpoints import signing_secrets
from services.webhooks.secret_box import SecretBox, SecretUnavailable
from services.webhooks.sender import SendResult, post
from services.webhooks.settings import WebhookSettings
from services.webhooks.signing import webhook_headers
from services.webhooks.targets import TargetRefused, resolve
from storage.database import database, unreachable
from storage.models import utc_now
from storage.webhook_deliveries import (
    DELIVERED,
    FAILED,
    PENDING,
    ClaimedDelivery,
    claim_due,
    prune_messages,
    record_attempt,
)
from storage.webhook_endpoints import note_failure, note_success, set_disabled

log = logging.getLogger("gateway.deliver")

EVENT_TYPE_HEADER = "TKN-Event-Type"
TRANSFER_ID_HEADER = "TKN-Transfer-ID"
PRUNE_EVERY_SECONDS = 3_600.0
GONE = 410
# Recording an attempt while the database restarts: up to about 18 s in all, well inside a claim.
RECORD_TRIES = 6
RECORD_PAUSE_SECONDS = 0.5
RECORD_PAUSE_MAX_SECONDS = 5.0

Clock = Callable[[], datetime]


def retry_delay(settings: WebhookSettings, attempts: int) -> float:
    """Seconds before the next try after `attempts` failed ones: base x 2^(attempts-1), capped, then jittered.

    The jitter takes the delay anywhere between half and all of it, so the deliveries that failed
    together (a receiver that was down) do not all come back in the same second.
    """
    exponent = min(max(attempts - 1, 0), 30)
    delay = min(settings.retry_max_seconds, settings.retry_base_seconds * 2**exponent)
    return float(delay / 2 + random.uniform(0, delay / 2))  # noqa: S311 - spreading load, not a secret


class Deliverer:
    """One delivery process: `run_once` does one dispatch and one round of sends; `run` loops until stopped."""

    def __init__(
        self,
        settings: WebhookSettings,
        worker_id: str,
        writer: ReportWriter | None = None,
        clock: Clock = utc_now,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.settings = settings
        # Claims are made under the current incarnation's ID, as the settlement worker's are.
        self.incarnations = Incarnations(worker_id, kind="webhook deliverer")
        self.worker_id = self.incarnations.name
        self.writer = writer or ReportWriter()
        self.resolutions = ResolutionWriter()
        self.clock = clock
        self.tls = tls
        self.box = SecretBox(settings.secret_keys)
        self._last_prune = 0.0

    def dispatch(self) -> int:
        """Empty the outbox into deliveries, batch by batch; return how many events."""
        total = 0
        while True:
            count = dispatch_once(self.writer, self.settings, self.clock(), self.resolutions)
            total += count
            if count < self.settings.dispatch_batch:
                return total

    def claim(self, limit: int, busy: Counter[int]) -> list[ClaimedDelivery]:
        """Take back what dead workers held, then claim up to `limit` due deliveries, `busy` counted in the cap."""
        now = self.clock()
        self.worker_id = self.incarnations.current(now)
        self.incarnations.take_back_from_dead()
        until = now + timedelta(seconds=self.settings.claim_seconds)
        return claim_due(self.worker_id, now, until, limit, self.settings.per_endpoint, busy)

    def run_once(self, max_rounds: int = 10_000) -> int:
        """Dispatch, then send in rounds until nothing is due; return how many sends were made."""
        sent = 0
        with ThreadPoolExecutor(max(1, self.settings.senders)) as pool:
            for _ in range(max_rounds):
                with database.connection_context():
                    self.dispatch()
                    claimed = self.claim(self.settings.senders, Counter())
                if not claimed:
                    break
                list(pool.map(self.deliver, claimed))
                sent += len(claimed)
        return sent

    def leave(self) -> None:
        """Stopped with nothing in flight: unregister; a failure here only leaves the row, for the next probe."""
        self.incarnations.stop()

    def deliver(self, delivery: ClaimedDelivery) -> SendResult:
        """Send one delivery, signed at this moment, and record the attempt."""
        moment = self.clock()
        result = self._send(delivery, moment)
        self._record_when_reachable(delivery, result)
        return result

    def _record_when_reachable(self, delivery: ClaimedDelivery, result: SendResult) -> None:
        """Record the attempt, trying again for a while when the database cannot be reached.

        The receiver already has the message: an attempt left unrecorded is sent again once its
        claim lapses (same webhook-id, so receivers dedupe, but noise all the same).
        """
        for attempt in range(RECORD_TRIES):
            try:
                with database.connection_context():
                    self._record(delivery, result)
                return
            except Exception as error:
                if not unreachable(error):
                    raise
                pause = min(RECORD_PAUSE_MAX_SECONDS, RECORD_PAUSE_SECONDS * 2**attempt)
                log.warning(
                    "database unreachable, recording webhook %s's attempt again in %.1f s: %s",
                    delivery.message_id, pause, type(error).__name__,
                )  # fmt: skip
                time.sleep(pause)
        log.warning(
            "webhook %s was sent but its attempt could not be recorded; it will be sent again (same webhook-id)",
            delivery.message_id,
        )

    def _send(self, delivery: ClaimedDelivery, moment: datetime) -> SendResult:
        try:
            secrets_in_use = [
                self.box.unseal(stored)
                for stored in signing_secrets(
                    delivery.secret, delivery.previous_secret, delivery.previous_secret_until, moment
                )
            ]
        except SecretUnavailable as error:
            return SendResult(None, 0, f"not signed: {error}")
        headers = {
            **webhook_headers(secrets_in_use, delivery.message_id, moment.replace(tzinfo=UTC), delivery.payload),
            "Content-Type": "application/xml",
            EVENT_TYPE_HEADER: delivery.event_type,
            TRANSFER_ID_HEADER: str(delivery.transfer_id),
        }
        try:
            target = resolve(delivery.url, delivery.production)
        except TargetRefused as refused:
            return SendResult(None, 0, f"refused: {refused}")
        return post(target, delivery.payload, headers, self.settings.timeout_seconds, self.tls)

    def _record(self, delivery: ClaimedDelivery, result: SendResult) -> None:
        at = self.clock()
        attempts = delivery.attempts + 1
        if result.delivered:
            state, next_at = DELIVERED, at
        elif at >= delivery.give_up_at and result.status != GONE:
            state, next_at = FAILED, at
        else:
            state, next_at = PENDING, at + timedelta(seconds=retry_delay(self.settings, attempts))
        disabled = False
        with database.atomic():
            record_attempt(
                delivery.id, delivery.claimed_by, at, result.status, result.latency_ms, result.error, state, next_at
            )
            if result.delivered:
                if delivery.failing:
                    note_success(delivery.endpoint_id)
            elif result.status == GONE:
                disabled = set_disabled(delivery.endpoint_id, at, "the receiver answered 410 Gone")
            else:
                window = timedelta(seconds=self.settings.retry_window_seconds)
                disabled = note_failure(delivery.endpoint_id, at, at - window)
        fields = {
            "webhook_id": delivery.message_id,
            "endpoint_id": delivery.endpoint_id,
            "event_type": delivery.event_type,
            "transfer_id": str(delivery.transfer_id),
            "status": result.status,
            "latency_ms": result.latency_ms,
            "attempt": attempts,
        }
        if result.delivered:
            log.debug("webhook delivered", extra=fields)
        elif state == FAILED:
            log.warning("webhook delivery gave up after its retry window: %s", result.error, extra=fields)
        else:
            log.info("webhook delivery failed, retrying: %s", result.error, extra=fields)
        if disabled:
            log.warning(
                "webhook endpoint %d disabled: %s",
                delivery.endpoint_id,
                "the receiver answered 410 Gone" if result.status == GONE else "it failed for the whole retry window",
                extra={"endpoint_id": delivery.endpoint_id},
            )

    def prune(self) -> int:
        """Delete messages past WEBHOOK_RETENTION_DAYS, with their deliveries and attempts."""
        before = self.clock() - timedelta(days=self.settings.retention_days)
        return prune_messages(before)

    def run(self, stop: threading.Event) -> None:
        """Dispatch, claim and send until `stop` is set; then finish the sends in flight and let go of nothing else."""
        inflight: dict[Future[SendResult], ClaimedDelivery] = {}
        failures = 0
        with ThreadPoolExecutor(max(1, self.settings.senders), thread_name_prefix="webhook-send") as pool:
            while not stop.is_set():
                busy = Counter(d.endpoint_id for d in inflight.values())
                claimed: list[ClaimedDelivery] = []
                try:
                    with database.connection_context():
                        self.dispatch()
                        free = self.settings.senders - len(inflight)
                        if free > 0:
                            claimed = self.claim(free, busy)
                        self._maybe_prune()
                    failures = 0
                except Exception as error:  # keep delivering once the database is back
                    failures += 1
                    if unreachable(error):
                        log.warning("database unreachable, delivery paused: %s", error)
                    else:
                        log.exception("delivery pass failed")
                    stop.wait(min(10.0, self.settings.poll_seconds * 2**failures))
                    continue
                for delivery in claimed:
                    inflight[pool.submit(self.deliver, delivery)] = delivery
                if inflight:
                    timeout = 0 if claimed and len(inflight) < self.settings.senders else self.settings.poll_seconds
                    done, _ = wait(inflight, timeout=timeout, return_when=FIRST_COMPLETED)
                    for future in done:
                        inflight.pop(future)
                        failure = future.exception()
                        if failure is not None and unreachable(failure):
                            log.warning("database unreachable, a webhook attempt is left to retry: %s", failure)
                        elif failure is not None:
                            log.error("webhook send failed unexpectedly", exc_info=failure)
                elif not claimed:
                    stop.wait(self.settings.poll_seconds)
            wait(inflight)
        self.leave()

    def _maybe_prune(self) -> None:
        if time.monotonic() - self._last_prune >= PRUNE_EVERY_SECONDS:
            self._last_prune = time.monotonic()
            pruned = self.prune()
            if pruned:
                log.info("pruned %d webhook messages past retention", pruned)
