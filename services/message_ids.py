"""The message ID rule shared by pacs.008 and pacs.028 (spec 2.4)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.redaction import shortened
from services.rejections import ReasonCode, Violation
from telemetry.logs import note

MESSAGE_ID_PATTERN = re.compile(r"[0-9]{10}[0-9A-F]{10}")
MAX_AGE = timedelta(hours=24)
MAX_AHEAD = timedelta(minutes=5)
EXPECTED_FORMAT = (
    "Expected format: 20 characters, a 10-digit Unix timestamp in UTC seconds followed by "
    "10 uppercase hexadecimal characters (0-9, A-F), for example 1763793600A1B2C3D4E5."
)


def check_message_id(message_id: str | None, now: datetime, format_code: ReasonCode) -> Violation | None:
    """Return the violation of GrpHdr/MsgId, if any.

    `now` is an aware UTC datetime. A missing MsgId is always FF01; a misshapen, stale or
    future one gets `format_code` (NARR for pacs.008, FF01 for pacs.028, as the spec says).
    """
    if message_id is None or message_id == "":
        return Violation(ReasonCode.FF01, "The required field MsgId is missing from the group header (GrpHdr/MsgId).")
    if not MESSAGE_ID_PATTERN.fullmatch(message_id):
        echo = shortened(message_id, 40)
        return Violation(format_code, f"MsgId '{echo}' is not in the expected format. {EXPECTED_FORMAT}")
    stamped = datetime.fromtimestamp(int(message_id[:10]), tz=now.tzinfo)
    if stamped < now - MAX_AGE:
        return Violation(
            format_code,
            f"MsgId timestamp {message_id[:10]} ({stamped:%Y-%m-%dT%H:%M:%SZ}) is older than 24 hours. "
            "Use the current Unix time.",
        )
    if stamped > now + MAX_AHEAD:
        return Violation(
            format_code,
            f"MsgId timestamp {message_id[:10]} ({stamped:%Y-%m-%dT%H:%M:%SZ}) is more than 5 minutes "
            "ahead of the server clock. Use the current Unix time.",
        )
    return None


def note_message_id(message_id: str | None) -> None:
    """Put the MsgId on the request's log line when it is well formed; a misshapen one may carry anything."""
    if message_id and MESSAGE_ID_PATTERN.fullmatch(message_id):
        note(message_id=message_id)
