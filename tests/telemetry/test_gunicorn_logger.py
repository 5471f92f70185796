"""The gunicorn logger: access fields are built only for a line that will be written."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from gunicorn.config import Config

from telemetry.gunicorn_logger import AccessOnDemandLogger


class _CountingLogger(AccessOnDemandLogger):
    built = 0

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> Any:
        type(self).built += 1
        return {"h": "127.0.0.1", "r": "GET / HTTP/1.1", "s": "200"}


# Neither request nor response is read unless the line is written; the counting logger reads neither.
_UNREAD: Any = None


def _gunicorn_logger() -> _CountingLogger:
    settings = Config()
    settings.set("accesslog", "-")  # as `--access-logfile`: gunicorn builds the fields for every request
    _CountingLogger.built = 0
    return _CountingLogger(settings)


def test_no_access_fields_are_built_while_the_access_logger_is_off() -> None:
    logger = _gunicorn_logger()
    logger.access_log.setLevel(logging.WARNING)  # what the API does (api/request_log.py)
    logger.access(_UNREAD, _UNREAD, {}, timedelta(milliseconds=1))
    assert _CountingLogger.built == 0


def test_access_lines_are_still_written_where_the_access_logger_is_on() -> None:
    logger = _gunicorn_logger()
    logger.access_log.setLevel(logging.INFO)  # the sandbox ledger keeps its access lines
    logger.access(_UNREAD, _UNREAD, {}, timedelta(milliseconds=1))
    assert _CountingLogger.built == 1
