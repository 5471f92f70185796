"""Assembling a worker from the app config."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from services.settlement.settings import networks_from_config, settings_from_config
from services.settlement.worker import Hook, Settler, _no_hook


def settler_from_config(config: Mapping[str, Any], worker_id: str | None = None, hook: Hook = _no_hook) -> Settler:
    """A Settler for every environment whose ledger and keys are configured; the rest are reported."""
    networks, problems = networks_from_config(config)
    return Settler(settings_from_config(config), networks, problems, worker_id=worker_id, hook=hook)
