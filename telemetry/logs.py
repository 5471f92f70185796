"""One log set-up for every process: JSON lines (the default) or readable lines (LOG_FORMAT=console).

Only what a caller passes as fields is written: no body, header or secret reaches a log line unless
code names it, and none does.
"""

from __future__ import annotations

import logging
import os
import sys
from contextvars import ContextVar
from typing import Any

from pythonjsonlogger.core import RESERVED_ATTRS
from pythonjsonlogger.orjson import OrjsonFormatter

LOG_FORMAT_VARIABLE = "LOG_FORMAT"
CONSOLE = "console"
JSON = "json"
_RESERVED = frozenset([*RESERVED_ATTRS, "color_message"])

# The fields of the request this thread serves, filled in by whoever learns them (the API layer,
# intake, the status query) and written once, in the request's log line.
_request_fields: ContextVar[dict[str, Any] | None] = ContextVar("request_fields", default=None)


class ConsoleFormatter(logging.Formatter):
    """`time level logger: message key=value ...`, for a person reading `make run`."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        """The plain line, then the record's own fields."""
        line = super().format(record)
        fields = " ".join(f"{key}={value}" for key, value in record.__dict__.items() if key not in _RESERVED)
        return f"{line} {fields}" if fields else line


def make_formatter(log_format: str | None = None) -> logging.Formatter:
    """The formatter LOG_FORMAT names (`json`, the default, or `console`)."""
    chosen = (log_format or os.environ.get(LOG_FORMAT_VARIABLE) or JSON).lower()
    if chosen == CONSOLE:
        return ConsoleFormatter()
    if chosen != JSON:
        raise ValueError(f"{LOG_FORMAT_VARIABLE} must be {JSON!r} or {CONSOLE!r}, not {chosen!r}")
    return OrjsonFormatter(
        ["levelname", "name", "message"],
        rename_fields={"levelname": "level", "name": "logger"},
        timestamp="time",
        reserved_attrs=sorted(_RESERVED),
    )


def skip_unwritten_record_fields() -> None:
    """Stop records looking up their thread, process and process name, which no formatter here
    writes (they are reserved fields): the public switches the logging HOWTO's "Optimization"
    section names."""
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False


def configure_logging(log_format: str | None = None, level: int = logging.INFO) -> None:
    """Send every logger's records to stderr, one line each, in the chosen format."""
    skip_unwritten_record_fields()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(make_formatter(log_format))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)


def gunicorn_logconfig() -> dict[str, Any]:
    """gunicorn's `logconfig_dict`: its own messages, and the app's, in the chosen format on stderr."""
    skip_unwritten_record_fields()
    formatter = {"()": "telemetry.logs.make_formatter"}
    handler = {"class": "logging.StreamHandler", "formatter": "line", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"line": formatter},
        "handlers": {"stderr": handler},
        "root": {"level": "INFO", "handlers": ["stderr"]},
        "loggers": {
            "gunicorn.error": {"level": "INFO", "handlers": [], "propagate": True},
            "gunicorn.access": {"level": "INFO", "handlers": [], "propagate": True},
        },
    }


def start_request_fields(**fields: Any) -> dict[str, Any]:
    """Begin a request's fields (a fresh dict for this thread) and return them."""
    current = dict(fields)
    _request_fields.set(current)
    return current


def note(**fields: Any) -> None:
    """Add fields to the current request's log line; does nothing outside a request."""
    current = _request_fields.get()
    if current is not None:
        current.update(fields)


def end_request_fields() -> None:
    """Forget the request's fields, so nothing noted later is written under it."""
    _request_fields.set(None)
