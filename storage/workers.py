"""The register of workers that claim (settlement workers, webhook deliverers), and taking back what a dead one held.

Decisions L1 and L5: one register for both kinds, so any worker that finds another gone frees
everything it held, transfers, channel leases and webhook deliveries, in one commit.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import peewee

from storage.database import database
from storage.models import ChannelLease, SettlementWorker, Transfer
from storage.webhook_models import WebhookDelivery


def register(worker_id: str, now: datetime) -> None:
    """Enter a worker that holds its liveness token (so that others probe it from now on)."""
    SettlementWorker.insert(worker_id=worker_id, started_at=now).on_conflict_ignore().execute()


def registered() -> list[str]:
    """Every registered worker ID."""
    return [row.worker_id for row in SettlementWorker.select(SettlementWorker.worker_id)]


def unregister(worker_id: str) -> None:
    """Remove a worker that stops cleanly (it holds no claim between passes)."""
    SettlementWorker.delete().where(SettlementWorker.worker_id == worker_id).execute()


@dataclass(frozen=True)
class TakenBack:
    """What a dead worker held: claims on transfers, channels leased for envelopes never stored, deliveries."""

    claims: int
    leases: int
    deliveries: int = 0


def take_back(worker_id: str) -> TakenBack | None:
    """Unregister a worker found dead and free its claims, unused channel leases and webhook deliveries, in one commit.

    None, and nothing changed, when another worker took them back first (whoever deletes the row
    does the rest). The transfers and deliveries keep their due time, so they are due at once. A lease whose
    envelope was stored stays with that envelope: only following the envelope frees it. Only call
    this for a worker whose liveness token is gone (storage/liveness.py).
    """
    prefix = f"{worker_id}:"
    with database.atomic():
        if not SettlementWorker.delete().where(SettlementWorker.worker_id == worker_id).execute():
            return None
        claims = Transfer.update(claimed_by=None, claimed_until=None).where(Transfer.claimed_by == worker_id).execute()
        leases = (
            ChannelLease.update(holder=None, leased_at=None)
            .where((peewee.fn.SUBSTR(ChannelLease.holder, 1, len(prefix)) == prefix) & ChannelLease.attempt.is_null())
            .execute()
        )
        deliveries = (
            WebhookDelivery.update(claimed_by=None, claimed_until=None)
            .where(WebhookDelivery.claimed_by == worker_id)
            .execute()
        )
    return TakenBack(int(claims), int(leases), int(deliveries))
