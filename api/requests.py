"""Helpers every endpoint uses: the caller, the body, the shared service objects, the clock."""

from __future__ import annotations

from datetime import UTC, datetime

from flask import Response, current_app, g, request

from services.api_keys import Caller, authenticate
from services.context import ServiceContext
from services.rejections import MessageRejected, ReasonCode, Violation

API_KEY_HEADER = "NET-API-KEY"
XML_TYPES = ("application/xml", "text/xml")


def require_api_key() -> Response | None:
    """before_request hook: a missing, unknown or revoked key is 401 with no body, before any parsing."""
    caller = authenticate(request.headers.get(API_KEY_HEADER), services().keys)
    if caller is None:
        return Response(status=401)
    g.caller = caller
    return None


def caller() -> Caller:
    """The authenticated caller of this request."""
    found: Caller = g.caller
    return found


def services() -> ServiceContext:
    """The process-wide service objects."""
    context: ServiceContext = current_app.extensions["gateway"]
    return context


def xml_body() -> bytes:
    """The raw request body; rejects other content types (FF01)."""
    if request.mimetype not in XML_TYPES:
        raise MessageRejected(
            [Violation(ReasonCode.FF01, f"Content-Type must be application/xml or text/xml, not '{request.mimetype}'.")]
        )
    return request.get_data(cache=True)


def utc_now() -> datetime:
    """The request's clock, aware UTC."""
    return datetime.now(UTC)
