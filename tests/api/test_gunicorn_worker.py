"""What gunicorn refuses before the app sees a request is answered with a pacs.002, on raw sockets."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from gunicorn.http import errors

from api.gunicorn_worker import refusal, refusal_status
from services.reports import ReportWriter
from tests.support.gunicorn import Answer, Server, gunicorn
from tests.support.reports import rejected

PATHS = ["/v1/pacs008/net", "/v1/pacs028/net"]
LIMIT_REQUEST_LINE = 4094  # gunicorn's defaults, which gunicorn.conf.py keeps
LIMIT_REQUEST_FIELDS = 100
LIMIT_REQUEST_FIELD_SIZE = 8190


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # Nothing here reaches the app, so an empty store serves every test of the module.
    with gunicorn(f"sqlite:///{tmp_path_factory.mktemp('refusals') / 'gateway.sqlite3'}") as running:
        yield running


def head(path: str, *headers: str, method: str = "POST") -> bytes:
    """A request head with `headers` (each a whole `Name: value`) and an empty body."""
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", *headers, "Content-Length: 0"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def assert_refused(answer: Answer, status: int, gist: str) -> None:
    assert answer.status == status, answer
    assert answer.headers["content-type"].split(";")[0] == "application/xml"
    assert int(answer.headers["content-length"]) == len(answer.body)
    report = rejected(answer.body, "FF01")  # schema-valid, both schemas
    assert report.instruction_id == report.end_to_end_id == "NOTPROVIDED"  # no request to quote
    assert gist in report.text, report.text


@pytest.mark.parametrize("path", PATHS)
def test_a_control_character_in_a_header_is_a_pacs002(server: Server, path: str) -> None:
    answer = server.answer(head(path, "NET-API-KEY: any", "Content-Type: application/xml\x01"))
    assert_refused(answer, 400, "Invalid HTTP Header")


def test_a_request_line_over_the_limit_is_a_pacs002(server: Server) -> None:
    path = "/v1/pacs008/net?" + "a" * LIMIT_REQUEST_LINE
    assert_refused(server.answer(head(path, "Content-Type: application/xml")), 414, "Request Line is too large")


def test_more_headers_than_the_limit_is_a_pacs002(server: Server) -> None:
    headers = [f"X-Filler-{n}: {n}" for n in range(LIMIT_REQUEST_FIELDS + 1)]
    assert_refused(server.answer(head(PATHS[0], *headers)), 431, "limit request headers fields")


def test_a_header_over_the_size_limit_is_a_pacs002(server: Server) -> None:
    header = "X-Filler: " + "a" * LIMIT_REQUEST_FIELD_SIZE
    assert_refused(server.answer(head(PATHS[0], header)), 431, "limit request headers fields size")


@pytest.mark.parametrize(
    "raw",
    [b"GARBAGE\r\n\r\n", b"POST /v1/pacs008/net HTTP/1.1 extra\r\n\r\n", b"POST  HTTP/1.1\r\n\r\n"],
    ids=["one word", "four parts", "no target"],
)
def test_a_malformed_request_line_is_a_pacs002(server: Server, raw: bytes) -> None:
    assert_refused(server.answer(raw), 400, "refused before it was read")


def test_a_well_formed_request_still_reaches_the_app(server: Server) -> None:
    # The worker class changes only what gunicorn refuses: without a key the app answers 401, no body.
    answer = server.answer(head(PATHS[0], "Content-Type: application/xml"))
    assert answer.status == 401 and answer.body == b""


def test_an_answer_the_app_got_wrong_is_a_500_narr_without_its_details() -> None:
    error = getattr(errors, "InvalidResponseHeader")("X-Broken")  # noqa: B009 - gunicorn 27, not in its stubs
    assert refusal_status(error) == 500
    answer = refusal(error, ReportWriter(), datetime.now(UTC))
    head_part, _, body = answer.partition(b"\r\n\r\n")
    assert head_part.startswith(b"HTTP/1.1 500 Internal Server Error\r\n")
    report = rejected(body, "NARR")
    assert "X-Broken" not in report.text
