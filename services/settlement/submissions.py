"""A pass's submissions: each envelope goes to the ledger as soon as it is ready, not at the end of the pass.

An envelope's bounds count from the tip the worker read before building it, so every moment
between that read and the submission eats into its bound. Submitted at the end of the pass, the
first envelope waited for every other one to be built and stored; on a slow pass (a loaded
database, a paced Horizon) it reached the ledger after its bound and was refused as too late,
then had to be proven expired and rebuilt, again and again (issue 22, the lagging-fleet check).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, as_completed

from services.settlement.ledger_client import SubmitReply
from services.settlement.recording import Flight


def signed(flight: Flight) -> str:
    """What to submit for an envelope: its latest fee bump, else the envelope itself."""
    bump: str | None = flight.attempt.bump_xdr
    return bump or str(flight.attempt.envelope_xdr)


class Submissions:
    """The envelopes a pass submits asynchronously (`POST /transactions_async`), each started when added."""

    def __init__(self, executor: Callable[[], ThreadPoolExecutor]) -> None:
        self._executor = executor
        self._pending: dict[Future[SubmitReply], Flight] = {}

    def append(self, flight: Flight) -> None:
        """Start submitting the envelope (its fee bump, if it has one) now."""
        self._pending[self._executor().submit(flight.network.client.submit_async, signed(flight))] = flight

    def __len__(self) -> int:
        return len(self._pending)

    def answers(self) -> Iterator[tuple[Flight, SubmitReply]]:
        """Each envelope with the ledger's answer on receipt, as the answers come."""
        pending, self._pending = self._pending, {}
        for answered in as_completed(pending):
            yield pending[answered], answered.result()
