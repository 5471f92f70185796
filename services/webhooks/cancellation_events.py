"""Cancellation events: a cancellation request's final camt.029 (CNCL or RJCR) as a `transfer.cancellation` message.

Each request decided cancelled or refused enters the outbox in the commit that decides it: at once
when the camt.056 is answered CNCL or RJCR, or when settlement (or the same camt.056 asked again)
decides a PDCR. The payload is the request's stored answer; a decision settlement took has none
yet, so it is rendered here and stored, and the camt.056 asked again then gets this very document.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from services.cancellations import settled_answer
from services.resolutions import ResolutionWriter
from services.webhooks.events import CANCELLATION_KIND, subscribed
from storage.cancellation_outbox import organization_names
from storage.cancellations import CancellationRequest, CancellationState
from storage.webhook_models import WebhookEndpoint


@functools.cache
def shared_writer() -> ResolutionWriter:
    """The process's camt.029 writer, for a deliverer given none."""
    return ResolutionWriter()


def cancellation_messages(
    requests: Iterable[CancellationRequest],
    endpoints: list[WebhookEndpoint],
    writer: ResolutionWriter,
    now: datetime,
    new_message_id: Callable[[], str],
) -> list[tuple[dict[str, Any], list[WebhookEndpoint]]]:
    """Each request's message (as `webhook_message` stores it) and the endpoints to get it.

    Call inside the dispatching transaction: a payload rendered here is stored as the request's answer
    in it. `now` is naive UTC. As for state events, only endpoints of the request's organization that
    were registered by its decision and are subscribed to the kind get it.
    """
    requests = list(requests)
    names = organization_names([r.organization_id for r in requests])
    found: list[tuple[dict[str, Any], list[WebhookEndpoint]]] = []
    for request in requests:
        transfer_id: uuid.UUID | None = request.transfer_id
        decided_at = request.decided_at or request.received_at
        targets = [
            e
            for e in endpoints
            if e.organization_id == request.organization_id
            and e.created_at <= decided_at
            and subscribed(e.event_types, CANCELLATION_KIND)
        ]
        if transfer_id is None or not targets:
            continue
        state = CancellationState(request.state)
        _, payload = settled_answer(request, state, names[request.organization_id], writer, now.replace(tzinfo=UTC))
        message = {
            "id": new_message_id(),
            "event": None,
            "cancellation": request.id,
            "organization": request.organization_id,
            "transfer": transfer_id,
            "event_type": CANCELLATION_KIND,
            "payload": payload,
            "created_at": now,
        }
        found.append((message, targets))
    return found
