"""The fault suite's load: pacs.008 at a steady rate, each paying a different amount, resent as a bank would.

Every transfer pays its own amount (1.00 USD plus one cent per sequence number), so the ledger
alone tells how often each was paid. A request that gets no answer, a 500 or a 503 is resent with
the same body (same MsgId: the gateway answers a resend with the original transfer) until it gets
another answer or the load's retry budget is spent, as the spec's client guidance says (7.3).
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

import requests

from harness.client import TRANSFER_ID, pacs008_body

RETRIED_STATUSES = frozenset({0, 500, 502, 503, 504})


def amount_of(sequence: int) -> Decimal:
    """The USD amount transfer number `sequence` pays: unique per transfer within a run."""
    return Decimal(100 + sequence) / 100


@dataclass
class LoadResult:
    """What the load saw: the transfers the gateway accepted and every answer's status."""

    accepted: dict[str, Decimal] = field(default_factory=dict)  # transfer ID -> amount
    statuses: Counter[int] = field(default_factory=Counter)  # final answer per message (0: none)
    resends: int = 0
    sent: int = 0

    def describe(self) -> str:
        """'N pacs.008, A accepted' plus the other final statuses."""
        counts = sorted(self.statuses.items())
        others = ", ".join(f"{n}x{status or 'no answer'}" for status, n in counts if status != 201)
        return f"{self.sent} pacs.008, {len(self.accepted)} accepted" + (f" ({others})" if others else "")


class Load:
    """`rate` pacs.008 per second for `seconds`, from `threads` threads, against `base_url`.

    Numbered from `start` (so two loads of one run pay different amounts); each pays `payee`, or
    `payee_of(sequence)` when given.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        payee: str,
        rate: float,
        seconds: float,
        verify: str | bool = True,
        payee_of: Callable[[int], str] | None = None,
        start: int = 0,
    ) -> None:
        self.base_url = base_url
        self.api_key = api_key
        self.payee = payee
        self.payee_of = payee_of
        self.rate = rate
        self.seconds = seconds
        self.verify = verify
        self.result = LoadResult()
        self._lock = threading.Lock()
        self._first = start
        self._next = start
        self._threads: list[threading.Thread] = []
        self._started = 0.0

    def start(self, threads: int = 4) -> None:
        """Start sending in the background."""
        self._started = time.monotonic()
        self._threads = [threading.Thread(target=self._run, name=f"load-{n}", daemon=True) for n in range(threads)]
        for thread in self._threads:
            thread.start()

    def join(self) -> LoadResult:
        """Wait for every message to get its final answer."""
        for thread in self._threads:
            thread.join()
        return self.result

    def _take(self) -> int | None:
        """The next sequence number, once its send time has come; None when the load is over."""
        with self._lock:
            sequence = self._next
            self._next += 1
        due = self._started + (sequence - self._first) / self.rate
        if due - self._started >= self.seconds:
            return None
        time.sleep(max(0.0, due - time.monotonic()))
        return sequence

    def _run(self) -> None:
        session = requests.Session()
        session.headers.update({"NET-API-KEY": self.api_key, "Content-Type": "application/xml"})
        while (sequence := self._take()) is not None:
            amount = amount_of(sequence)
            payee = self.payee if self.payee_of is None else self.payee_of(sequence)
            body = pacs008_body(sequence, payee, f"{amount:.2f}")
            status, transfer_id, resends = self._send(session, body)
            with self._lock:
                self.result.sent += 1
                self.result.resends += resends
                self.result.statuses[status] += 1
                if transfer_id is not None:
                    self.result.accepted[transfer_id] = amount

    def _send(self, session: requests.Session, body: bytes) -> tuple[int, str | None, int]:
        """POST until an answer that is not worth resending, or 60 s of resends; (status, transfer ID, resends)."""
        deadline = time.monotonic() + 60
        resends = -1
        while True:
            resends += 1
            try:
                answer = session.post(f"{self.base_url}/v1/pacs008/net", data=body, timeout=40, verify=self.verify)
                status = answer.status_code
            except requests.RequestException:
                status = 0
            if status == 201:
                found = TRANSFER_ID.search(answer.content)
                return status, found.group(1).decode() if found else None, resends
            if status not in RETRIED_STATUSES or time.monotonic() > deadline:
                return status, None, resends
            time.sleep(1)
