"""The app's request hooks: how a request gets and gives back its database connection."""

from __future__ import annotations

import uuid
from typing import Any

from flask.testing import FlaskClient
from psycopg_pool import ConnectionPool

from storage.database import database, is_postgres
from tests.support.messages import pacs028


def _query_unknown_transfer(client: FlaskClient, api_key: str) -> None:
    headers = {"NET-API-KEY": api_key, "Content-Type": "application/xml"}
    response = client.post("/v1/pacs028/net", data=pacs028(instruction_id=str(uuid.uuid4())), headers=headers)
    assert response.status_code == 404


def test_a_request_gives_its_connection_back(client: FlaskClient, api_key: str) -> None:
    _query_unknown_transfer(client, api_key)
    assert database.is_closed()
    if is_postgres():
        pool: ConnectionPool[Any] = database.obj.pool
        stats = pool.get_stats()
        assert stats["pool_available"] == stats["pool_size"]  # back in the pool, not held (decision S6)
