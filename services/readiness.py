"""Whether this process can do its work now: the database, its schema, and the sandbox ledger."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from services.settlement.ledger_api import LedgerUnavailable
from services.settlement.settings import SettlementConfigError, ledger_client
from storage.database import database
from storage.migrate import pending_migrations

# A probe must answer well within a load balancer's timeout, even when the ledger hangs.
LEDGER_TIMEOUT_SECONDS = 2.0
MAX_DETAIL = 200


@dataclass(frozen=True)
class Check:
    """One readiness check: passed or not, and why not."""

    ok: bool
    detail: str = ""


def _failure(error: BaseException) -> Check:
    first_line = (str(error).strip().splitlines() or [""])[0]
    return Check(False, f"{type(error).__name__}: {first_line}"[:MAX_DETAIL])


def check_database() -> Check:
    """The database answers a trivial query."""
    try:
        database.execute_sql("SELECT 1")
    except Exception as error:
        return _failure(error)
    return Check(True)


def check_migrations() -> Check:
    """Every migration this code ships has been applied."""
    try:
        pending = pending_migrations()
    except Exception as error:
        return _failure(error)
    if pending:
        return Check(False, f"pending migrations: {', '.join(pending)} (run `flask --app app db upgrade`)")
    return Check(True)


def sandbox_ledger_api(config: Mapping[str, Any]) -> tuple[str, str]:
    """The Sandbox network's ledger API (`horizon` or `rpc`) and the URL configured for it."""
    api = str(config.get("SANDBOX_LEDGER_API") or "horizon").lower()
    return api, str(config.get("SANDBOX_RPC_URL" if api == "rpc" else "SANDBOX_HORIZON_URL") or "")


def sandbox_ledger_configured(config: Mapping[str, Any]) -> bool:
    """The sandbox ledger is named and bootstrapped: its URL and passphrase set, its secrets file present."""
    secrets_file = config.get("SANDBOX_SECRETS_FILE")
    return bool(
        sandbox_ledger_api(config)[1]
        and config.get("SANDBOX_NETWORK_PASSPHRASE")
        and secrets_file
        and Path(secrets_file).is_file()
    )


def check_ledger(url: str, passphrase: str, api: str = "horizon") -> Check:
    """The ledger answers with its latest closed ledger, through the ledger API configured."""
    try:
        ledger_client(api, url, passphrase, LEDGER_TIMEOUT_SECONDS).latest_ledger()
    except (LedgerUnavailable, LookupError, ValueError, SettlementConfigError) as error:
        return _failure(error)
    return Check(True)


def readiness(config: Mapping[str, Any]) -> dict[str, Check]:
    """Every check that applies to this deployment, by name."""
    checks = {"database": check_database()}
    checks["migrations"] = check_migrations() if checks["database"].ok else Check(False, "database unreachable")
    if sandbox_ledger_configured(config):
        api, url = sandbox_ledger_api(config)
        checks["sandbox_ledger"] = check_ledger(url, config["SANDBOX_NETWORK_PASSPHRASE"], api)
    return checks
