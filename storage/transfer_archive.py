"""Queries for archiving settled transfers: read them whole, then empty their stored requests (decision Q13)."""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

import peewee

from storage.database import database
from storage.models import JournalEntry, SourceAccount, Transfer, TransferEvent
from storage.transfer_states import TransferState

# Final states: a transfer in one never changes again (storage/transfer_states.py).
SETTLED_STATES = (TransferState.COMPLETED.value, TransferState.FAILED.value)


@dataclass(frozen=True)
class TransferRecord:
    """One transfer as an archive keeps it: the row, its state changes and its journal entries."""

    transfer: Transfer
    events: list[TransferEvent]
    journal: list[JournalEntry]  # each with `account.number` loaded


def _archivable(before: datetime) -> peewee.Expression:
    return Transfer.state.in_(SETTLED_STATES) & (Transfer.updated_at < before) & Transfer.request_archive.is_null()


def settled_transfers(before: datetime, after: uuid.UUID | None, limit: int) -> list[TransferRecord]:
    """Up to `limit` settled transfers last changed before `before` (naive UTC) whose stored request is
    still here, by ID after `after`, each with its events and journal entries."""
    query = Transfer.select().where(_archivable(before))
    if after is not None:
        query = query.where(Transfer.id > after)
    transfers = list(query.order_by(Transfer.id).limit(limit))
    ids = [t.id for t in transfers]
    if not ids:
        return []
    events: dict[uuid.UUID, list[TransferEvent]] = defaultdict(list)
    for event in TransferEvent.select().where(TransferEvent.transfer.in_(ids)).order_by(TransferEvent.id):
        events[event.transfer_id].append(event)
    journal: dict[uuid.UUID, list[JournalEntry]] = defaultdict(list)
    entries = (
        JournalEntry.select(JournalEntry, SourceAccount.number)
        .join(SourceAccount)
        .where(JournalEntry.transfer.in_(ids))
        .order_by(JournalEntry.id)
    )
    for entry in entries:
        if entry.transfer_id is not None:
            journal[entry.transfer_id].append(entry)
    return [TransferRecord(t, events[t.id], journal[t.id]) for t in transfers]


def drop_stored_requests(transfer_ids: list[uuid.UUID], archive: str, before: datetime) -> int:
    """Empty the stored requests of these transfers, naming `archive` as where they are; return how many.

    Only a transfer still archivable under `before` is touched, in one transaction; the money
    record (every other column, the events, the journal) stays.
    """
    with database.atomic():
        count: int = (
            Transfer.update(raw_request=b"", request_archive=archive)
            .where(Transfer.id.in_(transfer_ids) & _archivable(before))
            .execute()
        )
    return count
