"""Fault switches that make the ledger misbehave the way a real Horizon sometimes does."""

from __future__ import annotations

import threading
import time
from collections import deque
from enum import Enum
from typing import Any


class FaultKind(Enum):
    """A way a submission can go wrong."""

    # Answer 504, but the transaction is queued and applied in a later ledger.
    TIMEOUT_THEN_APPLY = "timeout_then_apply"
    # Answer 504 and drop the transaction: it is never applied.
    TIMEOUT_NO_APPLY = "timeout_no_apply"
    RATE_LIMITED = "rate_limited"
    UNAVAILABLE = "unavailable"
    # Reset the TCP connection before the transaction reaches the queue.
    CONNECTION_RESET = "connection_reset"
    # Queue the transaction, then reset the connection: the client cannot know it was sent.
    CONNECTION_RESET_THEN_APPLY = "connection_reset_then_apply"
    # Refuse the envelope unqueued with TRY_AGAIN_LATER, as a core too loaded to take it does.
    TRY_AGAIN_LATER = "try_again_later"


class FaultError(ValueError):
    """An admin request asked for a fault this ledger does not know."""


class FaultSwitches:
    """Thread-safe store of armed faults: submission faults are consumed in the order armed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._submission: deque[list[Any]] = deque()
        self._lag_seconds = 0.0

    def arm(self, payload: dict[str, Any]) -> None:
        """Arm a fault from an admin payload (see docs/ledger.md for the shapes)."""
        name = payload.get("fault")
        if name == "lagging_lookup":
            seconds = float(payload.get("seconds", 0))
            if seconds < 0:
                raise FaultError("seconds must not be negative")
            with self._lock:
                self._lag_seconds = seconds
            return
        try:
            kind = FaultKind(name)
        except ValueError as exc:
            raise FaultError(f"unknown fault {name!r}") from exc
        count = int(payload.get("count", 1))
        if count < 1:
            raise FaultError("count must be at least 1")
        with self._lock:
            self._submission.append([kind, count])

    def clear(self) -> None:
        """Disarm every fault."""
        with self._lock:
            self._submission.clear()
            self._lag_seconds = 0.0

    def take_submission_fault(self) -> FaultKind | None:
        """Consume one use of the oldest armed submission fault, if any."""
        with self._lock:
            if not self._submission:
                return None
            entry = self._submission[0]
            entry[1] -= 1
            if entry[1] <= 0:
                self._submission.popleft()
            kind: FaultKind = entry[0]
            return kind

    def hides(self, applied_at_epoch: float) -> bool:
        """Whether a lagging Horizon would not yet show a transaction applied at that time."""
        with self._lock:
            lag = self._lag_seconds
        return lag > 0 and time.time() < applied_at_epoch + lag

    @property
    def lag_seconds(self) -> float:
        """How long after a close the lagging-lookup fault hides what the ledger applied (0: not armed)."""
        with self._lock:
            return self._lag_seconds

    def snapshot(self) -> dict[str, Any]:
        """Return the armed faults, for the admin endpoint."""
        with self._lock:
            return {
                "submission": [{"fault": kind.value, "remaining": remaining} for kind, remaining in self._submission],
                "lagging_lookup_seconds": self._lag_seconds,
            }
