"""Keeping settlement within Horizon's rate limit: honour Retry-After and X-RateLimit-*, and spread requests.

Horizon limits each client address (3,600 requests an hour by default) on every endpoint and says
where a client stands in every answer. ``RatePacer`` reads those headers: after a 429 it holds
every request until ``Retry-After`` (or ``X-RateLimit-Reset``) has passed, and once the budget
runs low it spaces requests at the rate the budget comes back, instead of spending it and being
refused. ``PacedRequestsClient`` puts it under stellar-sdk, so reads and submissions alike go
through it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from stellar_sdk.client.requests_client import RequestsClient
from stellar_sdk.client.response import Response

# Below this share of the budget left, requests are spaced rather than spent at once.
LOW_WATER = 0.1


def _header(headers: Mapping[str, Any], name: str) -> float | None:
    for key, value in headers.items():
        if key.lower() == name.lower():
            try:
                return float(value)
            except (TypeError, ValueError):
                return None
    return None


class RatePacer:
    """When the next request may go, from the rate-limit headers of the answers so far; thread-safe."""

    def __init__(
        self,
        max_wait_seconds: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], object] = time.sleep,
    ) -> None:
        self.max_wait_seconds = max_wait_seconds
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._resume_at = 0.0
        self._gap = 0.0
        self._last = 0.0
        self.refused = 0  # 429 answers seen

    def observe(self, status: int, headers: Mapping[str, Any]) -> None:
        """Learn from one answer's status and headers.

        The spacing counts from the answer, not only from the send: the server counted the
        request somewhere in between, and a request held up on its way (a loaded machine) would
        otherwise make the next one, sent on time, reach the server early and be refused.
        """
        now = self._clock()
        retry_after = _header(headers, "Retry-After")
        reset = _header(headers, "X-RateLimit-Reset")
        limit = _header(headers, "X-RateLimit-Limit")
        remaining = _header(headers, "X-RateLimit-Remaining")
        with self._lock:
            self._last = max(self._last, now)
            if status == 429:
                self.refused += 1
                # Without either header the answer says nothing of when: settlement's own backoff applies.
                wait = retry_after if retry_after is not None else reset
                if wait is not None:
                    self._resume_at = max(self._resume_at, now + wait)
            if limit and remaining is not None and reset is not None:
                spent = max(limit - remaining, 1.0)
                # The budget comes back at reset/spent seconds a request; spend no faster once it runs low.
                self._gap = reset / spent if remaining <= limit * LOW_WATER else 0.0

    def wait_seconds(self) -> float:
        """How long the next request should wait, capped at ``max_wait_seconds``."""
        now = self._clock()
        with self._lock:
            ready = max(self._resume_at, self._last + self._gap)
        return min(max(ready - now, 0.0), self.max_wait_seconds)

    def before_request(self) -> None:
        """Wait until the next request may go, and count it as sent."""
        wait = self.wait_seconds()
        if wait > 0:
            self._sleep(wait)
        with self._lock:
            self._last = self._clock()


class PacedRequestsClient(RequestsClient):
    """stellar-sdk's HTTP client, paced by a shared ``RatePacer``."""

    def __init__(self, pacer: RatePacer, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pacer = pacer

    def get(self, url: str, params: dict[str, str] | None = None, max_content_size: int | None = None) -> Response:
        """GET, after waiting for the pacer; the answer's headers teach it."""
        self.pacer.before_request()
        response = super().get(url, params, max_content_size)
        self.pacer.observe(response.status_code, response.headers)
        return response

    def post(self, url: str, data: dict[str, str] | None = None, json_data: dict[str, Any] | None = None) -> Response:
        """POST, after waiting for the pacer; the answer's headers teach it."""
        self.pacer.before_request()
        response = super().post(url, data, json_data)
        self.pacer.observe(response.status_code, response.headers)
        return response
