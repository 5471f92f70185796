"""A transfer's states and the changes allowed between them: the one place that says which.

Every write of a state goes through `transition`, and every event row through `check_transition`,
so a change the table does not hold is refused before anything is written. The database holds
the values to this enum with CHECK constraints (storage/migrations/m0004_transfer_state_checks).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class TransferState(StrEnum):
    """A transfer's state (spec 3); the stored value is the name pacs.028 reports."""

    CREATED = "Created"
    PROCESSING = "Processing"
    COMPLETED = "Completed"
    FAILED = "Failed"


# From each state (None: a transfer not yet written) to the states it may move to.
# Completed and Failed are final: a settled or failed transfer never changes again.
TRANSITIONS: Mapping[TransferState | None, frozenset[TransferState]] = {
    None: frozenset({TransferState.CREATED}),
    TransferState.CREATED: frozenset({TransferState.PROCESSING, TransferState.FAILED}),
    TransferState.PROCESSING: frozenset({TransferState.COMPLETED, TransferState.FAILED}),
    TransferState.COMPLETED: frozenset(),
    TransferState.FAILED: frozenset(),
}

# States a transfer can still leave: settlement works on these.
OPEN_STATES = tuple(state for state in TransferState if TRANSITIONS[state])


class IllegalTransition(ValueError):
    """A state change the transition table does not allow."""

    def __init__(self, from_state: str | None, to_state: str) -> None:
        super().__init__(f"A transfer may not move from {from_state or 'nothing'} to {to_state}")
        self.from_state = from_state
        self.to_state = to_state


def check_transition(from_state: str | None, to_state: str) -> None:
    """Raise IllegalTransition unless the table allows `from_state` -> `to_state`."""
    try:
        allowed = to_state in TRANSITIONS[None if from_state is None else TransferState(from_state)]
    except ValueError:
        allowed = False
    if not allowed:
        raise IllegalTransition(from_state, to_state)


def transition(from_state: str | None, to_state: TransferState) -> str:
    """The stored value of `to_state`, once the table allows the change from `from_state`."""
    check_transition(from_state, to_state)
    return to_state.value
