"""GET /ops: the read-only operator console, rendered on the server with Jinja, no JavaScript.

The page shows transfers over time, the backlog, failures, source accounts' money and the day's
AM04 refusals, channels and webhooks; `?q=` with a TransferId, MsgId or EndToEndId shows that
transfer's story instead.

Registered only when OPS_TOKEN is set, and answered only to a request that presents that token:
as the password of HTTP Basic authentication (a browser asks for it; any user name) or as
`Authorization: Bearer <token>`. The page shows public data only: counts, transfer IDs, reasons
in words, account numbers and balances, ledger hashes and channel accounts' public keys; never
a key, a secret, a body or an envelope.
"""

from __future__ import annotations

import hmac
from datetime import timedelta

from flask import Blueprint, Response, current_app, render_template, request

from api.request_context import unauthorized
from services.money_overview import read_money
from services.overview import RATE_WINDOW, WINDOWS, read_overview
from services.transfer_story import TERM_MAX_LENGTH, search
from storage.models import utc_now
from storage.transfer_states import TransferState

blueprint = Blueprint("ops", __name__, template_folder="templates")

# Nothing on the page is loaded from anywhere, so nothing may be; the inline style is the one exception.
_SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'",
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


def _page(template: str, **values: object) -> Response:
    return Response(render_template(template, **values), mimetype="text/html", headers=_SECURITY_HEADERS)


@blueprint.get("/ops", provide_automatic_options=False)
def console() -> Response:
    """The console page, or with `?q=` a transfer's story; 401 with a Basic challenge without the right token."""
    if not _authorized(current_app.config["OPS_TOKEN"]):
        return unauthorized('Basic realm="ops", charset="UTF-8"')
    now = utc_now()
    term = request.args.get("q", "").strip()
    if term:
        result = search(term)
        return _page("ops_search.html", now=now, result=result, term=result.term, term_max_length=TERM_MAX_LENGTH)
    window = request.args.get("window", "1h")
    if window not in WINDOWS:
        window = "1h"
    view = read_overview(now, window=window)
    # A lease older than a claim is one the worker would have taken back, or an envelope stuck in flight.
    stuck_after = timedelta(seconds=current_app.config["SETTLEMENT_CLAIM_SECONDS"])
    return _page(
        "ops.html",
        now=now,
        view=view,
        money=read_money(now),
        troubled=view.channels_in_trouble(stuck_after),
        stuck_seconds=int(stuck_after.total_seconds()),
        window=window,
        windows=list(WINDOWS),
        bucket_minutes=int(WINDOWS[window][1].total_seconds() // 60),
        rate_minutes=int(RATE_WINDOW.total_seconds() // 60),
        colours=STATE_COLOURS,
        states=[state.value for state in TransferState],
        tallest=max([bucket.total for bucket in view.timeline] + [1]),
        term_max_length=TERM_MAX_LENGTH,
    )
