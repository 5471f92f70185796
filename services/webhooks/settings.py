"""The deliverer's settings, from the app config (README, Configuration)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from services.webhooks.secret_box import parse_keys


@dataclass(frozen=True)
class WebhookSettings:
    """Timeouts, retry schedule, concurrency and retention of webhook delivery."""

    timeout_seconds: float = 10.0
    retry_window_seconds: float = 3 * 86_400.0
    retry_base_seconds: float = 5.0
    retry_max_seconds: float = 3_600.0
    claim_seconds: float = 60.0
    poll_seconds: float = 0.5
    senders: int = 24  # with the loop, below the connection pool's 32 (storage/database.py)
    per_endpoint: int = 8
    dispatch_batch: int = 500
    retention_days: int = 30
    rotation_overlap_seconds: float = 86_400.0
    secret_keys: tuple[str, ...] = ()  # Fernet keys sealing the signing secrets at rest; the first seals


def webhook_settings(config: Mapping[str, Any]) -> WebhookSettings:
    """The settings the config names, the defaults for the rest."""
    return WebhookSettings(
        timeout_seconds=float(config["WEBHOOK_TIMEOUT_SECONDS"]),
        retry_window_seconds=float(config["WEBHOOK_RETRY_WINDOW_SECONDS"]),
        retry_base_seconds=float(config["WEBHOOK_RETRY_BASE_SECONDS"]),
        retry_max_seconds=float(config["WEBHOOK_RETRY_MAX_SECONDS"]),
        claim_seconds=float(config["WEBHOOK_CLAIM_SECONDS"]),
        poll_seconds=float(config["WEBHOOK_POLL_SECONDS"]),
        senders=int(config["WEBHOOK_SENDERS"]),
        per_endpoint=int(config["WEBHOOK_PER_ENDPOINT"]),
        retention_days=int(config["WEBHOOK_RETENTION_DAYS"]),
        secret_keys=parse_keys(str(config["WEBHOOK_SECRET_KEYS"])),
    )
