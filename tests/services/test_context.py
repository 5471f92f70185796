"""Which Production settings a Production key waits for: the URL of the ledger API chosen, and the rest."""

from __future__ import annotations

from services.context import missing_production_settings

COMMON = {
    "PRODUCTION_NETWORK_PASSPHRASE": "Public Global Stellar Network ; September 2015",
    "PRODUCTION_SECRETS_FILE": "x",
}


def test_horizon_by_default_needs_the_horizon_url() -> None:
    assert missing_production_settings(COMMON) == ["PRODUCTION_HORIZON_URL"]
    assert missing_production_settings({**COMMON, "PRODUCTION_HORIZON_URL": "https://horizon.stellar.org"}) == []


def test_rpc_needs_the_rpc_url_and_not_horizons() -> None:
    on_rpc = {**COMMON, "PRODUCTION_LEDGER_API": "rpc", "PRODUCTION_HORIZON_URL": "https://horizon.stellar.org"}
    assert missing_production_settings(on_rpc) == ["PRODUCTION_RPC_URL"]
    assert missing_production_settings({**on_rpc, "PRODUCTION_RPC_URL": "https://rpc.example"}) == []
    assert missing_production_settings({"PRODUCTION_LEDGER_API": "rpc"}) == [
        "PRODUCTION_RPC_URL",
        "PRODUCTION_NETWORK_PASSPHRASE",
        "PRODUCTION_SECRETS_FILE",
    ]
