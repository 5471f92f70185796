"""The one place that maps domain errors to HTTP statuses and pacs.002 rejections."""

from __future__ import annotations

import logging
import uuid

from flask import Flask, Response, g, jsonify, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed, RequestEntityTooLarge

from api.cancellations import PATH_PREFIX as CANCEL_PATH_PREFIX
from api.request_context import services, utc_now
from api.transfers import SUBMIT_ENDPOINT
from services.batch_status import BatchRejected
from services.rate_limits import RateLimited
from services.rejections import ConfigurationError, MessageRejected, ReasonCode, Violation
from services.reports import StatusReport, TxStatus
from services.resolutions import Confirmation, Resolution
from services.status_queries import TransferNotFound
from storage.database import unreachable
from telemetry.logs import note

logger = logging.getLogger("gateway.api")

XML = "application/xml"
# An unexpected failure is 422 on intake (spec 4.1) and 500 elsewhere (spec 4.2).
_UNEXPECTED_STATUS = {SUBMIT_ENDPOINT: 422}
# When a client may try again after the database could not be reached (docs/decisions.md P10).
DATABASE_RETRY_AFTER_SECONDS = 5


def rejection(
    status: int, violations: list[Violation], instruction_id: str | None = None, end_to_end_id: str | None = None
) -> Response:
    """A pacs.002 RJCT response; under /v1/camt056/, a camt.029 RJCR carrying the same code and texts."""
    note(reason_code=violations[0].code.value)
    if request.path.startswith(CANCEL_PATH_PREFIX):
        refusal = Resolution(
            Confirmation.RJCR,
            requester=g.caller.organization_name if "caller" in g else None,
            transfer_id=instruction_id,
            proprietary=violations[0].code.value,
            info=tuple(v.text for v in violations),
        )
        return Response(services().resolutions.render(refusal, utc_now()), status=status, mimetype=XML)
    report = StatusReport(TxStatus.RJCT, instruction_id, end_to_end_id, violations=violations)
    return Response(services().writer.render(report, utc_now()), status=status, mimetype=XML)


def _message_rejected(error: MessageRejected) -> Response:
    return rejection(400, list(error.violations), error.instruction_id, error.end_to_end_id)


def _not_found(error: TransferNotFound) -> Response:
    return rejection(404, [error.violation], instruction_id=error.transfer_id)


def _batch_rejected(error: BatchRejected) -> Response:
    # JSON in, JSON out: the batch endpoint is not an ISO 20022 one (docs/decisions.md E1).
    response = jsonify({"error": error.error, "message": error.message})
    response.status_code = 400
    return response


def _too_large(_: RequestEntityTooLarge) -> Response:
    limit = services().reader.max_bytes
    return rejection(400, [Violation(ReasonCode.FF01, f"The body exceeds the limit of {limit} bytes.")])


def _rate_limited(error: RateLimited) -> Response:
    # TECH, as for an unreachable database: the message is not at fault; send it again unchanged.
    response = rejection(429, [Violation(ReasonCode.TECH, error.text)])
    response.headers["Retry-After"] = str(error.retry_after_seconds)
    return response


def _configuration_error(error: ConfigurationError) -> Response:
    logger.error("configuration error on %s: %s", request.path, error)
    return rejection(500, [Violation(ReasonCode.NARR, f"Internal server configuration error: {error}")])


def _http_error(error: HTTPException) -> Response:
    status = error.code or 500
    response = rejection(status, [Violation(ReasonCode.NARR, f"{error.name}: {request.method} {request.path}")])
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        response.headers["Allow"] = ", ".join(sorted(error.valid_methods))
    return response


def _database_unreachable(error: Exception) -> Response:
    logger.warning("database unreachable on %s: %s", request.path, error)
    text = (
        "The service could not reach its database. "
        f"Send the same message again in {DATABASE_RETRY_AFTER_SECONDS} seconds; "
        "a message sent again is recorded at most once (a pacs.008 by its MsgId, a camt.056 by its Assgnmt/Id)."
    )
    response = rejection(503, [Violation(ReasonCode.TECH, text)])
    response.headers["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
    return response


def _unexpected(error: Exception) -> Response:
    if unreachable(error):  # a transient fault, not a bug: 503, for either endpoint
        return _database_unreachable(error)
    correlation_id = uuid.uuid4().hex
    note(correlation_id=correlation_id)
    logger.exception("unexpected error on %s [correlation %s]", request.path, correlation_id)
    status = _UNEXPECTED_STATUS.get(request.endpoint or "", 500)
    text = f"Unexpected processing error; nothing was created. Correlation ID: {correlation_id}."
    response = rejection(status, [Violation(ReasonCode.NARR, text)])
    response.headers["X-Correlation-ID"] = correlation_id
    return response


def init_app(app: Flask) -> None:
    """Register the handlers."""
    app.register_error_handler(MessageRejected, _message_rejected)
    app.register_error_handler(TransferNotFound, _not_found)
    app.register_error_handler(BatchRejected, _batch_rejected)
    app.register_error_handler(RequestEntityTooLarge, _too_large)
    app.register_error_handler(RateLimited, _rate_limited)
    app.register_error_handler(ConfigurationError, _configuration_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
