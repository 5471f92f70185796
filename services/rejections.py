"""Reason codes, rule violations, and the exception that rejects a message."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class ReasonCode(StrEnum):
    """ISO 20022 ExternalStatusReason1Code values this service uses (spec 7.1; AM05, TECH, AM04, AC04, AC06 of 7.2)."""

    FF01 = "FF01"
    AM09 = "AM09"
    AC01 = "AC01"
    NARR = "NARR"
    CUST = "CUST"
    AG01 = "AG01"
    AM05 = "AM05"
    TECH = "TECH"
    AM04 = "AM04"
    AC04 = "AC04"
    AC06 = "AC06"


@dataclass(frozen=True)
class Violation:
    """One broken rule: the reason code and a human-readable text."""

    code: ReasonCode
    text: str


NOT_PROVIDED = "NOTPROVIDED"


class MessageRejected(Exception):
    """The request is refused; answered with a pacs.002 RJCT carrying every violation."""

    def __init__(
        self,
        violations: Sequence[Violation],
        instruction_id: str | None = None,
        end_to_end_id: str | None = None,
    ) -> None:
        super().__init__("; ".join(f"{v.code}: {v.text}" for v in violations))
        self.violations = tuple(violations)
        self.instruction_id = instruction_id
        self.end_to_end_id = end_to_end_id


class ConfigurationError(Exception):
    """The service is not configured to do what the request needs (spec: 500)."""
