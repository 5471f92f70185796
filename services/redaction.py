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
# Each byte marked 1 when it is a base32 character, else 0: a body with no run of _SEED_LENGTH ones
# holds no seed, and a substring search says so in C at a tenth of what the regex's search costs
# (it tries a match at every base32 byte: 40 µs for a 4 KB batch-status body).
_BASE32_MARKS = bytes(0x31 if chr(b) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" else 0x30 for b in range(256))
_SEED_RUN_MARKS = b"1" * _SEED_LENGTH
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
    if not _BASE32_RUN.search(text):
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
    if _SEED_RUN_MARKS not in raw.translate(_BASE32_MARKS):
        return raw
    return _BASE32_RUN_BYTES.sub(lambda run: _redact_run(run.group().decode("ascii")).encode("ascii"), raw)


def clean_text(text: str) -> str:
    """`text` as a pacs.002 may carry it: characters XML 1.0 forbids replaced, seeds redacted."""
    return redact(_NOT_XML_CHAR.sub(REPLACEMENT, text))


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
