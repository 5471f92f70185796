"""GET /ops: the read-only operator console, rendered on the server with Jinja, no JavaScript.

Registered only when OPS_TOKEN is set, and answered only to a request that presents that token:
as the password of HTTP Basic authentication (a browser asks for it; any user name) or as
`Authorization: Bearer <token>`. The page shows public data only: counts, transfer IDs, reasons
in words and channel accounts' public keys; never a key, a secret, a body or an envelope.
"""

from __future__ import annotations

import hmac

from flask import Blueprint, Response, current_app, render_template, request

from api.requests import unauthorized
from services.overview import RATE_WINDOW, WINDOWS, read_overview
from storage.models import utc_now
from storage.transfer_states import TransferState

blueprint = Blueprint("ops", __name__, template_folder="templates")

OPS_TOKEN_MIN_LENGTH = 16
# Nothing on the page is loaded from anywhere, so nothing may be; the inline style is the one exception.
_SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
STATE_COLOURS = {
    TransferState.COMPLETED.value: "#2e7d32",
    TransferState.PROCESSING.value: "#1565c0",
    TransferState.CREATED.value: "#9e9e9e",
    TransferState.FAILED.value: "#c62828",
}


def _presented_token() -> str | None:
    credentials = request.authorization
    if credentials is None:
        return None
    if credentials.type == "basic":
        return credentials.password
    if credentials.type == "bearer":
        return credentials.token
    return None


def _authorized(token: str) -> bool:
    presented = _presented_token()
    # compare_digest on bytes: constant time whatever the characters.
    return presented is not None and hmac.compare_digest(presented.encode(), token.encode())


@blueprint.get("/ops", provide_automatic_options=False)
def console() -> Response:
    """The console page; 401 with a Basic challenge without the right token."""
    if not _authorized(current_app.config["OPS_TOKEN"]):
        return unauthorized('Basic realm="ops", charset="UTF-8"')
    window = request.args.get("window", "1h")
    if window not in WINDOWS:
        window = "1h"
    view = read_overview(utc_now(), window=window)
    page = render_template(
        "ops.html",
        view=view,
        window=window,
        windows=list(WINDOWS),
        bucket_minutes=int(WINDOWS[window][1].total_seconds() // 60),
        rate_minutes=int(RATE_WINDOW.total_seconds() // 60),
        colours=STATE_COLOURS,
        states=[state.value for state in TransferState],
        tallest=max([bucket.total for bucket in view.timeline] + [1]),
    )
    return Response(page, mimetype="text/html", headers=_SECURITY_HEADERS)
