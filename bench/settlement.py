"""W4: transfers/s from Created to Completed, with 1, 4 and 8 settlement worker processes.

Measured only when the service has a settlement worker (`flask --app app settle`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bench.servers import BenchError, flask_cli
from bench.settings import BenchSettings


@dataclass
class SettlementResult:
    """Transfers settled per second by worker count, or why W4 was not measured."""

    rates: dict[int, float] = field(default_factory=dict)
    skipped: str = ""

    def notes(self) -> list[str]:
        """Lines for the document."""
        if self.skipped:
            return [f"W4 settlement: not measured: {self.skipped}."]
        return [f"W4 settlement, {n} worker process(es): {rate:,.1f} transfers/s" for n, rate in self.rates.items()]


def settlement_available(settings: BenchSettings) -> bool:
    """True when `flask --app app settle` exists."""
    try:
        commands = flask_cli(settings, "--help")
    except BenchError:
        return False
    return any(line.split()[:1] == ["settle"] for line in commands.splitlines())


def measure_settlement(settings: BenchSettings) -> SettlementResult:
    """W4, or the reason it was not measured."""
    if not settlement_available(settings):
        return SettlementResult(skipped="settlement worker not available")
    return SettlementResult(skipped="settlement worker present, but its W4 driver is not written yet")
