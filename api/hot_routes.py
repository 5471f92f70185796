"""The busy endpoints served straight from WSGI, with the answers Flask's routes give.

POST /v1/pacs008/{network}, POST /v1/pacs028/{network} and POST /v1/transfers/batch-status are
nearly all of the traffic, and Flask's work around each request (the application and request
contexts, URL matching, the request and response objects, the hooks) cost about a fifth of a
pacs.008's worker CPU (decision P11, docs/performance.md). `HotRoutes` wraps the app's WSGI
callable. A request it recognises as a plain one of these (POST, a Content-Type of exactly
`application/xml` or `text/xml`, or `application/json` for the batch, a Content-Length within the
limit, a plain network segment, a valid key) it serves itself: the same service call as the views in
api/transfers.py and api/batch_status.py, the same log line and metrics (api/request_log.py), the
same headers; the batch's JSON is made by Flask's own JSON provider.

Everything else goes to Flask untouched, and so does every answer that is not the service's success:
a missing or unknown key, a rejection, an error of any kind is handed, inside a Flask request
context, to Flask's own error handling (api/errors.py, the one place that maps errors to HTTP) and
its after-request hooks, exactly as if the view had raised it. tests/api/test_hot_routes.py sends
the same requests through both and compares status, headers, body, log line and metrics.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from flask import Flask, Response, g
from werkzeug.exceptions import ClientDisconnected
from werkzeug.http import HTTP_STATUS_CODES
from werkzeug.utils import get_content_type

from api.batch_status import BATCH_ENDPOINT, batch_answer
from api.request_log import REQUEST_ID_HEADER, record, request_id
from api.requests import API_KEY_CHALLENGE, XML_TYPES, unauthorized, utc_now
from api.transfers import QUERY_ENDPOINT, SUBMIT_ENDPOINT, XML, accept, answer
from services.api_keys import Caller, authenticate
from services.context import ServiceContext
from storage.database import end_request
from telemetry.logs import start_request_fields

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]
Handler = Callable[[ServiceContext, Caller, str, bytes, datetime], bytes]

# A network segment the Flask route would match and pass on unchanged: plain ASCII, no `/`, no
# percent-decoding question. Any other goes to Flask, which answers it as it always has.
_PATH = re.compile(r"/v1/(?:(pacs008|pacs028)/([A-Za-z0-9._~-]{1,64})|transfers/(batch-status))/?")
_XML_ROUTES: dict[str, tuple[str, int, Handler]] = {
    "pacs008": (SUBMIT_ENDPOINT, 201, accept),
    "pacs028": (QUERY_ENDPOINT, 200, answer),
}
_BATCH = "batch-status"
_JSON_TYPES = ("application/json",)


# The Content-Type a Response with `mimetype=XML` carries (werkzeug adds the charset for XML).
_CONTENT_TYPE = get_content_type(XML, "utf-8")


def _status_line(code: int) -> str:
    return f"{code} {HTTP_STATUS_CODES[code].upper()}"  # as werkzeug writes it


class HotRoutes:
    """WSGI middleware: serves the plain requests of the busy routes, hands every other to `flask_app`."""

    def __init__(self, app: Flask, flask_app: WsgiApp) -> None:
        self.app = app
        self.flask_app = flask_app
        self.status_lines = {status: _status_line(status) for _, status, _ in _XML_ROUTES.values()}

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        """Serve the request, here or through Flask."""
        route = self._plain_route(environ)
        if route is None:
            return self.flask_app(environ, start_response)
        kind, network = route
        started = time.perf_counter()
        fields = start_request_fields(request_id=request_id(environ.get("HTTP_X_REQUEST_ID", "")))
        context: ServiceContext = self.app.extensions["gateway"]
        caller: Caller | None = None
        try:
            caller = authenticate(environ.get("HTTP_NET_API_KEY"), context.keys)
            if caller is None:
                refusal = unauthorized(API_KEY_CHALLENGE)
                return self._through_flask(environ, start_response, started, fields, None, refusal)
            context.key_use.note(caller.key_id)
            length = int(environ["CONTENT_LENGTH"])
            body: bytes = environ["wsgi.input"].read(length)
            if len(body) < length:
                raise ClientDisconnected()  # as werkzeug's stream says when the body ends short
            if kind == _BATCH:
                batch = self.app.make_response(batch_answer(context, caller, body, utc_now()))  # as jsonify does
            else:
                endpoint, status, handler = _XML_ROUTES[kind]
                report = handler(context, caller, network, body, utc_now())
        except Exception as error:  # every failure is answered by Flask's error handlers, as from the view
            return self._through_flask(environ, start_response, started, fields, caller, error)
        finally:
            end_request()
        path = environ["PATH_INFO"]
        if kind == _BATCH:
            record(fields, caller, "POST", path, BATCH_ENDPOINT, batch.status_code, started)
            batch.headers[REQUEST_ID_HEADER] = fields["request_id"]
            return batch(environ, start_response)
        record(fields, caller, "POST", path, endpoint, status, started)
        headers = [
            ("Content-Type", _CONTENT_TYPE),
            ("Content-Length", str(len(report))),
            (REQUEST_ID_HEADER, fields["request_id"]),
        ]
        start_response(self.status_lines[status], headers)
        return [report]

    def _plain_route(self, environ: dict[str, Any]) -> tuple[str, str] | None:
        """(kind, network) for a request this serves itself; None for one Flask must."""
        if environ.get("REQUEST_METHOD") != "POST" or environ.get("SCRIPT_NAME"):
            return None
        if "HTTP_TRANSFER_ENCODING" in environ:
            return None
        length = environ.get("CONTENT_LENGTH", "")
        if not (length.isascii() and length.isdigit()) or int(length) > self.app.config["MAX_CONTENT_LENGTH"]:
            return None
        found = _PATH.fullmatch(environ.get("PATH_INFO", ""))
        if found is None:
            return None
        kind, network, batch = found.groups()
        types = _JSON_TYPES if batch else XML_TYPES
        if environ.get("CONTENT_TYPE") not in types:
            return None
        return (batch, "") if batch else (kind, network)

    def _through_flask(
        self,
        environ: dict[str, Any],
        start_response: StartResponse,
        started: float,
        fields: dict[str, Any],
        caller: Caller | None,
        outcome: Response | Exception,
    ) -> Iterable[bytes]:
        """Finish the request as Flask would have after its hooks or its view gave `outcome`."""
        app = self.app
        with app.request_context(environ):
            g.request_started, g.request_fields = started, fields
            if caller is not None:
                g.caller = caller
            try:
                returned = outcome if isinstance(outcome, Response) else app.handle_user_exception(outcome)
                response = app.finalize_request(returned)
            except Exception as error:  # as Flask's wsgi_app: an error while handling one is a 500
                response = app.handle_exception(error)
            return response(environ, start_response)
