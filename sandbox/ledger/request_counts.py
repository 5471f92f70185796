"""How many Horizon requests the sandbox served, by endpoint: what a client spends of a rate limit.

Horizon counts every request against a client's budget (ratelimit.py); counting them here lets a
benchmark say how many calls settlement makes per closed ledger, refused ones included. The
sandbox's own admin endpoints are not Horizon's and are not counted. Stellar RPC's calls are
counted one per JSON-RPC call (a batch of n is n), as `/rpc <method>`.
"""

from __future__ import annotations

import threading
from collections import Counter

from flask import Flask, request

RPC_RULE = "/rpc"


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
            for endpoint in _endpoints():
                counter.count(endpoint)


def _endpoints() -> list[str]:
    """The request's route; for Stellar RPC, `/rpc <method>` per call, as providers meter calls."""
    rule = request.url_rule.rule if request.url_rule is not None else "unknown"
    if rule != RPC_RULE:
        return [rule]
    payload = request.get_json(silent=True)
    calls = payload if isinstance(payload, list) and payload else [payload]
    return [f"{RPC_RULE} {call.get('method')}" if isinstance(call, dict) else RPC_RULE for call in calls]
