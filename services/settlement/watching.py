"""Each pass's look at what holds settlement up: probing outages, waking what they held, noticing stalls.

The conditions themselves are in outages.py and progress.py; this is when a worker acts on them.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta

from services.settlement.ledger_api import LedgerUnavailable
from services.settlement.ledger_view import LedgerView
from services.settlement.outages import Outages
from services.settlement.progress import StallWatch
from services.settlement.recording import COUNTERS
from services.settlement.settings import SettlementNetwork, SettlementSettings
from storage import settlement as store

log = logging.getLogger(__name__)

STALL_CHECKS = 10  # progress is checked this many times within SETTLEMENT_STALL_SECONDS


class Watch:
    """One worker's outage probes and stall watch, read from its settings, view and clock at each call."""

    def __init__(
        self,
        outages: Outages,
        view: LedgerView,
        networks: Mapping[str, SettlementNetwork],
        settings: Callable[[], SettlementSettings],
        clock: Callable[[], datetime],
    ) -> None:
        self.outages = outages
        self.view = view
        self.networks = networks
        self._settings = settings
        self._clock = clock
        self.stalls = StallWatch()
        self._next_check: datetime | None = None  # when to check progress next

    def probe(self, now: datetime) -> None:
        """Probe each condition holding an environment up, when its probe is due; one that clears wakes its transfers.

        Funding: one balance read of the distribution account. The ledger: one read of its tip
        (the pass's own reads also tell, `wake_answered`).
        """
        for environment in self.outages.funding_probes_due(now):
            network = self.networks[environment]
            try:
                asset = network.asset
                balance = network.client.asset_balance(network.distribution.public_key, asset.code, asset.issuer or "")
            except LedgerUnavailable:
                balance = None
            if self.outages.funding_probed(environment, balance, now):
                woken = store.wake_blocked(environment, now)
                log.info("%s: %d transfer(s) held up by funding are due now", environment, woken)
        for environment in self.outages.ledger_probes_due(self.view.silent(), now):
            with contextlib.suppress(LedgerUnavailable):  # still silent: the next probe tries again
                self.view.tip(self.networks[environment])

    def wake_answered(self) -> None:
        """Each ledger answering again after it did not: the transfers it held up are due now, not after a backoff."""
        for environment, silent in self.view.answered_again().items():
            woken = store.wake_unanswered(environment, self._clock())
            log.info("%s ledger answers again after %.1f s; %d transfer(s) due now", environment, silent, woken)

    def watch_progress(self) -> None:
        """Log one WARNING when a stall starts (progress.py) and one INFO when it ends, in wall-clock time.

        Checked STALL_CHECKS times within SETTLEMENT_STALL_SECONDS, at most once a second.
        """
        now = self._clock()
        if self._next_check is not None and now < self._next_check:
            return
        limit = self._settings().stall_seconds
        self._next_check = now + timedelta(seconds=max(1.0, limit / STALL_CHECKS))
        for network in self.networks.values():
            environment = network.environment
            progress = store.progress(environment, network.channel_ids)
            if self.stalls.observe(environment, progress, now, limit, self.view.last_answer_if_silent(environment)):
                COUNTERS["stalled"] += 1
