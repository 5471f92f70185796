"""Metrics read from the store when Prometheus scrapes: transfers by state, backlog age, blocked, channels."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from datetime import datetime

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from storage import gauges
from storage.database import database
from storage.models import utc_now
from storage.settlement import state_counts
from storage.transfer_states import TransferState

log = logging.getLogger(__name__)


class StoreCollector(Collector):
    """Reads a handful of aggregates per scrape; a store that cannot answer gives `tkn_store_up 0`."""

    def __init__(self, clock: Callable[[], datetime] = utc_now) -> None:
        self.clock = clock

    def collect(self) -> Iterator[GaugeMetricFamily]:
        """The gauges, each read now."""
        try:
            with database.connection_context():
                states = state_counts()
                oldest = gauges.oldest_created_at()
                blocked = gauges.count_blocked()
                channels = gauges.channel_counts()
        except Exception as error:
            log.warning("metrics could not read the store: %s", type(error).__name__)
            yield GaugeMetricFamily("tkn_store_up", "1 when the store answered this scrape.", value=0)
            return
        yield GaugeMetricFamily("tkn_store_up", "1 when the store answered this scrape.", value=1)
        by_state = GaugeMetricFamily("tkn_transfers", "Transfers by state.", labels=["state"])
        for state in TransferState:
            by_state.add_metric([state.value], states.get(state.value, 0))
        yield by_state
        age = 0.0 if oldest is None else max(0.0, (self.clock() - oldest).total_seconds())
        yield GaugeMetricFamily(
            "tkn_oldest_created_transfer_age_seconds",
            "Age of the oldest transfer still in Created (0 when none is).",
            value=age,
        )
        yield GaugeMetricFamily(
            "tkn_settlement_blocked_transfers",
            "Open transfers held up by the gateway's own funding or signing (operator action needed).",
            value=blocked,
        )
        leases = GaugeMetricFamily(
            "tkn_settlement_channels",
            "Channel accounts, leased to an envelope or free.",
            labels=["environment", "state"],
        )
        for (environment, leased), total in sorted(channels.items()):
            leases.add_metric([environment, "leased" if leased else "free"], total)
        yield leases
