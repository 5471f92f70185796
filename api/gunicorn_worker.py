"""gunicorn's sync worker, answering what it refuses before the app sees a request with a pacs.002.

gunicorn reads the request line and headers itself, and refuses a malformed or oversized one with
its own `text/html` page. Every answer of this service but a 401 is a pacs.002 (spec 4), so this
worker writes a pacs.002 RJCT instead, with the status gunicorn would have used. There is no
request to quote: the report's original IDs are NOTPROVIDED.
"""

from __future__ import annotations

import socket
from datetime import UTC, datetime
from http import HTTPStatus
from ssl import SSLError

from gunicorn import util
from gunicorn.http import Request, errors
from gunicorn.workers.sync import SyncWorker

from services.rejections import ReasonCode, Violation
from services.reports import ReportWriter, StatusReport, TxStatus

# Raised while the app's own answer is written: the app's fault, not the client's (gunicorn 27;
# its type stubs do not have them yet).
_APP_FAULTS: tuple[type[Exception], ...] = tuple(
    getattr(errors, name) for name in ("InvalidResponseHeader", "InvalidResponseHeaderName")
)
_CLIENT_FAULTS = (
    errors.ParseException,
    errors.InvalidChunkSize,
    errors.ChunkMissingTerminator,
    errors.InvalidChunkExtension,
    SSLError,
)
# The statuses gunicorn gives these (workers/base.py, handle_error); any other client fault is 400.
_STATUSES: tuple[tuple[type[Exception], HTTPStatus], ...] = (
    (errors.LimitRequestLine, HTTPStatus.REQUEST_URI_TOO_LONG),
    (errors.LimitRequestHeaders, HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE),
    (errors.ExpectationFailed, HTTPStatus.EXPECTATION_FAILED),
    (errors.UnsupportedTransferCoding, HTTPStatus.NOT_IMPLEMENTED),
    (errors.ForbiddenProxyRequest, HTTPStatus.FORBIDDEN),
    (SSLError, HTTPStatus.FORBIDDEN),
    (errors.ConfigurationProblem, HTTPStatus.INTERNAL_SERVER_ERROR),
)
CONTENT_TYPE = "application/xml; charset=utf-8"  # what the app's pacs.002 answers carry


def refusal_status(error: BaseException) -> HTTPStatus:
    """The status gunicorn answers `error` with: its own for the faults it names, else 400 or 500."""
    if isinstance(error, _APP_FAULTS) or not isinstance(error, _CLIENT_FAULTS):
        return HTTPStatus.INTERNAL_SERVER_ERROR
    for kind, status in _STATUSES:
        if isinstance(error, kind):
            return status
    return HTTPStatus.BAD_REQUEST


def refusal(error: BaseException, writer: ReportWriter, now: datetime) -> bytes:
    """The whole HTTP answer to a request gunicorn refused with `error`: a pacs.002 RJCT."""
    status = refusal_status(error)
    if status == HTTPStatus.INTERNAL_SERVER_ERROR:
        violation = Violation(ReasonCode.NARR, "Unexpected processing error; nothing was created.")
    else:
        violation = Violation(ReasonCode.FF01, f"The request was refused before it was read: {error}")
    body = writer.render(StatusReport(TxStatus.RJCT, violations=[violation]), now)
    head = (
        f"HTTP/1.1 {status.value} {status.phrase}\r\n"
        "Connection: close\r\n"
        f"Content-Type: {CONTENT_TYPE}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("ascii") + body


class RefusalReportingWorker(SyncWorker):
    """A sync worker whose refusals of malformed requests are pacs.002 reports, not HTML pages."""

    _writer: ReportWriter | None = None

    def handle_error(
        self, req: Request | None, client: socket.socket, addr: str | int | tuple[str, int], exc: BaseException
    ) -> None:
        """Log `exc` as gunicorn does, then answer with a pacs.002 RJCT instead of gunicorn's page."""
        if refusal_status(exc) == HTTPStatus.INTERNAL_SERVER_ERROR:
            self.log.exception("Error handling request %s", getattr(req, "uri", "(no URI read)"))
        else:
            self.log.warning("Invalid request from ip=%s: %s", addr[0] if isinstance(addr, tuple) else addr, exc)
        if self._writer is None:
            self._writer = ReportWriter()  # built in the worker, on its first refusal
        try:
            util.write_nonblock(client, refusal(exc, self._writer, datetime.now(UTC)))
        except Exception:  # the client is gone, or never reads: nothing more to tell it
            self.log.debug("Failed to send error message.")
