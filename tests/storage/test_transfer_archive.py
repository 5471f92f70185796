"""Settled transfers are read in pages by ID; only a settled, not yet archived transfer loses its stored request."""

from __future__ import annotations

from datetime import datetime

from storage.database import database
from storage.models import Transfer
from storage.transfer_archive import drop_stored_requests, settled_transfers
from tests.support.transfers import new_transfer

BEFORE = datetime(2026, 11, 23)


def test_pages_cover_every_settled_transfer_once_in_id_order(organization_id: int) -> None:
    settled = sorted(new_transfer(organization_id, "Processing", "Completed") for _ in range(5))
    new_transfer(organization_id, "Processing")
    seen = []
    with database.connection_context():
        after = None
        while page := settled_transfers(BEFORE, after, 2):
            seen += [record.transfer.id for record in page]
            after = page[-1].transfer.id
        assert settled_transfers(datetime(2026, 11, 22, 12, 0, 5), None, 10) == []  # before: exclusive
    assert seen == settled


def test_only_a_settled_transfer_not_yet_archived_is_dropped(organization_id: int) -> None:
    completed, failed = (
        new_transfer(organization_id, "Processing", "Completed"),
        new_transfer(organization_id, "Failed"),
    )
    still_open = new_transfer(organization_id, "Processing")
    with database.connection_context():
        assert drop_stored_requests([completed, failed, still_open], "a.jsonl", BEFORE) == 2
        assert drop_stored_requests([completed], "b.jsonl", BEFORE) == 0
        rows = {t.id: t for t in Transfer.select()}
        assert settled_transfers(BEFORE, None, 10) == []
    assert [rows[t].request_archive for t in (completed, failed, still_open)] == ["a.jsonl", "a.jsonl", None]
    assert bytes(rows[still_open].raw_request) == b"<Document/>"
