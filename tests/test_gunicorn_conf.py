"""gunicorn.conf.py: what every worker does once it has loaded the app."""

from __future__ import annotations

import gc
import importlib
import runpy
import socket
import weakref
from typing import Any

import pytest
from gunicorn.config import Config
from gunicorn.http.parser import RequestParser

from config import PROJECT_ROOT
from telemetry.gunicorn_logger import AccessOnDemandLogger


def test_a_worker_freezes_its_start_up_objects_out_of_collection() -> None:
    settings = runpy.run_path(str(PROJECT_ROOT / "gunicorn.conf.py"))
    gc.unfreeze()
    try:
        settings["post_worker_init"](None)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_workers_are_recycled_with_jitter() -> None:
    settings = runpy.run_path(str(PROJECT_ROOT / "gunicorn.conf.py"))
    assert settings["max_requests"] > 0
    assert 0 < settings["max_requests_jitter"] < settings["max_requests"]


def test_servers_use_the_logger_that_builds_access_fields_on_demand() -> None:
    settings = runpy.run_path(str(PROJECT_ROOT / "gunicorn.conf.py"))
    module, name = settings["logger_class"].rsplit(".", 1)
    assert getattr(importlib.import_module(module), name) is AccessOnDemandLogger


@pytest.mark.parametrize("read", [10, None], ids=["read in part", "read to its end"])
def test_a_chunked_request_is_freed_when_it_ends_without_the_collector(read: int | None) -> None:
    settings = runpy.run_path(str(PROJECT_ROOT / "gunicorn.conf.py"))
    ours, theirs = socket.socketpair()
    with ours, theirs:
        head = b"POST /v1/pacs008/net HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        data = b" " * 65_536
        # Read to its end: one chunk of 64 KiB. Read in part: a chunk of 1 MiB of which 64 KiB arrive.
        body = b"%x\r\n%s\r\n0\r\n\r\n" % (len(data), data) if read is None else b"100000\r\n" + data
        theirs.sendall(head + body)
        ours.settimeout(5)  # a drain that waits for the rest of the chunk ends instead of hanging
        parser: Any = RequestParser(Config(), ours, ("127.0.0.1", 0))  # gunicorn is untyped where it matters
        request: Any = next(parser)
        request.body.read(read)
        settings["post_request"](None, request, {}, None)
        # A body left unread leaves the connection's next request nowhere to start: it is not reused.
        assert parser.finish_body() is (read is None)
        freed = weakref.ref(request)
        gc.disable()
        try:
            del parser, request
            assert freed() is None
        finally:
            gc.enable()
