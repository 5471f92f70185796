"""Per-organization request rates: each organization's requests to each endpoint, paced across every process.

The pace is kept in the store (storage/rate_limits.py), one row per (organization, endpoint), so
two API processes, or twenty, hold an organization to one rate between them. An organization may
send a second's worth of requests at once after a quiet spell, then the rate (docs/api.md,
"Rate limits"; docs/decisions.md I1-I4).

A busy process does not ask the store for every request: it takes a lease of several slots in one
statement, at most LEASE_SECONDS of the rate and at most MAX_LEASE slots, sized by what its last lease
used, and spends them locally until they run out or the lease ends. Slots a lease does not use are
lost, so a lease grows only while its process uses it whole.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from storage import rate_limits as rate_store

MICROSECONDS = 1_000_000
LEASE_SECONDS = 0.05  # how long a lease's slots may be spent: the most a process runs ahead of the store
MAX_LEASE = 100  # slots in one lease at most


@dataclass
class _Lease:
    """Slots a process took from the store for one (organization, endpoint) and may spend until `ends`."""

    left: int = 0
    size: int = 0
    ends: int = 0  # microseconds, the request clock's


class RateEndpoint(StrEnum):
    """The endpoints that are paced, as they are named in settings, overrides and the store."""

    PACS008 = "pacs008"
    PACS028 = "pacs028"
    BATCH_STATUS = "batch-status"
    CAMT056 = "camt056"


_TITLES = {
    RateEndpoint.PACS008: "pacs.008",
    RateEndpoint.PACS028: "pacs.028",
    RateEndpoint.BATCH_STATUS: "batch status",
    RateEndpoint.CAMT056: "camt.056",
}


class RateLimited(Exception):
    """The organization sent more requests to the endpoint than its rate allows; nothing was read or written."""

    def __init__(self, endpoint: RateEndpoint, per_second: float, retry_after_seconds: int) -> None:
        super().__init__(f"{endpoint}: over {per_second:g} a second, retry after {retry_after_seconds} s")
        self.endpoint = endpoint
        self.per_second = per_second
        self.retry_after_seconds = retry_after_seconds

    @property
    def text(self) -> str:
        """What the refusal tells the caller: the rate, when to send again, and that nothing was recorded."""
        unit = "second" if self.retry_after_seconds == 1 else "seconds"
        return (
            f"Rate limit: your organization may send {self.per_second:g} {_TITLES[self.endpoint]} requests a second. "
            f"Send the same message again in {self.retry_after_seconds} {unit}; "
            "this one was not read and nothing was recorded."
        )


@dataclass
class RateLimiter:
    """Admits or refuses each request by its organization's rate; 0 means no limit.

    An organization's overrides (`orgs set-rate-limit`) are read from the store at most once per
    `override_seconds` per process, so the one statement a request costs is the pacing itself.
    """

    defaults: Mapping[RateEndpoint, float]
    override_seconds: float = 10.0
    max_entries: int = 10_000
    _overrides: dict[int, tuple[float, dict[str, float]]] = field(default_factory=dict)
    _leases: dict[tuple[int, RateEndpoint], _Lease] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def rate(self, organization_id: int, endpoint: RateEndpoint) -> float:
        """Requests a second the organization may send to `endpoint`: its override, else the default."""
        moment = time.monotonic()
        cached = self._overrides.get(organization_id)
        if cached is None or cached[0] <= moment:
            if len(self._overrides) >= self.max_entries:
                self._overrides.clear()
            cached = (moment + self.override_seconds, rate_store.organization_rates(organization_id))
            self._overrides[organization_id] = cached
        return cached[1].get(endpoint.value, self.defaults.get(endpoint, 0.0))

    def admit(self, organization_id: int, endpoint: RateEndpoint, now: datetime) -> None:
        """Let the request through, or raise RateLimited saying when the organization may send again."""
        per_second = self.rate(organization_id, endpoint)
        if per_second <= 0:
            return
        interval = max(1, math.ceil(MICROSECONDS / per_second))
        tolerance = (max(1, math.floor(per_second)) - 1) * interval  # a second's worth at once
        at = int(now.timestamp() * MICROSECONDS)
        if self._spend_lease(organization_id, endpoint, per_second, at, interval, tolerance):
            return
        # A refused request is at most one interval early: at a rate of one a second or more, the
        # answer is "1 second" without asking the store when exactly.
        wait = interval
        if interval > MICROSECONDS:
            due = rate_store.next_due(organization_id, endpoint.value) or at
            wait = max(0, due - tolerance - at)
        raise RateLimited(endpoint, per_second, max(1, math.ceil(wait / MICROSECONDS)))

    def _spend_lease(
        self, organization_id: int, endpoint: RateEndpoint, per_second: float, at: int, interval: int, tolerance: int
    ) -> bool:
        """Spend a slot of this process's lease, taking a new lease from the store when it is spent or over."""
        largest = max(1, min(MAX_LEASE, math.floor(per_second * LEASE_SECONDS)))
        with self._lock:
            key = (organization_id, endpoint)
            lease = self._leases.get(key)
            if lease is not None and lease.left > 0 and at < lease.ends:
                lease.left -= 1
                return True
            if lease is None:
                if len(self._leases) >= self.max_entries:
                    self._leases.clear()
                lease = self._leases[key] = _Lease()
            used = lease.size - lease.left
            # Grow while a lease is spent whole; after one that ran out of time, take what it used.
            size = min(largest, lease.size * 2 if lease.left == 0 and lease.size else max(1, used))
            for wanted in dict.fromkeys((size, 1)):  # a lease the schedule cannot hold whole: one slot
                if rate_store.take_slot(
                    organization_id, endpoint.value, at, wanted * interval, tolerance - (wanted - 1) * interval
                ):
                    lease.left, lease.size, lease.ends = wanted - 1, wanted, at + round(LEASE_SECONDS * MICROSECONDS)
                    return True
            lease.left, lease.size = 0, 1
            return False


def set_rate_limit(organization_id: int, endpoint: RateEndpoint, per_second: float | None) -> None:
    """Give the organization its own rate for `endpoint` (0: none), or with None the configured default again."""
    if per_second is not None and (per_second < 0 or not math.isfinite(per_second)):
        raise ValueError(f"a rate is a number of requests a second, 0 or more, not {per_second}")
    rate_store.set_organization_rate(organization_id, endpoint.value, per_second)
