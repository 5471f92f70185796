"""Helpers every endpoint uses: the caller, the body, the shared service objects, the clock."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime

from flask import Response, current_app, g, request
from werkzeug.exceptions import RequestEntityTooLarge

from services.api_keys import Caller, authenticate
from services.context import ServiceContext
from services.rate_limits import RateEndpoint
from services.rejections import MessageRejected, ReasonCode, Violation

API_KEY_HEADER = "NET-API-KEY"
# What a 401 asks for: no body (spec 5), but the header names the scheme (RFC 9110, 11.6.1).
API_KEY_CHALLENGE = f'{API_KEY_HEADER} realm="net"'
XML_TYPES = ("application/xml", "text/xml")
_READ_SIZE = 65_536


def require_api_key() -> Response | None:
    """before_request hook: a missing, unknown or revoked key is 401 with no body, before any parsing."""
    caller = authenticate(request.headers.get(API_KEY_HEADER), services().keys)
    if caller is None:
        return unauthorized(API_KEY_CHALLENGE)
    services().key_use.note(caller.key_id)
    g.caller = caller
    return None


def rate_limit(endpoints: Mapping[str, RateEndpoint]) -> Callable[[], None]:
    """A before_request hook, registered after the key check: the caller's organization within its rate.

    It runs before the body is read, so a refused request (RateLimited, 429) parses and records nothing.
    """

    def limit_rate() -> None:
        endpoint = endpoints.get(request.endpoint or "")
        if endpoint is not None:
            services().rate_limiter.admit(caller().organization_id, endpoint, utc_now())

    return limit_rate


def unauthorized(challenge: str) -> Response:
    """A 401 with the `WWW-Authenticate` challenge, no body and so no Content-Type (Flask adds text/html)."""
    response = Response(status=401, headers={"WWW-Authenticate": challenge})
    del response.headers["Content-Type"]
    return response


def caller() -> Caller:
    """The authenticated caller of this request."""
    found: Caller = g.caller
    return found


def services() -> ServiceContext:
    """The process-wide service objects."""
    context: ServiceContext = current_app.extensions["gateway"]
    return context


def xml_body() -> bytes:
    """The raw request body; rejects other content types (FF01) and bodies over the limit."""
    if not request.mimetype:
        raise MessageRejected(
            [Violation(ReasonCode.FF01, "The Content-Type header is missing; send application/xml or text/xml.")]
        )
    if request.mimetype not in XML_TYPES:
        raise MessageRejected(
            [Violation(ReasonCode.FF01, f"Content-Type must be application/xml or text/xml, not '{request.mimetype}'.")]
        )
    if request.content_length is not None:
        return request.get_data(cache=True)  # werkzeug refused a Content-Length over the limit
    return _streamed_body(services().reader.max_bytes)


def _streamed_body(limit: int) -> bytes:
    """A body without Content-Length (chunked), counted against `limit` as it arrives.

    werkzeug's own limit on such a stream stops reading at the limit and hands on what it read,
    so an oversized body was cut and parsed; here one byte more than the limit refuses it unparsed.
    """
    if "wsgi.input_terminated" not in request.environ:
        return b""  # the server does not end the stream itself: reading it could block forever
    stream = request.environ["wsgi.input"]
    parts: list[bytes] = []
    size = 0
    while size <= limit:
        try:
            part: bytes = stream.read(min(_READ_SIZE, limit + 1 - size))
        except Exception as error:  # the server's chunk decoder: gunicorn's, werkzeug's, any other
            raise MessageRejected(
                [Violation(ReasonCode.FF01, f"The chunked body is malformed: {type(error).__name__} {error}")]
            ) from None
        if not part:
            return b"".join(parts)
        parts.append(part)
        size += len(part)
    raise RequestEntityTooLarge()


def utc_now() -> datetime:
    """The request's clock, aware UTC."""
    return datetime.now(UTC)
