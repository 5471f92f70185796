"""Horizon's per-client rate limit: a budget per hour with a burst, and its X-RateLimit-* headers.

Horizon limits each client address to PER_HOUR_RATE_LIMIT requests an hour (3,600 by default),
on every endpoint, and answers 429 once the budget is spent.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask, Response, g, request

MAX_TRACKED_CLIENTS = 10_000
PROBLEM_DETAIL = (
    "The rate limit for the requesting IP address is over its allotted limit. The allowed limit and "
    "requests left per time period are communicated to clients via the http response headers "
    "'X-RateLimit-*'."
)


@dataclass(frozen=True)
class Decision:
    """One request's place in its client's budget."""

    allowed: bool
    limit: int
    remaining: int
    reset_seconds: int
    retry_after: int

    def headers(self) -> dict[str, str]:
        """The X-RateLimit-* headers (and Retry-After when refused)."""
        headers = {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.remaining),
            "X-RateLimit-Reset": str(self.reset_seconds),
        }
        if not self.allowed:
            headers["Retry-After"] = str(self.retry_after)
        return headers


class RateLimiter:
    """GCRA per client, as Horizon's rate limiter (throttled) runs it; thread-safe.

    Each request pushes the client's theoretical arrival time one emission interval
    (3600 / per_hour seconds) further; a request is refused while that time would run more
    than ``burst`` intervals ahead of now.
    """

    def __init__(self, per_hour: int, burst: int, clock: Callable[[], float] | None = None) -> None:
        self.interval = 3600.0 / per_hour
        self.burst = max(1, burst)
        self._clock = clock or time.monotonic
        self._lock = threading.Lock()
        self._arrival: dict[str, float] = {}

    def take(self, client: str) -> Decision:
        """Spend one request of ``client``'s budget, if any is left."""
        now = self._clock()
        allowance = self.burst * self.interval
        with self._lock:
            if len(self._arrival) > MAX_TRACKED_CLIENTS:
                # A client whose arrival time has passed has its whole budget back: forget it.
                self._arrival = {key: at for key, at in self._arrival.items() if at > now}
            arrival = max(self._arrival.get(client, now), now) + self.interval
            allowed = arrival - now <= allowance
            if allowed:
                self._arrival[client] = arrival
            stored = self._arrival.get(client, now)
        ahead = max(stored - now, 0.0)
        return Decision(
            allowed=allowed,
            limit=self.burst,
            remaining=int((allowance - ahead) // self.interval),
            reset_seconds=math.ceil(ahead),
            retry_after=0 if allowed else math.ceil(arrival - now - allowance),
        )


def init_rate_limit(app: Flask, limiter: RateLimiter, refuse: Callable[[], Response]) -> None:
    """Apply ``limiter`` to every Horizon endpoint (not the sandbox's admin endpoints)."""

    @app.before_request
    def spend() -> Response | None:
        if request.path.startswith("/_sandbox"):
            return None
        decision = limiter.take(request.remote_addr or "")
        g.rate_limit = decision
        if decision.allowed:
            return None
        return refuse()

    @app.after_request
    def headers(response: Response) -> Response:
        decision: Decision | None = g.get("rate_limit")
        if decision is not None:
            response.headers.update(decision.headers())
        return response
