"""The per-process objects every request shares: schemas, parser, serializer, settings, key cache, signal."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from services.api_keys import ApiKeyCache, KeyUseRecorder
from services.credit_transfers import IntakeSettings
from services.message_reader import MessageReader
from services.rate_limits import RateEndpoint, RateLimiter
from services.reports import ReportWriter
from services.resolutions import ResolutionWriter
from storage.notifications import CreatedSignal


@dataclass(frozen=True)
class ServiceContext:
    """Built once by create_app; never rebuilt per request."""

    reader: MessageReader
    writer: ReportWriter
    intake: IntakeSettings
    keys: ApiKeyCache
    key_use: KeyUseRecorder
    created: CreatedSignal
    query_raw_max_bytes: int  # how much of a pacs.028 body its record keeps
    rate_limiter: RateLimiter
    resolutions: ResolutionWriter  # camt.029 answers to camt.056


PRODUCTION_SETTINGS = ("PRODUCTION_NETWORK_PASSPHRASE", "PRODUCTION_SECRETS_FILE")


def missing_production_settings(config: Mapping[str, Any]) -> list[str]:
    """The Production settlement settings this config lacks; a Production key may submit only without any.

    The URL needed is the one of the ledger API chosen (`PRODUCTION_LEDGER_API`, Horizon by default).
    """
    api = str(config.get("PRODUCTION_LEDGER_API") or "horizon").lower()
    url = "PRODUCTION_RPC_URL" if api == "rpc" else "PRODUCTION_HORIZON_URL"
    return [name for name in (url, *PRODUCTION_SETTINGS) if not config.get(name)]


def build_service_context(config: dict[str, Any]) -> ServiceContext:
    """Load schemas and build the parser and serializer from the app config."""
    production_ready = not missing_production_settings(config)
    return ServiceContext(
        reader=MessageReader(Path(config["SCHEMA_DIR"]), int(config["MAX_BODY_BYTES"])),
        writer=ReportWriter(),
        intake=IntakeSettings(
            supported_networks=tuple(config["SUPPORTED_NETWORKS"]),
            production_settlement_configured=production_ready,
            raw_max_bytes=int(config["TRANSFER_RAW_MAX_BYTES"]),
        ),
        keys=ApiKeyCache(float(config["API_KEY_CACHE_SECONDS"])),
        key_use=KeyUseRecorder(),
        created=CreatedSignal(),
        query_raw_max_bytes=int(config["QUERY_RAW_MAX_BYTES"]),
        resolutions=ResolutionWriter(),
        rate_limiter=RateLimiter(
            {
                RateEndpoint.PACS008: float(config["RATE_LIMIT_PACS008_PER_SECOND"]),
                RateEndpoint.PACS028: float(config["RATE_LIMIT_PACS028_PER_SECOND"]),
                RateEndpoint.BATCH_STATUS: float(config["RATE_LIMIT_BATCH_STATUS_PER_SECOND"]),
                RateEndpoint.CAMT056: float(config["RATE_LIMIT_CAMT056_PER_SECOND"]),
            }
        ),
    )
