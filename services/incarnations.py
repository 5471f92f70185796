"""A worker's incarnations, and taking back at once what dead workers held (decisions L1, L5).

A worker (a settlement worker or a webhook deliverer) claims under an incarnation ID that it
registers only while it holds that ID's liveness token (storage/liveness.py). When the token is
lost (Postgres restarted, or the session was ended), the incarnation is over: the worker starts a
new one under a fresh ID before it claims again, and whatever the old one held is taken back by
the next pass of any worker, this one included, whatever kind of worker that is. Claims of an
incarnation whose token is held are never taken; they still lapse after SETTLEMENT_CLAIM_SECONDS
or WEBHOOK_CLAIM_SECONDS, as the backstop for workers that cannot be probed.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from datetime import datetime

from storage import workers
from storage.database import database
from storage.liveness import Liveness, Token, liveness_of_bound_database

log = logging.getLogger(__name__)

# Claimed_by holds 64 characters: the name, a dot and 12 hex digits.
NAME_CHARS = 51
HOLD_TRIES = 3


class Incarnations:
    """The current incarnation of one worker named `name`; `current()` starts a new one when needed."""

    def __init__(
        self, name: str, kind: str = "settlement worker", liveness: Callable[[], Liveness] = liveness_of_bound_database
    ) -> None:
        self.name = name[:NAME_CHARS]
        self.kind = kind  # for the log
        self.worker_id: str | None = None
        self._liveness_of = liveness
        self._liveness: Liveness | None = None
        self._token: Token | None = None

    @property
    def liveness(self) -> Liveness:
        """The liveness of the bound database, found on first use (the database is bound by then)."""
        if self._liveness is None:
            self._liveness = self._liveness_of()
        return self._liveness

    def current(self, now: datetime) -> str:
        """The ID to claim under: the running incarnation's while it holds its token, else a new one's."""
        if self._token is not None and self.worker_id is not None:
            if self._token.held():
                return self.worker_id
            self._token = None
            log.warning("%s %s lost its liveness session; its claims go back", self.kind, self.worker_id)
        for _ in range(HOLD_TRIES):
            candidate = f"{self.name}.{uuid.uuid4().hex[:12]}"
            token = self.liveness.hold(candidate)
            if token is not None:
                break
        else:
            raise RuntimeError("no free liveness token for a new worker incarnation")
        try:
            workers.register(candidate, now)
        except BaseException:
            token.release()
            raise
        self._token, self.worker_id = token, candidate
        return candidate

    def take_back_from_dead(self) -> int:
        """Take back the claims and unused leases of every registered worker, of any kind, whose token is gone."""
        taken = 0
        for worker_id in workers.registered():
            if worker_id == self.worker_id or not self.liveness.gone(worker_id):
                continue
            back = workers.take_back(worker_id)
            if back is None:
                continue  # another pass took them back first
            taken += back.claims + back.deliveries
            log.warning(
                "worker %s is gone: took back %d claim(s), %d channel lease(s) and %d webhook delivery claim(s)",
                worker_id,
                back.claims,
                back.leases,
                back.deliveries,
            )
        return taken

    def stop(self) -> None:
        """A clean stop with nothing claimed: leave, on a connection of its own; a failure only leaves the row."""
        try:
            with database.connection_context():
                self.leave()
        except Exception as error:
            self.release()
            log.warning("%s %s could not unregister: %s", self.kind, self.worker_id, error)

    def leave(self) -> None:
        """Unregister (a clean stop) and let the token go."""
        if self.worker_id is not None:
            workers.unregister(self.worker_id)
        self.release()

    def release(self) -> None:
        """Let the token go, as dying would: the next pass of any worker takes back what is left."""
        if self._token is not None:
            self._token.release()
            self._token = None
