"""pacs.002 reports: the per-shape templates write exactly what xsdata writes for the same document."""

from __future__ import annotations

import re
import textwrap
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any

import pytest
from xsdata.models.datatype import XmlDateTime

import services.reports
from services.rejections import ReasonCode, Violation
from services.reports import NAMESPACE, ReportWriter, StatusReport, TxStatus, new_report_id, split_text

NOW = datetime(2026, 11, 22, 9, 30, 15, 123456, tzinfo=UTC)
REPORT_ID = "RESP-1795339815-ABCD1234"
HOSTILE = "a & b < c > d \"quoted\" 'single' \r\n\ttabbed ]]> é € 𝄞"

REPORTS = [
    StatusReport(TxStatus.ACCP, "INSTR-1", "E2E-1", info=["TransferId: 0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"]),
    StatusReport(TxStatus.ACCP, "I&2<", None, info=["TransferId: 0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c"]),
    StatusReport(TxStatus.RJCT, violations=[Violation(ReasonCode.FF01, HOSTILE)]),
    # IDs come from the request unwrapped, so they keep what an XML character reference put in.
    StatusReport(TxStatus.RJCT, HOSTILE[:35], "\r\n", violations=[Violation(ReasonCode.NARR, "ids")]),
    StatusReport(
        TxStatus.RJCT,
        "INSTR-9",
        "E2E-9",
        violations=[Violation(ReasonCode.AM09, "x" * 300), Violation(ReasonCode.AC01, "word " * 40)],
    ),
    StatusReport(
        TxStatus.ACSC,
        "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
        "NOTPROVIDED",
        info=["TransferId: 0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", "Status: Completed", "TransactionHash: " + "f" * 64],
        settlement_amount_usd=Decimal("125.50"),
        instructed_amount_tkn=Decimal("125.5000000"),
    ),
    StatusReport(
        TxStatus.ACSC,
        "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c",
        "NOTPROVIDED",
        info=["TransferId: other", "Status: Completed", "TransactionHash: " + "0" * 64],
        settlement_amount_usd=Decimal("0.01"),
        instructed_amount_tkn=Decimal("1E-7"),
    ),
    StatusReport(
        TxStatus.RJCT,
        "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d",
        "NOTPROVIDED",
        info=["Status: Failed", "ErrorCode: AC01"],
        settlement_amount_usd=Decimal("10000.00"),
        reason="AC01",
    ),
    StatusReport(TxStatus.PDNG),
]


def xsdata_render(writer: ReportWriter, report: StatusReport) -> bytes:
    """The report serialized whole by xsdata, values in place: what the template must reproduce."""
    created = services.reports._created(NOW)
    document = services.reports._document(report, REPORT_ID, created, lambda value: value)
    return writer.serializer.render(document, ns_map={None: NAMESPACE}).encode("utf-8")


@pytest.fixture()
def fixed_report_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(services.reports, "new_report_id", lambda now: REPORT_ID)


@pytest.mark.usefixtures("fixed_report_id")
@pytest.mark.parametrize("report", REPORTS, ids=lambda r: r.status.value)
def test_a_templated_report_is_byte_for_byte_what_xsdata_writes(report: StatusReport) -> None:
    writer = ReportWriter()
    assert writer.render(report, NOW) == xsdata_render(writer, report)


@pytest.mark.usefixtures("fixed_report_id")
def test_one_writer_fills_each_template_with_each_report_s_own_values() -> None:
    writer = ReportWriter()
    for report in REPORTS + REPORTS:
        assert writer.render(report, NOW) == xsdata_render(writer, report)


def test_each_shape_is_serialized_once_and_then_filled_from_its_template(monkeypatch: pytest.MonkeyPatch) -> None:
    writer = ReportWriter()
    serialized: list[object] = []
    render = writer.serializer.render

    def counting(document: Any, **kwargs: Any) -> str:
        serialized.append(document)
        return render(document, **kwargs)

    monkeypatch.setattr(writer.serializer, "render", counting)
    for report in REPORTS:
        writer.render(report, NOW)
    first_pass = len(serialized)
    assert first_pass < len(REPORTS)  # the two ACCP reports share a shape
    for report in REPORTS:
        writer.render(report, NOW)
    assert len(serialized) == first_pass


@pytest.mark.parametrize(
    "text", ["", "short", " padded ", "tab\there", "line\nbreak", "x" * 105, "x" * 106, "word " * 30, "é" * 104]
)
def test_split_text_matches_textwrap(text: str) -> None:
    expected = textwrap.wrap(text, width=105, break_long_words=True, break_on_hyphens=False) or [""]
    assert split_text(text) == expected


def test_report_ids_are_stamped_and_random() -> None:
    ids = {new_report_id(NOW) for _ in range(1000)}
    assert len(ids) == 1000
    assert all(re.fullmatch(r"RESP-1795339815-[A-Z0-9]{8}", i) for i in ids)
    assert {c for i in ids for c in i[-8:]} == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


@pytest.mark.parametrize(
    "now",
    [
        datetime(2026, 11, 24, 13, 30, 42, 987654, tzinfo=UTC),
        datetime(1999, 1, 2, 3, 4, 5, tzinfo=UTC),
        datetime(2026, 11, 24, 13, 30, 42, 5, tzinfo=timezone(timedelta(hours=2))),
        datetime(2026, 11, 24, 13, 30, 42, tzinfo=UTC),
    ],
)
def test_the_creation_time_is_written_as_xsdata_writes_it(now: datetime) -> None:
    assert services.reports._created(now) == str(XmlDateTime.from_datetime(now.replace(microsecond=0)))
