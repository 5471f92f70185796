"""The machine's floor: the least a pacs.008 endpoint can do, in the same gunicorn setup.

It parses the body with lxml, inserts one row into Postgres and answers 201. No validation, no
bindings, no report: our intake throughput is reported as a fraction of this one's.
Run as `gunicorn bench.floor:app` with BENCH_FLOOR_DSN set to a libpq DSN or URL.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable
from typing import Any

import psycopg
from lxml import etree

TABLE = "bench_floor"
CREATE_TABLE = (
    f"CREATE TABLE IF NOT EXISTS {TABLE} (id BIGSERIAL PRIMARY KEY, msg_id TEXT NOT NULL, body BYTEA NOT NULL)"
)
_INSERT = f"INSERT INTO {TABLE} (msg_id, body) VALUES (%s, %s)"  # noqa: S608 - constant table name
_NS = "{urn:iso:std:iso:20022:tech:xsd:pacs.008.001.13}"
_MSG_ID_PATH = f"{_NS}FIToFICstmrCdtTrf/{_NS}GrpHdr/{_NS}MsgId"
_local = threading.local()

StartResponse = Callable[[str, list[tuple[str, str]]], Any]


def _connection() -> Any:
    # One connection per thread, opened on first use and kept: the floor pays no connect cost.
    connection = getattr(_local, "connection", None)
    if connection is None or connection.closed:
        connection = psycopg.connect(os.environ["BENCH_FLOOR_DSN"], autocommit=True)
        _local.connection = connection
    return connection


def _parser() -> etree.XMLParser:
    parser: etree.XMLParser | None = getattr(_local, "parser", None)
    if parser is None:
        parser = _local.parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return parser


def app(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
    """WSGI: parse the body, insert one row, answer 201 with a short XML body."""
    length = int(environ.get("CONTENT_LENGTH") or 0)
    body = environ["wsgi.input"].read(length)
    try:
        root = etree.fromstring(body, _parser())
    except etree.XMLSyntaxError:
        start_response("400 Bad Request", [("Content-Type", "text/plain"), ("Content-Length", "0")])
        return [b""]
    msg_id = root.findtext(_MSG_ID_PATH) or ""
    with _connection().cursor() as cursor:
        cursor.execute(_INSERT, (msg_id, body))
    answer = f"<Accepted><MsgId>{msg_id}</MsgId></Accepted>".encode()
    start_response("201 Created", [("Content-Type", "application/xml"), ("Content-Length", str(len(answer)))])
    return [answer]
