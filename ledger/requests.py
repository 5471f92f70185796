"""How many Horizon requests the sandbox served, by endpoint: what a client spends of a rate limit.

Horizon counts every request against a client's budget (ratelimit.py); counting them here lets a
benchmark say how many calls settlement makes per closed ledger, refused ones included. The
sandbox's own admin endpoints are not Horizon's and are not counted.
"""

from __future__ import annotations

import threading
from collections import Counter

from flask import Flask, request


class RequestCounter:
    """Thread-safe counts of served Horizon requests, by endpoint."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()

    def count(self, endpoint: str) -> None:
        """One more request to `endpoint`."""
        with self._lock:
            self._counts[endpoint] += 1

    def snapshot(self) -> dict[str, int]:
        """Every endpoint's count so far."""
        with self._lock:
            return dict(self._counts)


def init_request_counter(app: Flask, counter: RequestCounter) -> None:
    """Count every request to a Horizon endpoint, before anything (a rate limit, say) refuses it."""

    @app.before_request
    def count() -> None:
        if not request.path.startswith("/_sandbox"):
            counter.count(request.url_rule.rule if request.url_rule is not None else "unknown")
