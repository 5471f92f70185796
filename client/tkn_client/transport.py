"""Sending a message to the gateway, and sending the same bytes again only when spec 7.3 says to."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import requests

API_KEY_HEADER = "NET-API-KEY"
# Spec 7.3: retry only transient errors, 500 and 503, and a 429 (over the rate); never 400, 401, 404 or 422.
RETRIED_STATUSES = frozenset({429, 500, 503})
MAX_DELAY_SECONDS = 60.0


@dataclass(frozen=True)
class Answer:
    """The gateway's HTTP answer."""

    status: int
    body: bytes
    attempts: int


class GaveUp(Exception):
    """Every attempt failed transiently; the last answer or error is in the message."""


@dataclass(frozen=True)
class Gateway:
    """Where the gateway is, the key to send, and how often to try a message."""

    base_url: str
    api_key: str
    network: str = "net"
    retries: int = 4
    timeout_seconds: float = 30.0

    def url(self, message: str) -> str:
        """The endpoint of `message` (`pacs008` or `pacs028`)."""
        return f"{self.base_url.rstrip('/')}/v1/{message}/{self.network}"


def retry_delay(attempt: int, retry_after: str | None) -> float:
    """How long to wait before attempt `attempt + 1`: the server's Retry-After, else 1, 2, 4 … s."""
    if retry_after is not None and retry_after.strip().isdigit():
        return min(float(retry_after), MAX_DELAY_SECONDS)
    return min(2.0 ** (attempt - 1), MAX_DELAY_SECONDS)


def send(
    gateway: Gateway,
    message: str,
    body: bytes,
    *,
    session: requests.Session,
    on_retry: Callable[[str, float, int], None],
    sleep: Callable[[float], None] = time.sleep,
) -> Answer:
    """POST `body` and return the answer; resend the same bytes on 429, 500, 503 or a lost connection.

    A pacs.008 sent again with the same MsgId and bytes creates at most one transfer (the gateway
    answers it with the original acceptance), so a retry cannot pay twice. `on_retry` is told why,
    how long the wait is, and which attempt comes next.
    """
    headers = {API_KEY_HEADER: gateway.api_key, "Content-Type": "application/xml"}
    attempts = max(gateway.retries, 0) + 1
    for attempt in range(1, attempts + 1):
        try:
            response = session.post(gateway.url(message), data=body, headers=headers, timeout=gateway.timeout_seconds)
        except (requests.ConnectionError, requests.Timeout) as error:
            # The message may or may not have arrived: only the same bytes may be sent again.
            why, retry_after = f"no answer ({type(error).__name__})", None
        else:
            if response.status_code not in RETRIED_STATUSES:
                return Answer(response.status_code, response.content, attempt)
            why, retry_after = f"HTTP {response.status_code}", response.headers.get("Retry-After")
        if attempt == attempts:
            raise GaveUp(f"{why} after {attempts} attempts")
        delay = retry_delay(attempt, retry_after)
        on_retry(why, delay, attempt + 1)
        sleep(delay)
    raise AssertionError("unreachable")
