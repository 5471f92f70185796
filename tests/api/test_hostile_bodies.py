"""Over HTTP: hostile or oversized bodies get FF01 and write nothing."""

from __future__ import annotations

from flask.testing import FlaskClient

from storage.database import database
from storage.transfers import count_transfers
from tests.services.test_message_reader import BILLION_LAUGHS
from tests.support.reports import rejected

URL = "/v1/pacs008/net"


def test_entity_expansion_is_ff01(client: FlaskClient, api_key: str) -> None:
    response = client.post(
        URL, data=BILLION_LAUGHS, headers={"NET-API-KEY": api_key, "Content-Type": "application/xml"}
    )
    assert response.status_code == 400
    assert "DTDs" in rejected(response.data, "FF01").text


def test_body_over_one_megabyte_is_ff01(client: FlaskClient, api_key: str) -> None:
    body = b"<a>" + b"x" * (1_048_576) + b"</a>"
    response = client.post(URL, data=body, headers={"NET-API-KEY": api_key, "Content-Type": "application/xml"})
    assert response.status_code == 400
    assert "1048576 bytes" in rejected(response.data, "FF01").text
    with database.connection_context():
        assert count_transfers() == 0
