"""The archive file of settled transfers: JSON Lines, written, then read back and checked (decision Q13).

Line 1 is a header, then one line per transfer (its row with the stored request and the acceptance
report in base64, its events, its journal entries), then a trailer with the count and the SHA-256 of
the transfer lines. Times are naive UTC, as stored; amounts are decimal strings.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from storage.transfer_archive import TransferRecord

FORMAT = "tkn-gateway transfer archive 1"


class ArchiveMismatch(Exception):
    """The archive file read back is not what was written; nothing may be dropped."""


@dataclass(frozen=True)
class WrittenArchive:
    """What an archive file holds: each transfer's stored-request digest, by transfer ID."""

    path: Path
    requests: dict[str, str]


def _plain(value: object) -> object:
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    return value


def _row(data: dict[str, Any], *left_out: str) -> dict[str, object]:
    return {name: _plain(value) for name, value in data.items() if name not in left_out}


def transfer_line(record: TransferRecord) -> dict[str, object]:
    """One transfer as its archive line holds it."""
    raw = bytes(record.transfer.raw_request)
    return {
        "transfer": _row(record.transfer.__data__),
        "raw_request_sha256": hashlib.sha256(raw).hexdigest(),
        "events": [_row(event.__data__, "transfer") for event in record.events],
        "journal": [
            {**_row(entry.__data__, "transfer"), "account_number": entry.account.number} for entry in record.journal
        ],
    }


def _encoded(line: dict[str, object]) -> bytes:
    return json.dumps(line, sort_keys=True, separators=(",", ":")).encode() + b"\n"


def write_archive(
    path: Path, records: Iterable[TransferRecord], settled_before: datetime, now: datetime
) -> WrittenArchive:
    """Write every record to a new file at `path` (never over an existing one) and sync it to disk."""
    requests: dict[str, str] = {}
    digest = hashlib.sha256()
    with path.open("xb") as out:
        out.write(_encoded({"format": FORMAT, "settled_before": _plain(settled_before), "written_at": _plain(now)}))
        for record in records:
            line = transfer_line(record)
            encoded = _encoded(line)
            out.write(encoded)
            digest.update(encoded)
            requests[str(record.transfer.id)] = str(line["raw_request_sha256"])
        out.write(_encoded({"transfers": len(requests), "sha256": digest.hexdigest()}))
        out.flush()
        os.fsync(out.fileno())
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)  # the file's name is on disk too
    finally:
        os.close(directory)
    return WrittenArchive(path, requests)


def _check_transfer(line: dict[str, Any], expected: dict[str, str], seen: set[str]) -> None:
    transfer_id = line["transfer"]["id"]
    if transfer_id not in expected or transfer_id in seen:
        raise ArchiveMismatch(f"transfer {transfer_id} is not expected once in the archive")
    seen.add(transfer_id)
    raw = base64.b64decode(line["transfer"]["raw_request"], validate=True)
    if not hashlib.sha256(raw).hexdigest() == line["raw_request_sha256"] == expected[transfer_id]:
        raise ArchiveMismatch(f"transfer {transfer_id}: the archived request is not the stored one")


def verify_archive(written: WrittenArchive) -> str:
    """Read the file back and check it holds exactly the written transfers' requests; its SHA-256.

    Raises ArchiveMismatch on any difference: a missing, extra or altered line, a cut file.
    """
    content = written.path.read_bytes()
    lines = content.splitlines(keepends=True)
    try:
        header, *transfers, trailer = (json.loads(line) for line in lines)
        if header.get("format") != FORMAT:
            raise ArchiveMismatch(f"{written.path} is not a transfer archive")
        body_digest = hashlib.sha256(b"".join(lines[1:-1])).hexdigest()
        if trailer != {"transfers": len(written.requests), "sha256": body_digest}:
            raise ArchiveMismatch(f"{written.path}: the trailer does not match the transfers written")
        seen: set[str] = set()
        for line in transfers:
            _check_transfer(line, written.requests, seen)
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise ArchiveMismatch(f"{written.path} cannot be read back: {error}") from None
    if seen != written.requests.keys():
        raise ArchiveMismatch(f"{written.path} lacks {len(written.requests.keys() - seen)} transfers")
    return hashlib.sha256(content).hexdigest()
