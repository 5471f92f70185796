"""What the worker's metrics read from its ledgers at scrape time: each distribution account's TKN balance."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from services.settlement.ledger_api import LedgerUnavailable
from services.settlement.settings import SettlementNetwork


class DistributionBalanceCollector(Collector):
    """One Horizon request per environment and scrape; a ledger that cannot answer gives `tkn_ledger_up 0`."""

    def __init__(self, networks: Mapping[str, SettlementNetwork]) -> None:
        self.networks = dict(networks)

    def collect(self) -> Iterator[GaugeMetricFamily]:
        """The balances, read now."""
        up = GaugeMetricFamily(
            "tkn_ledger_up", "1 when the environment's ledger answered this scrape.", labels=["environment"]
        )
        balance = GaugeMetricFamily(
            "tkn_distribution_balance_tkn",
            "The distribution account's TKN balance (absent when its ledger did not answer).",
            labels=["environment"],
        )
        for environment, network in sorted(self.networks.items()):
            try:
                found = network.client.asset_balance(
                    network.distribution.public_key, network.asset.code, network.asset.issuer or ""
                )
            except LedgerUnavailable:
                up.add_metric([environment], 0)
                continue
            up.add_metric([environment], 1)
            balance.add_metric([environment], float(found or 0))
        yield up
        yield balance
