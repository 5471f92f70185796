"""chaos.cancels: how the cancel-tenth scenario judges each cancellation's final answer."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from lxml import etree

from chaos.cancels import camt056_body, check_cancellations
from chaos.invariants import TransferRow
from chaos.load import amount_of
from config import PROJECT_ROOT

ACCEPTED = {"cncl": amount_of(0), "rjcr": amount_of(1)}


def test_cancelled_unpaid_and_refused_paid_once_hold() -> None:
    rows = {"cncl": TransferRow("Failed", "DUPL: cancelled"), "rjcr": TransferRow("Completed", None)}
    first = {"cncl": "PDCR", "rjcr": "PDCR"}  # both met an envelope in flight
    verdict = check_cancellations({"cncl": "CNCL", "rjcr": "RJCR"}, ACCEPTED, rows, Counter({amount_of(1): 1}), first)
    assert verdict.holds
    assert verdict.describe() == "2 cancels (1 CNCL, 1 RJCR; 2 PDCR first), 0 paid-and-cancelled"


def test_a_cancelled_transfer_on_the_ledger_is_paid_and_cancelled() -> None:
    rows = {"cncl": TransferRow("Failed", "DUPL: cancelled")}
    verdict = check_cancellations({"cncl": "CNCL"}, ACCEPTED, rows, Counter({amount_of(0): 1}))
    assert len(verdict.paid_and_cancelled) == 1 and not verdict.holds


def test_an_answer_that_disagrees_with_the_transfer_or_is_left_pending_is_wrong() -> None:
    rows = {"cncl": TransferRow("Completed", None), "rjcr": TransferRow("Processing", None)}
    verdict = check_cancellations({"cncl": "CNCL", "rjcr": "PDCR"}, ACCEPTED, rows, Counter({amount_of(0): 1}))
    assert len(verdict.wrong) == 2 and len(verdict.paid_and_cancelled) == 1


def test_the_scenarios_camt056_is_valid_against_the_usage_guideline() -> None:
    schema = etree.XMLSchema(etree.parse(str(Path(PROJECT_ROOT) / "xsd" / "usage" / "camt.056.001.11.xsd")))
    body = camt056_body("01a21035-8107-7253-b64d-0aaebf15075f", "CXL-01a21035075f")
    assert schema.validate(etree.fromstring(body)), schema.error_log
