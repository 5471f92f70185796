"""Configuration comes from the environment mapping given, with defaults outside the checkout."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from config import PROJECT_ROOT, load_config, state_directory


def test_default_sqlite_store_is_outside_the_repository() -> None:
    url = load_config({"HOME": "/home/ops"})["DATABASE_URL"]
    assert url == "sqlite:////home/ops/.local/state/tkn-gateway/gateway.sqlite3"
    assert str(PROJECT_ROOT) not in url
    assert load_config({"XDG_STATE_HOME": "/srv/state"})["DATABASE_URL"].startswith("sqlite:////srv/state/tkn-gateway/")


def test_values_are_parsed_from_the_mapping() -> None:
    values = load_config(
        {
            "DATABASE_URL": "postgresql://db/x",
            "USD_TO_TKN_RATE": "0.9",
            "MAX_BODY_BYTES": "10",
            "API_KEY_CACHE_SECONDS": "0",
        }
    )
    assert values["DATABASE_URL"] == "postgresql://db/x"
    assert values["USD_TO_TKN_RATE"] == Decimal("0.9")
    assert values["MAX_BODY_BYTES"] == 10
    assert values["API_KEY_CACHE_SECONDS"] == 0.0


def test_the_sandbox_ledger_state_defaults_beside_the_store() -> None:
    beside = load_config({"DATABASE_URL": "sqlite:////srv/gateway/gateway.sqlite3"})
    assert beside["SANDBOX_SECRETS_FILE"] == "/srv/gateway/ledger-secrets.json"
    assert state_directory({"DATABASE_URL": "sqlite:////srv/gateway/gateway.sqlite3"}) == Path("/srv/gateway")
    on_postgres = {"DATABASE_URL": "postgresql://db/x", "HOME": "/home/ops"}
    assert state_directory(on_postgres) == Path("/home/ops/.local/state/tkn-gateway")
    assert load_config(on_postgres)["SANDBOX_SECRETS_FILE"] == "/home/ops/.local/state/tkn-gateway/ledger-secrets.json"
    assert (
        load_config({"HOME": "/home/ops", "SANDBOX_SECRETS_FILE": "/etc/s.json"})["SANDBOX_SECRETS_FILE"]
        == "/etc/s.json"
    )
