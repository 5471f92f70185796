"""An archive file is read back and checked: any line lost, added or altered is found before anything is dropped."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest

from services.transfer_archive import ArchiveMismatch, WrittenArchive, verify_archive, write_archive
from storage.database import database
from storage.transfer_archive import settled_transfers
from tests.support.transfers import new_transfer

BEFORE = datetime(2026, 11, 23)
NOW = datetime(2026, 11, 28)


def _written(organization_id: int, path: Path) -> WrittenArchive:
    for _ in range(3):
        new_transfer(organization_id, "Processing", "Completed")
    with database.connection_context():
        return write_archive(path, settled_transfers(BEFORE, None, 10), BEFORE, NOW)


def test_a_file_as_written_reads_back(organization_id: int, tmp_path: Path) -> None:
    written = _written(organization_id, tmp_path / "a.jsonl")
    assert len(written.requests) == 3
    assert len(verify_archive(written)) == 64


def _altered_request(lines: list[bytes]) -> list[bytes]:
    line = json.loads(lines[1])
    line["transfer"]["raw_request"] = base64.b64encode(b"<Other/>").decode()
    return [lines[0], json.dumps(line).encode() + b"\n", *lines[2:]]


@pytest.mark.parametrize(
    "change",
    [
        lambda lines: lines[:2] + lines[3:],  # a transfer lost
        lambda lines: lines[:2] + lines[1:],  # a transfer twice
        lambda lines: lines[:-1],  # the trailer lost
        lambda lines: [lines[0], lines[2], lines[1], *lines[3:]],  # the same lines, not as written
        _altered_request,
        lambda lines: [b'{"format": "something else"}\n', *lines[1:]],
        lambda lines: [lines[0], b"{not json\n", *lines[2:]],
    ],
    ids=["lost", "twice", "no-trailer", "reordered", "altered", "not-an-archive", "not-json"],
)
def test_a_changed_file_is_found(
    organization_id: int, tmp_path: Path, change: Callable[[list[bytes]], list[bytes]]
) -> None:
    written = _written(organization_id, tmp_path / "a.jsonl")
    lines = written.path.read_bytes().splitlines(keepends=True)
    written.path.write_bytes(b"".join(change(lines)))
    with pytest.raises(ArchiveMismatch):
        verify_archive(written)


def test_an_existing_file_is_never_written_over(organization_id: int, tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_bytes(b"kept")
    with pytest.raises(FileExistsError), database.connection_context():
        write_archive(path, settled_transfers(BEFORE, None, 10), BEFORE, NOW)
    assert path.read_bytes() == b"kept"
