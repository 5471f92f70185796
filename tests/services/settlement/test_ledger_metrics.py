"""The distribution balance gauges when a ledger does not answer: the scrape goes on and says so."""

from __future__ import annotations

from ledger.testing import free_port
from stellar_sdk import Asset, Keypair

from services.settlement.ledger_client import HorizonLedgerClient
from services.settlement.ledger_metrics import DistributionBalanceCollector
from services.settlement.settings import SettlementNetwork


def test_a_ledger_that_does_not_answer_is_down_with_no_balance() -> None:
    issuer, distribution = Keypair.random(), Keypair.random()
    client = HorizonLedgerClient(f"http://127.0.0.1:{free_port()}", "any passphrase", 2.0)  # nothing listens
    network = SettlementNetwork(
        "Sandbox", "any passphrase", Asset("TKN", issuer.public_key), distribution, (Keypair.random(),), client
    )
    up, balance = DistributionBalanceCollector({"Sandbox": network}).collect()
    assert [(s.labels, s.value) for s in up.samples] == [({"environment": "Sandbox"}, 0.0)]
    assert balance.samples == []
