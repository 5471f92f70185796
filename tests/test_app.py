"""The app's request hooks: how a request gets and gives back its database connection."""

from __future__ import annotations

import uuid
from typing import Any

from flask.testing import FlaskClient

from storage.database import database, is_postgres
from tests.support.messages import pacs028


def _query_unknown_transfer(client: FlaskClient, api_key: str) -> None:
    headers = {"NET-API-KEY": api_key, "Content-Type": "application/xml"}
    response = client.post("/v1/pacs028/net", data=pacs028(instruction_id=str(uuid.uuid4())), headers=headers)
    assert response.status_code == 404


def test_a_request_leaves_its_connection_held_on_postgres_and_closed_elsewhere(
    client: FlaskClient, api_key: str
) -> None:
    _query_unknown_transfer(client, api_key)
    if is_postgres():
        pool: Any = database.obj  # peewee's pool is untyped
        assert not database.is_closed()  # held for this thread's next request (decision S6)
        assert pool._connections == []  # not checked back into the pool
    else:
        assert database.is_closed()
