"""The network path parameter (spec 4.1 rule 1, 4.2 rule 6)."""

from __future__ import annotations

from collections.abc import Sequence

from services.redaction import shortened
from services.rejections import ReasonCode, Violation


def check_network(network: str, supported: Sequence[str]) -> Violation | None:
    """NARR naming the unsupported network and the supported ones."""
    if network in supported:
        return None
    return Violation(
        ReasonCode.NARR,
        f"Network '{shortened(network, 40)}' is not supported. Supported networks: {', '.join(supported)}.",
    )
