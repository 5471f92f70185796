"""The cancel-tenth scenario: a random tenth of the load is cancelled (camt.056) while workers are killed.

A `Canceller` follows the load's accepted transfers and cancels about one in ten, each by its own
request a random moment after it was accepted; once everything is final it sends each request again
until the answer is not PDCR. Then `check_cancellations` holds every answer against the store and the
ledger: a CNCL transfer is Failed and never paid, a RJCR one Completed and paid once; none is PDCR.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

import requests

from chaos.faults import Target
from chaos.invariants import TransferRow
from chaos.load import LoadResult
from harness.stack import RunStack, StackError, wait_for

FRACTION = 0.1
MAX_DELAY_SECONDS = 8.0
CAMT056_NS = "urn:iso:std:iso:20022:tech:xsd:camt.056.001.11"
_CONFIRMATION = re.compile(rb"<Conf>([A-Z]{4})</Conf>")
RETRIED_STATUSES = frozenset({0, 429, 500, 502, 503, 504})


def camt056_body(transfer_id: str, assignment_id: str, reason: str = "DUPL") -> bytes:
    """A camt.056 cancelling one transfer by its ID."""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><Document xmlns="{CAMT056_NS}"><FIToFIPmtCxlReq>'
        f"<Assgnmt><Id>{assignment_id}</Id><Assgnr><Pty><Nm>chaos</Nm></Pty></Assgnr>"
        "<Assgne><Pty><Nm>gateway</Nm></Pty></Assgne><CreDtTm>2026-11-28T00:00:00Z</CreDtTm></Assgnmt>"
        f"<Undrlyg><TxInf><OrgnlInstrId>{transfer_id}</OrgnlInstrId>"
        f"<CxlRsnInf><Rsn><Cd>{reason}</Cd></Rsn></CxlRsnInf></TxInf></Undrlyg></FIToFIPmtCxlReq></Document>"
    ).encode()


@dataclass
class Canceller:
    """Cancels about `FRACTION` of the transfers `load` accepts, as they are accepted."""

    base_url: str
    api_key: str
    load: LoadResult
    fraction: float = FRACTION
    seed: int = 34
    answers: dict[str, str] = field(default_factory=dict)  # transfer ID -> last Sts/Conf
    first_answers: dict[str, str] = field(default_factory=dict)  # transfer ID -> the first Conf it got
    _seen: set[str] = field(default_factory=set)
    _due: dict[str, float] = field(default_factory=dict)  # transfer ID -> when to cancel it (monotonic)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> None:
        """Follow the load in the background."""
        self._thread = threading.Thread(target=self._run, name="canceller", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop following (every transfer accepted until now has been considered)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self._pass(requests.Session(), random.Random(self.seed + 1), everything=True)  # noqa: S311 (reproducible)

    def _run(self) -> None:
        session, rng = requests.Session(), random.Random(self.seed)  # noqa: S311 (a reproducible pick)
        while not self._stop.wait(0.2):
            self._pass(session, rng)

    def _pass(self, session: requests.Session, rng: random.Random, everything: bool = False) -> None:
        # Each picked transfer is cancelled 0 to MAX_DELAY seconds after it is seen: some before any
        # envelope, some while one is in flight, some after it settled.
        now = time.monotonic()
        for transfer_id in list(self.load.accepted):
            if transfer_id not in self._seen:
                self._seen.add(transfer_id)
                if rng.random() < self.fraction:
                    self._due[transfer_id] = now + rng.uniform(0, MAX_DELAY_SECONDS)
        for transfer_id, due in list(self._due.items()):
            if everything or due <= now:
                del self._due[transfer_id]
                self.answers[transfer_id] = self.first_answers[transfer_id] = self._send(session, transfer_id)

    def _send(self, session: requests.Session, transfer_id: str) -> str:
        body = camt056_body(transfer_id, f"CXL-{transfer_id[:8]}{transfer_id[-8:]}")
        headers = {"NET-API-KEY": self.api_key, "Content-Type": "application/xml"}
        deadline = time.monotonic() + 60
        while True:
            try:
                answer = session.post(f"{self.base_url}/v1/camt056/net", data=body, headers=headers, timeout=40)
                status, content = answer.status_code, answer.content
            except requests.RequestException:
                status, content = 0, b""
            if status not in RETRIED_STATUSES or time.monotonic() > deadline:
                found = _CONFIRMATION.search(content)
                return found.group(1).decode() if found else f"HTTP {status}"
            time.sleep(1)

    def finish(self) -> None:
        """Ask again (the same bytes) for every request still pending: its final answer, once settlement decided."""
        session = requests.Session()
        for transfer_id, confirmation in list(self.answers.items()):
            if confirmation == "PDCR":
                self.answers[transfer_id] = self._send(session, transfer_id)


def kill_workers_repeatedly(target: Target) -> str:
    """kill -9 the settlement worker three times (twice in a short run), each once its successor is up."""
    stack = target.stack
    times = 2 if target.short else 3
    for _ in range(times):
        killed = stack.supervised("settle")
        if killed is None:
            raise StackError("settle is not running")
        os.kill(killed, signal.SIGKILL)

        def respawned(old: int = killed) -> bool:
            return stack.supervised("settle") not in (None, old)

        wait_for(respawned, 30, "settle to be respawned")
        time.sleep(1)
    return f"kill -9 settlement worker x{times}"


def reconciles(stack: RunStack) -> bool:
    """`flask --app app reconcile` on the stack's store and ledger: holds, balances and payments agree."""
    command = [sys.executable, "-m", "flask", "--app", "app", "reconcile"]
    done = subprocess.run(command, env=stack.environment(), capture_output=True, timeout=120, check=False)  # noqa: S603
    return done.returncode == 0


