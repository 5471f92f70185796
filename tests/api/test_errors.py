"""api/errors.py: each kind of error becomes its own status and a pacs.002 RJCT with the right reason."""

from __future__ import annotations

import logging

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.exceptions import RequestEntityTooLarge

from services.rejections import ConfigurationError, MessageRejected, ReasonCode, Violation
from services.status_queries import TransferNotFound
from tests.support.reports import parse_report, rejected

SECRET_DETAIL = "password=hunter2 in the failing library's message"


def _raise(kind: str) -> str:
    errors: dict[str, Exception] = {
        "rejected": MessageRejected(
            [Violation(ReasonCode.FF01, "first"), Violation(ReasonCode.AM09, "second")], "INSTR-1", "E2E-1"
        ),
        "not-found": TransferNotFound("019a0000-0000-7000-8000-000000000001"),
        "too-large": RequestEntityTooLarge(),
        "configuration": ConfigurationError("PRODUCTION_HORIZON_URL is not set"),
        "unexpected": RuntimeError(SECRET_DETAIL),
    }
    raise errors[kind]


@pytest.fixture()
def raising(app: Flask) -> FlaskClient:
    """The app with one more route, which raises the error its path names."""
    app.add_url_rule("/raise/<kind>", "raise", _raise, methods=["POST"])
    return app.test_client()


def test_a_rejected_message_is_400_with_every_violation_in_order(raising: FlaskClient) -> None:
    response = raising.post("/raise/rejected")
    assert (response.status_code, response.mimetype) == (400, "application/xml")
    report = rejected(response.data, "FF01")
    assert report.codes == ["FF01", "AM09"] and report.lines == ["first", "second"]
    assert (report.instruction_id, report.end_to_end_id) == ("INSTR-1", "E2E-1")


def test_a_transfer_not_found_is_404_ac01_naming_the_queried_id(raising: FlaskClient) -> None:
    response = raising.post("/raise/not-found")
    assert response.status_code == 404
    report = rejected(response.data, "AC01")
    assert report.instruction_id == "019a0000-0000-7000-8000-000000000001"
    assert report.text == "Transfer not found: 019a0000-0000-7000-8000-000000000001"


def test_a_body_over_the_limit_is_400_ff01_stating_the_limit(app: Flask, raising: FlaskClient) -> None:
    response = raising.post("/raise/too-large")
    assert response.status_code == 400
    assert (
        rejected(response.data, "FF01").text == f"The body exceeds the limit of {app.config['MAX_BODY_BYTES']} bytes."
    )


def test_a_configuration_error_is_500_narr_and_logged(raising: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="gateway.api"):
        response = raising.post("/raise/configuration")
    assert response.status_code == 500
    text = rejected(response.data, "NARR").text
    assert text == "Internal server configuration error: PRODUCTION_HORIZON_URL is not set"
    assert any("PRODUCTION_HORIZON_URL" in r.getMessage() for r in caplog.records)


def test_an_unexpected_error_outside_intake_is_500_with_a_correlation_id_and_no_detail(
    raising: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR, logger="gateway.api"):
        response = raising.post("/raise/unexpected")
    assert response.status_code == 500  # 422 is intake's (tests/api/test_pacs008.py)
    correlation = response.headers["X-Correlation-ID"]
    report = rejected(response.data, "NARR")
    assert report.text == f"Unexpected processing error; nothing was created. Correlation ID: {correlation}."
    assert SECRET_DETAIL.encode() not in response.data
    logged = [r for r in caplog.records if correlation in r.getMessage()]
    assert logged and logged[0].exc_info is not None  # the detail goes to the log, with its traceback


@pytest.mark.parametrize(("method", "path", "status", "text"), [
    ("GET", "/raise/rejected", 405, "Method Not Allowed: GET /raise/rejected"),
    ("POST", "/nowhere", 404, "Not Found: POST /nowhere"),
])  # fmt: skip
def test_an_http_error_keeps_its_status_and_names_the_request(
    raising: FlaskClient, method: str, path: str, status: int, text: str
) -> None:
    response = raising.open(path, method=method)
    assert response.status_code == status
    assert rejected(response.data, "NARR").text == text
    assert parse_report(response.data).instruction_id == "NOTPROVIDED"
