"""Reads of the sandbox ledger over HTTP that survive a transient connection error, as the worker does.

On a loaded machine the sandbox may reset a connection or not answer in time. The settlement
worker takes such an error for "nothing learnt, ask again" (LedgerUnavailable); a test reading
the sandbox does the same, a bounded number of times, instead of failing on it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

import requests
from stellar_sdk.exceptions import ConnectionError as SdkConnectionError

T = TypeVar("T")

# ConnectionError covers ConnectionResetError and ConnectionRefusedError; the SDK wraps requests' errors.
TRANSIENT_ERRORS: tuple[type[Exception], ...] = (
    ConnectionError,
    requests.ConnectionError,
    requests.Timeout,
    SdkConnectionError,
)
READ_ATTEMPTS = 5
PAUSE_SECONDS = 0.2


def read_retrying(read: Callable[[], T], attempts: int = READ_ATTEMPTS, pause: float = PAUSE_SECONDS) -> T:
    """`read()`, tried again after a transient connection error, at most `attempts` times in all."""
    for _ in range(attempts - 1):
        try:
            return read()
        except TRANSIENT_ERRORS:
            time.sleep(pause)
    return read()


def holds(predicate: Callable[[], bool]) -> bool:
    """`predicate()`, or False when a transient connection error kept it from being checked."""
    try:
        return predicate()
    except TRANSIENT_ERRORS:
        return False
