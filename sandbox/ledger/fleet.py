"""A fleet of Horizon instances behind a load balancer, each serving reads at its own height.

Public Horizon runs several instances, each ingesting ledgers at its own pace; two reads in a row
may reach instances at different heights. Here every read picks an instance at random, and that
instance answers with the ledger it has reached (the `Latest-Ledger` header) and the data as of
that ledger. An instance never goes backwards. Each instance trails the tip by a lag of its own,
drawn from [min_lag, max_lag]; the lag is drawn again with probability REDRAW at every ledger
close, so an instance that draws a longer lag stalls until the tip is that far ahead of it.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any

REDRAW = 0.125  # chance per ledger close that an instance's lag is drawn again


class FleetError(ValueError):
    """A fleet setting is out of range."""


@dataclass(frozen=True)
class FleetShape:
    """How many instances there are and how far behind the tip each may trail."""

    instances: int = 0  # 0: no fleet, every read sees the tip
    min_lag: int = 0
    max_lag: int = 0
    seed: int | None = None
    # Deterministic tests: reads whose path starts with a key always trail the tip by its value.
    pinned: tuple[tuple[str, int], ...] = ()

    def check(self) -> FleetShape:
        """Return self, or raise FleetError when a setting is out of range."""
        if self.instances < 0 or self.min_lag < 0 or self.max_lag < self.min_lag:
            raise FleetError("need instances >= 0 and 0 <= min_lag <= max_lag")
        if any(lag < 0 for _, lag in self.pinned):
            raise FleetError("a pinned lag must not be negative")
        return self

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> FleetShape:
        """Read an admin payload such as {"instances": 3, "min_lag": 0, "max_lag": 10, "seed": 7}."""
        seed = payload.get("seed")
        return cls(
            instances=int(payload.get("instances", 3)),
            min_lag=int(payload.get("min_lag", 0)),
            max_lag=int(payload.get("max_lag", 0)),
            seed=None if seed is None else int(seed),
            pinned=tuple((str(path), int(lag)) for path, lag in dict(payload.get("pinned") or {}).items()),
        ).check()


class Fleet:
    """The instances' heights; thread-safe. `height(tip)` answers which ledger a read sees."""

    def __init__(self, shape: FleetShape | None = None) -> None:
        self._lock = threading.Lock()
        self._default = (shape or FleetShape()).check()
        self._configure(self._default)

    def _configure(self, shape: FleetShape) -> None:
        self.shape = shape
        self._random = random.Random(shape.seed)  # noqa: S311 - a simulation, not a secret
        self._lags = [self._draw() for _ in range(shape.instances)]
        self._heights: list[int] = [0] * shape.instances
        self._seen_tip = 0

    def _draw(self) -> int:
        return self._random.randint(self.shape.min_lag, self.shape.max_lag)

    @property
    def active(self) -> bool:
        """Whether any read may be served below the tip."""
        return bool(self.shape.instances or self.shape.pinned)

    def arm(self, shape: FleetShape) -> None:
        """Serve reads from this fleet from now on (instances start at their lag behind the tip)."""
        with self._lock:
            self._configure(shape.check())

    def reset(self) -> None:
        """Back to the configured fleet (none unless the environment set one)."""
        with self._lock:
            self._configure(self._default)

    def height(self, tip: int, path: str = "/") -> int:
        """The ledger the instance serving this read has reached (the tip when there is no fleet)."""
        with self._lock:
            for prefix, lag in self.shape.pinned:
                if path.startswith(prefix):
                    return max(1, tip - lag)
            if not self.shape.instances:
                return tip
            if not self._seen_tip:
                self._heights = [max(1, tip - lag) for lag in self._lags]
                self._seen_tip = tip
            for ledger in range(self._seen_tip + 1, tip + 1):
                for index in range(len(self._lags)):
                    if self._random.random() < REDRAW:
                        self._lags[index] = self._draw()
                    self._heights[index] = max(self._heights[index], ledger - self._lags[index])
            self._seen_tip = max(self._seen_tip, tip)
            return min(tip, self._heights[self._random.randrange(len(self._heights))])

    def snapshot(self) -> dict[str, Any]:
        """The fleet's shape and the instances' heights, for the admin endpoint."""
        with self._lock:
            return {
                "instances": self.shape.instances,
                "min_lag": self.shape.min_lag,
                "max_lag": self.shape.max_lag,
                "heights": list(self._heights),
                "pinned": dict(self.shape.pinned),
            }
