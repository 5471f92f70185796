"""Every request gets a request ID (taken from `X-Request-ID` or made), echoed back, one log line, and
its count and latency in the metrics (by endpoint, status and reason code).

The line carries the request ID, method, path, endpoint, organization, key ID, MsgId, TransferId,
status, reason code and latency: the fields, never the body or the key.
"""

from __future__ import annotations

import logging
import re
import time
import uuid

from flask import Flask, Response, g, request

from telemetry.logs import end_request_fields, start_request_fields
from telemetry.metrics import HTTP_REQUEST_SECONDS, HTTP_REQUESTS

logger = logging.getLogger("gateway.request")

REQUEST_ID_HEADER = "X-Request-ID"
# A caller's ID is kept when it is short and plain, so it cannot forge log lines or fill them.
_USABLE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:/+=@-]{1,128}")


def _request_id() -> str:
    offered = request.headers.get(REQUEST_ID_HEADER, "")
    return offered if _USABLE_REQUEST_ID.fullmatch(offered) else uuid.uuid4().hex


def _begin() -> None:
    g.request_started = time.perf_counter()
    g.request_fields = start_request_fields(request_id=_request_id())


def _finish(response: Response) -> Response:
    fields = g.get("request_fields") or start_request_fields(request_id=uuid.uuid4().hex)
    response.headers[REQUEST_ID_HEADER] = fields["request_id"]
    caller = g.get("caller")
    if caller is not None:
        fields["organization"] = caller.organization_name
        fields["organization_id"] = caller.organization_id
        fields["key_id"] = caller.key_id
    fields["method"] = request.method
    fields["path"] = request.path
    fields["endpoint"] = request.endpoint
    fields["status"] = response.status_code
    elapsed = time.perf_counter() - g.get("request_started", time.perf_counter())
    fields["latency_ms"] = round(elapsed * 1000, 3)
    labels = (request.endpoint or "none", str(response.status_code), fields.get("reason_code", ""))
    HTTP_REQUESTS.labels(*labels).inc()
    HTTP_REQUEST_SECONDS.labels(*labels).observe(elapsed)
    logger.info("%s %s %s", request.method, request.path, response.status_code, extra=fields)
    end_request_fields()
    return response


def init_app(app: Flask) -> None:
    """Register the hooks; they run before and after every other hook of every blueprint."""
    app.before_request_funcs.setdefault(None, []).insert(0, _begin)
    app.after_request(_finish)
    # This line replaces gunicorn's access line, which would say less about the same request.
    logging.getLogger("gunicorn.access").setLevel(logging.WARNING)
