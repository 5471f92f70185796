"""Documented request and answer examples, held against what the app really answers."""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime

from lxml import etree

# A well-formed MsgId, or the placeholder the documented examples carry in its place.
_MSG_ID = re.compile(r"<MsgId>(?:[0-9]{10}[0-9A-F]{10}|__MSG_ID__)</MsgId>")
# What differs from one run to the next: report IDs, times, transfer IDs, request and correlation IDs.
_VOLATILE = (
    (re.compile(r"RESP-[0-9]+-[A-Z0-9]{8}"), "RESP-<id>"),
    (re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z"), "<time>"),
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<uuid>"),
    (re.compile(r"Correlation ID: [0-9a-f]{32}"), "Correlation ID: <id>"),
    # A camt.029 names the pacs.008 a transfer came from, whose MsgId each run makes afresh.
    (re.compile(r"<OrgnlMsgId>[0-9]{10}[0-9A-F]{10}</OrgnlMsgId>"), "<OrgnlMsgId><msgid></OrgnlMsgId>"),
)
_PARSER = etree.XMLParser(remove_blank_text=True, resolve_entities=False, no_network=True)


def with_fresh_message_id(body: str) -> str:
    """`body` with each well-formed MsgId, and each `__MSG_ID__`, replaced by one stamped now."""
    return _MSG_ID.sub(
        lambda _: f"<MsgId>{int(datetime.now(UTC).timestamp())}{secrets.token_hex(5).upper()}</MsgId>", body
    )


def comparable(xml: bytes | str) -> str:
    """A document without its layout and with its volatile values masked, to compare an example with an answer."""
    data = xml.encode() if isinstance(xml, str) else xml
    root = etree.fromstring(data, _PARSER)
    return masked(etree.tostring(root, method="c14n").decode())


def masked(text: str) -> str:
    """`text` with what differs from one run to the next replaced by a mark."""
    for pattern, mask in _VOLATILE:
        text = pattern.sub(mask, text)
    return text


def pretty(xml: bytes) -> str:
    """An answer indented for reading, as the examples show it."""
    root = etree.fromstring(xml, _PARSER)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + etree.tostring(root, pretty_print=True, encoding="unicode")
