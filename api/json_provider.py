"""Flask's JSON answers (the batch status, the probes, the batch's refusals), written by orjson.

Flask's default provider writes them with the standard library's encoder: for a 100-ID batch
answer that was a fifth of the request's CPU (bench/hooks_profile.py). This provider writes what
the default writes, keys sorted, compact, with a final newline, except that text outside ASCII is
written as UTF-8 rather than as `\\u` escapes; the answers say `charset` nowhere and JSON is UTF-8.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import orjson
from flask import Response, current_app
from flask.json.provider import JSONProvider

_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS
MIMETYPE = "application/json"


def _default(value: object) -> object:
    # What Flask's default provider also writes as text; orjson writes dates, UUIDs and dataclasses itself.
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


class OrjsonProvider(JSONProvider):
    """`app.json`: dumps and loads with orjson, and the JSON responses `jsonify` makes."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """`obj` as compact JSON with sorted keys."""
        return orjson.dumps(obj, default=_default, option=_OPTIONS).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """The value a JSON text holds."""
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """A JSON response of the one argument, or of the arguments as a list or dict (as `jsonify` takes them)."""
        if args and kwargs:
            raise TypeError("app.json.response() takes either args or kwargs, not both")
        obj: Any = args[0] if len(args) == 1 else (args or kwargs or None)
        body = orjson.dumps(obj, default=_default, option=_OPTIONS | orjson.OPT_APPEND_NEWLINE)
        return current_app.response_class(body, mimetype=MIMETYPE)
