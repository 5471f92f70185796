"""Event kinds: one per state a transfer enters, and one per cancellation request's final decision."""

from __future__ import annotations

from storage.transfer_states import TransferState

KIND_OF_STATE = {
    TransferState.CREATED.value: "transfer.created",
    TransferState.PROCESSING.value: "transfer.processing",
    TransferState.COMPLETED.value: "transfer.completed",
    TransferState.FAILED.value: "transfer.failed",
}
# A camt.056's final camt.029 (CNCL or RJCR), named like the state kinds: it is about the transfer.
CANCELLATION_KIND = "transfer.cancellation"
KINDS = (*KIND_OF_STATE.values(), CANCELLATION_KIND)


class UnknownEventKind(ValueError):
    """A kind not in KINDS."""


def parse_kinds(text: str | None) -> str | None:
    """A comma-separated list of kinds, checked and normalised; None or empty means every kind."""
    if not text:
        return None
    kinds = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown:
        raise UnknownEventKind(f"unknown event kind(s) {', '.join(unknown)}; the kinds are {', '.join(KINDS)}")
    return ",".join(sorted(set(kinds), key=KINDS.index)) or None


def subscribed(event_types: str | None, kind: str) -> bool:
    """Whether an endpoint with this subscription (None: every kind) gets `kind`."""
    return event_types is None or kind in event_types.split(",")
