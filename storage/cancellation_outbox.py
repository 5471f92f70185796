"""The outbox of cancellation events: requests decided cancelled or refused, not yet made into deliveries.

A request enters it in the transaction that decides it (storage/cancellations.py), so the event is
neither lost nor doubled by a crash: the deliverer takes it, and marks it, in the transaction that
writes its message and deliveries (services/webhooks/dispatch.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from storage.cancellations import CancellationRequest, CancellationState
from storage.database import locked
from storage.models import Organization

FINAL_STATES = (CancellationState.CANCELLED.value, CancellationState.REFUSED.value)


def _undispatched() -> Any:
    return CancellationRequest.dispatched_at.is_null() & CancellationRequest.state.in_(FINAL_STATES)


def has_undispatched_cancellations() -> bool:
    """Whether a final decision waits in the outbox: a read, so an idle deliverer takes no write lock (SQLite)."""
    return bool(CancellationRequest.select(CancellationRequest.id).where(_undispatched()).exists())


def take_undispatched_cancellations(limit: int) -> list[CancellationRequest]:
    """The oldest undispatched final decisions, locked for this transaction on Postgres (others skip them).

    Locked, a request's answer can not be settled by a repeated camt.056 while the deliverer
    settles it (`settle_answer`). Call inside the transaction that dispatches and marks them.
    """
    fields = [f for f in CancellationRequest._meta.sorted_fields if f.name != "raw_request"]
    query = CancellationRequest.select(*fields).where(_undispatched()).order_by(CancellationRequest.id).limit(limit)
    return list(locked(query, skip_locked=True))


def organization_names(organization_ids: Sequence[int]) -> dict[int, str]:
    """The names the camt.029s address, by organization ID."""
    if not organization_ids:
        return {}
    ids = list(set(organization_ids))
    rows = Organization.select(Organization.id, Organization.name).where(Organization.id.in_(ids))
    return {row.id: row.name for row in rows}


def mark_cancellations_dispatched(request_ids: Sequence[int], now: datetime) -> None:
    """The decisions are in deliveries now (or had no endpoint): out of the outbox."""
    if request_ids:
        CancellationRequest.update(dispatched_at=now).where(CancellationRequest.id.in_(list(request_ids))).execute()
