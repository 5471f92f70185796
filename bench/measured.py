"""What the comparison with the baseline records: one workload's run on each tree, in pairs."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    """One run of one workload on one tree: its throughput, errors, and worker CPU per request if known."""

    throughput: float  # requests or transfers per second
    errors: int  # failed requests, or transfers settlement left Failed
    cpu_ms: float | None  # gunicorn worker CPU per request; None for W4, whose work is in settle processes


@dataclass(frozen=True)
class Pair:
    """A round of one workload: the baseline's run and the current tree's just after it."""

    workload: str
    baseline: Measured
    current: Measured

    @property
    def ratio(self) -> float:
        """Current throughput over the baseline's (0 when the baseline did nothing)."""
        base = self.baseline.throughput
        return self.current.throughput / base if base else 0.0
