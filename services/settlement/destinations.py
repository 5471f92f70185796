"""Screening destinations before an envelope: a payee that cannot receive TKN fails alone, and costs no fee.

Stellar applies a transaction whole or not at all, and charges its fee when it fails. One payment to
an account that does not exist, has no TKN trustline or is not authorized would fail every other
payment in its envelope and cost the envelope's fee. So before a transfer goes into an envelope its
destination is checked, from a cache of per-account answers (bounded in size, each kept for a
while): only destinations not cached are read, all of a pass's in one call to the ledger client. A
destination that cannot receive fails its transfer with the reason the ledger would have given,
before anything is built or submitted; it is read again once its answer has aged out, so a payee
that adds its trustline can be paid again.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from services.settlement.outcomes import PAYEE_REASON_CODES, PAYEE_REASONS
from services.settlement.recording import COUNTERS, DONE, Context, Delays
from services.settlement.settings import SettlementNetwork
from storage import settlement as store
from storage.models import Transfer

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Answer:
    problem: str | None  # the ledger's payment result code, None: can receive
    until: float  # monotonic seconds: read again after this


class DestinationCache:
    """Per-account answers to "can it receive the asset?", per environment, bounded and aged.

    An account that can receive is kept `ok_seconds`, one that cannot `recheck_seconds`; past
    `size` answers the least recently used go first.
    """

    def __init__(
        self, ok_seconds: float, recheck_seconds: float, size: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.ok_seconds = ok_seconds
        self.recheck_seconds = recheck_seconds
        self.size = max(size, 1)
        self.clock = clock
        self.reads = 0  # calls to the ledger client, for tests and logs
        self._answers: OrderedDict[tuple[str, str], _Answer] = OrderedDict()

    def problems(self, network: SettlementNetwork, account_ids: Sequence[str]) -> dict[str, str | None]:
        """Why each account cannot receive the network's asset (None: it can); one read for those not cached.

        Raises LedgerUnavailable when the ledger cannot say: nothing is cached then.
        """
        now = self.clock()
        environment = network.environment
        wanted = list(dict.fromkeys(account_ids))
        missing = [a for a in wanted if not self._fresh((environment, a), now)]
        if missing:
            self.reads += 1
            asset = network.asset
            read = network.client.receiving_problems(missing, asset.code, str(asset.issuer))
            now = self.clock()
            for account_id in missing:
                problem = read.get(account_id)
                ttl = self.ok_seconds if problem is None else self.recheck_seconds
                self._store((environment, account_id), _Answer(problem, now + ttl))
        return {a: self._answers[(environment, a)].problem for a in wanted if (environment, a) in self._answers}

    def _fresh(self, key: tuple[str, str], now: float) -> bool:
        answer = self._answers.get(key)
        if answer is None or answer.until <= now:
            return False
        self._answers.move_to_end(key)
        return True

    def _store(self, key: tuple[str, str], answer: _Answer) -> None:
        self._answers[key] = answer
        self._answers.move_to_end(key)
        while len(self._answers) > self.size:
            self._answers.popitem(last=False)

    def __len__(self) -> int:
        return len(self._answers)


def screen(ctx: Context, cache: DestinationCache, network: SettlementNetwork, transfers: list[Transfer]) -> Delays:
    """Fail every transfer whose destination cannot receive (AC01 with the ledger's reason); return their delays.

    The others are left as they are, for an envelope. A destination the read did not answer for
    is left for the envelope too: the ledger's own result decides it then.
    """
    problems = cache.problems(network, [t.destination_account for t in transfers])
    now = ctx.clock()
    delays: Delays = {}
    for transfer in transfers:
        code = problems.get(transfer.destination_account)
        if code is None:
            continue
        reason = f"{PAYEE_REASONS[code]} (checked before sending: {code})"
        store.fail_transfer(transfer.id, PAYEE_REASON_CODES[code], reason, transfer.attempt_count, now)
        COUNTERS["failed_before_envelope"] += 1
        log.info(
            "transfer failed: %s",
            reason,
            extra={"transfer_id": str(transfer.id), "result_codes": [code], "reason": reason},
        )
        delays[transfer.id] = DONE
    return delays
