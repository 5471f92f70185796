"""The per-process objects every request shares: schemas, parser, serializer, settings, key cache, signal."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from services.api_keys import ApiKeyCache, KeyUseRecorder
from services.credit_transfers import IntakeSettings
from services.message_reader import MessageReader
from services.reports import ReportWriter
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


PRODUCTION_SETTINGS = ("PRODUCTION_HORIZON_URL", "PRODUCTION_NETWORK_PASSPHRASE", "PRODUCTION_SECRETS_FILE")


def missing_production_settings(config: Mapping[str, Any]) -> list[str]:
    """The Production settlement settings this config lacks; a Production key may submit only without any."""
    return [name for name in PRODUCTION_SETTINGS if not config.get(name)]


def build_service_context(config: dict[str, Any]) -> ServiceContext:
    """Load schemas and build the parser and serializer from the app config."""
    production_ready = not missing_production_settings(config)
    return ServiceContext(
        reader=MessageReader(Path(config["SCHEMA_DIR"]), int(config["MAX_BODY_BYTES"])),
        writer=ReportWriter(),
        intake=IntakeSettings(
            supported_networks=tuple(config["SUPPORTED_NETWORKS"]),
            production_settlement_configured=production_ready,
        ),
        keys=ApiKeyCache(float(config["API_KEY_CACHE_SECONDS"])),
        key_use=KeyUseRecorder(),
        created=CreatedSignal(),
        query_raw_max_bytes=int(config["QUERY_RAW_MAX_BYTES"]),
    )
