"""What may leave the service or be kept: texts XML 1.0 can carry, and never a Stellar secret seed.

Every text of a pacs.002 goes through `clean_text` (services/reports.py), every log record through
`install_log_redaction`, and every stored raw request through `redact_bytes` (docs/decisions.md, D14).
"""

from __future__ import annotations

import codecs
import logging
import re
from collections.abc import Callable

from stellar_sdk import StrKey

REDACTED = "[redacted secret]"
REPLACEMENT = "\ufffd"
_SEED_LENGTH = 56
# A run of base32 characters long enough to hold a seed; seeds are found inside it by their checksum.
_BASE32_RUN = re.compile(f"[A-Z2-7]{{{_SEED_LENGTH},}}")
_BASE32_RUN_BYTES = re.compile(f"[A-Z2-7]{{{_SEED_LENGTH},}}".encode())
# A seed is "S" and 55 more base32 characters, so a text with no such window holds none. Searching
# for the window is a C scan for "S": a tenth of what finding runs costs, and unlike a run it is not
# set off by the 56-character public key every pacs.008 carries (docs/performance.md).
_SEED_WINDOW = re.compile(f"S[A-Z2-7]{{{_SEED_LENGTH - 1}}}")
_SEED_WINDOW_BYTES = re.compile(f"S[A-Z2-7]{{{_SEED_LENGTH - 1}}}".encode())
# What `stored_request`'s marker adds to its cut: two 20-digit numbers and the words fit in this.
STORED_MARKER_MAX_BYTES = 100
# Characters XML 1.0 does not allow (its Char production), lone surrogates included.
_NOT_XML_CHAR = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _is_seed(candidate: str) -> bool:
    return candidate.startswith("S") and bool(StrKey.is_valid_ed25519_secret_seed(candidate))


def _redact_run(run: str) -> str:
    out: list[str] = []
    start = index = 0
    while index + _SEED_LENGTH <= len(run):
        if _is_seed(run[index : index + _SEED_LENGTH]):
            out += [run[start:index], REDACTED]
            index = start = index + _SEED_LENGTH
        else:
            index += 1
    out.append(run[start:])
    return "".join(out)


def redact(text: str) -> str:
    """`text` with every Stellar secret seed in it replaced by a redaction marker."""
    if not _SEED_WINDOW.search(text):
        return text
    return _BASE32_RUN.sub(lambda run: _redact_run(run.group()), text)


def shortened(text: str, length: int) -> str:
    """`text` cut to `length` characters for an echo, redacted first so no part of a seed outlives the cut."""
    return redact(text)[:length]


def _utf16(raw: bytes) -> str | None:
    # UTF-16 as an XML document starts: a byte order mark, or its "<" (XML 1.0, appendix F).
    if raw.startswith((codecs.BOM_UTF16_LE, b"<\x00")):
        return "utf-16-le"
    if raw.startswith((codecs.BOM_UTF16_BE, b"\x00<")):
        return "utf-16-be"
    return None


def redact_bytes(raw: bytes) -> bytes:
    """`raw` with every Stellar secret seed in it replaced by a redaction marker.

    A UTF-16 body is searched as text; any other as bytes, which finds a seed in any encoding that
    writes ASCII as itself (UTF-8, Latin-1, ...).
    """
    codec = _utf16(raw)
    if codec is not None:
        try:
            return redact(raw.decode(codec, "surrogatepass")).encode(codec, "surrogatepass")
        except UnicodeDecodeError:
            pass  # not UTF-16 after all (an odd length): searched as bytes
    if not _SEED_WINDOW_BYTES.search(raw):
        return raw
    return _BASE32_RUN_BYTES.sub(lambda run: _redact_run(run.group().decode("ascii")).encode("ascii"), raw)


def stored_request(body: bytes, max_bytes: int) -> bytes:
    """A request body as its record keeps it: redacted, and cut after `max_bytes` with a marker saying so.

    The marker adds at most `STORED_MARKER_MAX_BYTES` (decision h19 S1).
    """
    raw = redact_bytes(body)
    if len(raw) <= max_bytes:
        return raw
    return raw[:max_bytes] + b"\n[truncated: the first %d of %d bytes are kept]" % (max_bytes, len(raw))


def clean_text(text: str) -> str:
    """`text` as a pacs.002 may carry it: characters XML 1.0 forbids replaced, seeds redacted."""
    if not (text.isascii() and text.isprintable()):  # printable ASCII is all XML 1.0 characters
        text = _NOT_XML_CHAR.sub(REPLACEMENT, text)
    return redact(text)


class _RedactingRecordFactory:
    """Builds every log record with its message already formatted and redacted."""

    def __init__(self, factory: Callable[..., logging.LogRecord]) -> None:
        self.factory = factory

    def __call__(self, *args: object, **kwargs: object) -> logging.LogRecord:
        record = self.factory(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # a malformed call is for logging to report, when it formats the record
            return record
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        return record


def install_log_redaction() -> None:
    """Redact seeds from every log record this process creates, from any logger (once per process)."""
    factory = logging.getLogRecordFactory()
    if not isinstance(factory, _RedactingRecordFactory):
        logging.setLogRecordFactory(_RedactingRecordFactory(factory))
