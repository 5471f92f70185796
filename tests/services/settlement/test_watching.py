"""A worker's watch: progress is read a bounded number of times per stall limit, not once per pass."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from services.settlement import watching
from services.settlement.ledger_view import LedgerView
from services.settlement.outages import Outages
from services.settlement.progress import StallWatch
from services.settlement.settings import SettlementSettings
from storage import settlement as settlement_store

NOW = datetime(2026, 1, 1, 12, 0, 0)


class _Network:
    environment = "Sandbox"
    channel_ids = ("C1",)


def test_progress_is_read_stall_checks_times_per_limit_at_most(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []

    def progress(environment: str, channels: Any) -> None:
        reads.append(environment)

    monkeypatch.setattr(settlement_store, "progress", progress)
    monkeypatch.setattr(StallWatch, "observe", lambda *args: False)
    settings = SettlementSettings(usd_to_tkn_rate=Decimal(1), stall_seconds=60)
    now: datetime = NOW
    networks: dict[str, Any] = {"Sandbox": _Network()}
    watch = watching.Watch(Outages(), LedgerView(clock=lambda: now), networks, lambda: settings, lambda: now)
    for step in range(120):  # two minutes of passes, one every second
        now = NOW + timedelta(seconds=step)
        watch.watch_progress()
    # Every 60 / STALL_CHECKS = 6 s: 20 reads in 120 s, however many passes ran.
    assert len(reads) == 120 // (60 // watching.STALL_CHECKS)
