"""A ledger that did not answer, said in one line an operator can act on (not the HTTP library's traceback text)."""

from __future__ import annotations

import re

# urllib3 nests the cause deep in its message: "... Caused by NewConnectionError(... [Errno 111] Connection refused)".
_ERRNO = re.compile(r"\[Errno -?\d+\] ([^'\"()]+)")
_TIMEOUT = re.compile(r"timed out", re.IGNORECASE)
_MAX_REASON = 120


def short_reason(error: Exception) -> str:
    """A failed ledger request's cause in a few words: `connection refused`, `timed out`, `HTTP 503 on /ledgers`."""
    text = str(error).strip()
    errno = _ERRNO.search(text)
    if errno is not None:
        return errno.group(1).strip().lower()
    if _TIMEOUT.search(text):
        return "timed out"
    first_line = text.splitlines()[0] if text else type(error).__name__
    return first_line if len(first_line) <= _MAX_REASON else first_line[: _MAX_REASON - 3] + "..."


def unanswered(environment: str, client: object, error: Exception) -> str:
    """`the Sandbox ledger at http://... does not answer (connection refused)`; `client` is the ledger client asked."""
    # A Horizon or RPC client knows its address; a test double may not.
    url = getattr(client, "horizon_url", None) or getattr(client, "rpc_url", None)
    where = f" at {url}" if url else ""
    return f"the {environment} ledger{where} does not answer ({short_reason(error)})"
