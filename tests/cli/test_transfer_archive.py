"""`transfers archive`: settled transfers go to a verified file, then only their stored requests leave the store."""

from __future__ import annotations

import base64
import hashlib
import json
import uuid
from datetime import datetime
from pathlib import Path

import pytest
from flask.testing import FlaskClient, FlaskCliRunner

from cli import transfers as transfers_cli
from services import transfer_archive
from storage import settlement as store
from storage.database import database
from storage.models import JournalEntry, Transfer, TransferEvent
from tests.support.messages import pacs008
from tests.support.reports import parse_report
from tests.support.transfers import move, new_transfer

FAILED_AT = datetime(2026, 11, 22, 12, 0, 5)
BEFORE = "2026-11-23T00:00:00"
URL = "/v1/pacs008/net"


def _send(client: FlaskClient, key: str, body: bytes) -> tuple[uuid.UUID, bytes]:
    response = client.post(URL, data=body, headers={"NET-API-KEY": key, "Content-Type": "application/xml"})
    assert response.status_code == 201, response.data
    return uuid.UUID(parse_report(response.data).info()["TransferId"]), response.data


def _rows() -> dict[uuid.UUID, Transfer]:
    with database.connection_context():
        return {t.id: t for t in Transfer.select()}


def _money(t: Transfer) -> tuple[object, ...]:
    return (
        t.state, t.amount_usd, t.amount_tkn, t.source_account, t.destination_account, t.message_id,
        t.ledger_hash, t.error_code, t.failure_reason, t.request_sha256, bytes(t.acceptance_report),
    )  # fmt: skip


def _counts() -> tuple[int, int]:
    with database.connection_context():
        return TransferEvent.select().count(), JournalEntry.select().count()


def test_archive_writes_settled_transfers_then_drops_only_their_requests(
    runner: FlaskCliRunner, client: FlaskClient, api_key: str, organization_id: int, tmp_path: Path
) -> None:
    failed_body = pacs008(amount="7.25")
    failed, answer = _send(client, api_key, failed_body)
    still_open, _ = _send(client, api_key, pacs008())
    with database.connection_context():
        assert store.fail_transfer(failed, "AC01", "the creditor account has no TKN trustline", 1, FAILED_AT)
    completed = new_transfer(organization_id, "Processing", "Completed")
    settled_later = new_transfer(organization_id, "Processing")
    move(str(settled_later), "Completed", datetime(2026, 11, 24), ledger_hash="b" * 64)
    before_rows, before_counts = _rows(), _counts()
    output = tmp_path / "transfers-2026-11.jsonl"

    result = runner.invoke(args=["transfers", "archive", "--before", BEFORE, "--output", str(output)])

    assert result.exit_code == 0, result.output
    digest = hashlib.sha256(output.read_bytes()).hexdigest()
    assert f"archived 2 transfers settled before 2026-11-23T00:00:00Z to {output} (sha256 {digest})" in result.output
    header, *lines, trailer = (json.loads(line) for line in output.read_bytes().splitlines())
    assert header["format"] == transfer_archive.FORMAT and trailer["transfers"] == 2
    archived = {uuid.UUID(line["transfer"]["id"]): line for line in lines}
    assert archived.keys() == {failed, completed}
    line = archived[failed]
    assert base64.b64decode(line["transfer"]["raw_request"]) == failed_body
    assert base64.b64decode(line["transfer"]["acceptance_report"]) == answer
    assert (line["transfer"]["amount_usd"], line["transfer"]["state"]) == ("7.25", "Failed")
    assert [(e["from_state"], e["to_state"]) for e in line["events"]] == [(None, "Created"), ("Created", "Failed")]
    assert [(j["kind"], j["amount"], j["account_number"]) for j in line["journal"]] == [
        ("hold", "7.25", "ACC-000123456"),
        ("void", "7.25", "ACC-000123456"),
    ]
    after_rows = _rows()
    for transfer_id in (failed, completed):
        assert bytes(after_rows[transfer_id].raw_request) == b""
        assert after_rows[transfer_id].request_archive == f"{output.name} sha256:{digest}"
    for transfer_id, row in before_rows.items():
        assert _money(after_rows[transfer_id]) == _money(row)
        if transfer_id in (still_open, settled_later):
            assert bytes(after_rows[transfer_id].raw_request) == bytes(row.raw_request)
            assert after_rows[transfer_id].request_archive is None
    assert _counts() == before_counts
    shown = runner.invoke(args=["transfers", "show", str(failed)]).output
    assert f"request       archived in {output.name} sha256:{digest}" in shown
    # The resend of an archived transfer's message is still its replay: the digest and the answer stay.
    assert _send(client, api_key, failed_body)[1] == answer

    again = runner.invoke(args=["transfers", "archive", "--before", BEFORE, "--output", str(tmp_path / "b.jsonl")])
    assert again.exit_code == 0 and "nothing written" in again.output
    assert not (tmp_path / "b.jsonl").exists()


def test_archive_never_overwrites_a_file(runner: FlaskCliRunner, organization_id: int, tmp_path: Path) -> None:
    completed = new_transfer(organization_id, "Processing", "Completed")
    output = tmp_path / "kept.jsonl"
    output.write_bytes(b"an earlier archive\n")
    result = runner.invoke(args=["transfers", "archive", "--before", BEFORE, "--output", str(output)])
    assert result.exit_code != 0 and "never overwritten" in result.output
    assert output.read_bytes() == b"an earlier archive\n"
    assert bytes(_rows()[completed].raw_request) == b"<Document/>"


def test_a_file_that_does_not_read_back_drops_nothing(
    runner: FlaskCliRunner, organization_id: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    completed = new_transfer(organization_id, "Processing", "Completed")

    def write_then_lose_the_end(*args: object) -> transfer_archive.WrittenArchive:
        written = transfer_archive.write_archive(*args)  # type: ignore[arg-type]
        content = written.path.read_bytes()
        written.path.write_bytes(content[: len(content) // 2])  # a disk that lost the file's end
        return written

    monkeypatch.setattr(transfers_cli, "write_archive", write_then_lose_the_end)
    output = tmp_path / "cut.jsonl"
    result = runner.invoke(args=["transfers", "archive", "--before", BEFORE, "--output", str(output)])
    assert result.exit_code != 0 and "nothing was dropped" in result.output
    row = _rows()[completed]
    assert bytes(row.raw_request) == b"<Document/>" and row.request_archive is None


def test_a_file_that_cannot_be_written_drops_nothing(
    runner: FlaskCliRunner, organization_id: int, tmp_path: Path
) -> None:
    completed = new_transfer(organization_id, "Processing", "Completed")
    output = tmp_path / "no such directory" / "a.jsonl"
    result = runner.invoke(args=["transfers", "archive", "--before", BEFORE, "--output", str(output)])
    assert result.exit_code != 0 and "nothing was dropped" in result.output
    assert _rows()[completed].request_archive is None
