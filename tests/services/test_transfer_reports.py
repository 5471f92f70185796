"""The report of a found transfer takes its TxSts and reason code from the one state table."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import datetime
from decimal import Decimal

import pytest

from services.reports import TxStatus
from services.transfer_reports import ANSWERS, transfer_report
from storage.transfers import TransferTimeline

AT = datetime(2026, 11, 22, 12, 0, 0)
TIMELINE = TransferTimeline(
    id=uuid.UUID("019a0000-0000-7000-8000-000000000001"),
    state="Created",
    created_at=AT,
    updated_at=AT,
    completed_at=None,
    amount_usd=Decimal("125.50"),
    amount_tkn=None,
    ledger_hash=None,
    error_code=None,
    failure_reason=None,
    last_event_at=AT,
    completed_event_at=None,
)


@pytest.mark.parametrize(
    ("state", "error_code", "answer"),
    [
        ("Created", None, (TxStatus.ACSP, None)),
        ("Processing", None, (TxStatus.ACSP, None)),
        ("Completed", None, (TxStatus.ACSC, None)),
        ("Failed", "AM04", (TxStatus.RJCT, "AM04")),
    ],
)
def test_each_state_is_reported_as_spec_3_says(
    state: str, error_code: str | None, answer: tuple[TxStatus, str | None]
) -> None:
    timeline = dataclasses.replace(TIMELINE, state=state, error_code=error_code)
    report = transfer_report(timeline)
    assert (report.status, report.reason) == answer
    assert ANSWERS.of(timeline) == answer


def test_a_state_outside_the_table_is_refused_not_reported() -> None:
    with pytest.raises(ValueError, match="'Cancelled'"):
        transfer_report(dataclasses.replace(TIMELINE, state="Cancelled"))


def test_an_unknown_transfer_is_answered_rjct_ac01() -> None:
    assert ANSWERS.of(None) == ("RJCT", "AC01")


def test_a_failed_report_gives_the_reason_in_words_after_the_error_code() -> None:
    reason = "the creditor account has no TKN trustline (ledger result op_no_trust)"
    failed = dataclasses.replace(TIMELINE, state="Failed", error_code="AC01", failure_reason=reason)
    info = list(transfer_report(failed).info)
    assert info[-2:] == ["ErrorCode: AC01", f"Reason: {reason}"]
    assert len(f"Reason: {reason}") <= 105  # one AddtlInf line (decision D9)


def test_a_failure_recorded_without_a_reason_reports_its_code_alone() -> None:
    failed = dataclasses.replace(TIMELINE, state="Failed", error_code="AC01")
    assert list(transfer_report(failed).info)[-1] == "ErrorCode: AC01"
