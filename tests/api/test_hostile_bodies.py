"""Over HTTP: hostile, oversized or badly framed bodies get FF01 and write nothing.

The chunked cases go through a real gunicorn on raw sockets: the test client hides the wire.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from config import load_config
from storage.database import database
from storage.transfers import count_transfers
from tests.services.test_message_reader import BILLION_LAUGHS
from tests.support.gunicorn import Server, chunked, gunicorn, request
from tests.support.messages import pacs008
from tests.support.reports import parse_report, rejected

URL = "/v1/pacs008/net"
LIMIT: int = load_config({})["MAX_BODY_BYTES"]


def transfers() -> int:
    with database.connection_context():
        return count_transfers()


@pytest.fixture()
def server(app: Flask, api_key: str) -> Iterator[Server]:
    with gunicorn(app.config["DATABASE_URL"]) as running:
        yield running


def test_entity_expansion_is_ff01(client: FlaskClient, api_key: str) -> None:
    response = client.post(
        URL, data=BILLION_LAUGHS, headers={"NET-API-KEY": api_key, "Content-Type": "application/xml"}
    )
    assert response.status_code == 400
    assert "DTDs" in rejected(response.data, "FF01").text


def test_body_over_the_limit_is_ff01(client: FlaskClient, api_key: str) -> None:
    body = b"<a>" + b"x" * LIMIT + b"</a>"
    response = client.post(URL, data=body, headers={"NET-API-KEY": api_key, "Content-Type": "application/xml"})
    assert response.status_code == 400
    assert f"{LIMIT} bytes" in rejected(response.data, "FF01").text
    assert transfers() == 0


def over_the_limit() -> bytes:
    """A valid pacs.008 followed by whitespace past the limit: cut at the limit, it would be accepted."""
    body = pacs008()
    return body + b" " * (LIMIT + 1 - len(body))


def test_a_chunked_body_within_the_limit_is_accepted(server: Server, api_key: str) -> None:
    body = pacs008()
    status, answer = server.exchange(request(URL, body, api_key, chunks=chunked(body, size=100)))
    assert status == 201, answer
    assert parse_report(answer).status == "ACCP"
    assert transfers() == 1


def test_a_chunked_body_over_the_limit_is_refused_unparsed(server: Server, api_key: str) -> None:
    body = over_the_limit()
    status, answer = server.exchange(request(URL, body, api_key, chunks=chunked(body, size=65_536)))
    assert status == 400
    assert f"limit of {LIMIT} bytes" in rejected(answer, "FF01").text
    assert transfers() == 0


def test_a_content_length_body_over_the_limit_is_refused(server: Server, api_key: str) -> None:
    status, answer = server.exchange(request(URL, over_the_limit(), api_key))
    assert status == 400
    assert f"limit of {LIMIT} bytes" in rejected(answer, "FF01").text
    assert transfers() == 0


@pytest.mark.parametrize(
    "framing",
    [
        [b"zz\r\n<Document/>\r\n0\r\n\r\n"],  # a chunk size that is not hexadecimal
        [b"5\r\n<Document/>\r\n0\r\n\r\n"],  # a chunk longer than its size says
        [b"10\r\n<Docu"],  # the connection ends inside a chunk
    ],
    ids=["bad-size", "missing-terminator", "truncated"],
)
def test_a_malformed_chunked_body_is_ff01(server: Server, api_key: str, framing: list[bytes]) -> None:
    status, answer = server.exchange(request(URL, b"", api_key, chunks=framing))
    assert status == 400
    assert "chunked body is malformed" in rejected(answer, "FF01").text
    assert transfers() == 0