@dataclass
class CancelVerdict:
    """What the cancellations' answers say against the store and the ledger."""

    counts: Counter[str] = field(default_factory=Counter)
    pending_first: int = 0  # answered PDCR first: an envelope was in flight when the request came
    paid_and_cancelled: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)

    @property
    def holds(self) -> bool:
        """No cancelled transfer paid, and every answer agrees with the transfer's end."""
        return not (self.paid_and_cancelled or self.wrong)

    def describe(self) -> str:
        """'N cancels (x CNCL, y RJCR; z PDCR first), 0 paid-and-cancelled'."""
        counts = ", ".join(f"{n} {c}" for c, n in sorted(self.counts.items()))
        total = sum(self.counts.values())
        paid = len(self.paid_and_cancelled)
        return f"{total} cancels ({counts}; {self.pending_first} PDCR first), {paid} paid-and-cancelled"


def check_cancellations(
    answers: Mapping[str, str],
    accepted: Mapping[str, Decimal],
    rows: Mapping[str, TransferRow],
    paid: Counter[Decimal],
    first_answers: Mapping[str, str] | None = None,
) -> CancelVerdict:
    """CNCL: Failed and never paid; RJCR: Completed and paid once; anything else (PDCR left, no answer) is wrong.

    `first_answers` (each request's first answer) only counts how many met an envelope in flight.
    """
    verdict = CancelVerdict(pending_first=sum(a == "PDCR" for a in (first_answers or {}).values()))
    for transfer_id, confirmation in answers.items():
        verdict.counts[confirmation] += 1
        row = rows.get(transfer_id)
        state = row.state if row is not None else "missing"
        times = paid.get(accepted[transfer_id].normalize(), 0)
        if confirmation == "CNCL" and times:
            verdict.paid_and_cancelled.append(f"{transfer_id}: cancelled, paid {times} time(s)")
        if (confirmation, state) not in (("CNCL", "Failed"), ("RJCR", "Completed")):
            verdict.wrong.append(f"{transfer_id}: answered {confirmation}, {state}")
        elif confirmation == "RJCR" and times != 1:
            verdict.wrong.append(f"{transfer_id}: refused as paid, paid {times} time(s)")
    return verdict


def judge(
    canceller: Canceller,
    stack: RunStack,
    accepted: Mapping[str, Decimal],
    rows: Mapping[str, TransferRow],
    paid: Counter[Decimal],
    breaches: list[str],
) -> str:
    """Final answers for every cancellation, held against the store, the ledger and `reconcile`.

    Appends what broke to `breaches`; returns what the scenario's row adds to its fault's description.
    """
    canceller.finish()
    verdict = check_cancellations(canceller.answers, accepted, rows, paid, canceller.first_answers)
    breaches.extend(verdict.paid_and_cancelled + verdict.wrong)
    if not reconciles(stack):
        breaches.append("reconcile found holds, balances or payments that disagree")
    return f"; {verdict.describe()}"
