"""The cancellation events' outbox: a request enters it in the commit that makes its decision final, and only then."""

from __future__ import annotations

import uuid

import pytest

from storage import cancellations
from storage.cancellation_outbox import (
    has_undispatched_cancellations,
    mark_cancellations_dispatched,
    take_undispatched_cancellations,
)
from storage.database import database
from tests.storage.test_cancellations import NOW, cancel, close, pay
from tests.support.transfers import new_transfer


def outbox() -> list[str]:
    with database.atomic():
        return [r.assignment_id for r in take_undispatched_cancellations(10)]


def test_a_final_decision_enters_the_outbox_with_its_commit_and_leaves_it_once_marked(organization_id: int) -> None:
    with database.connection_context():
        cancel(organization_id, new_transfer(organization_id), "CXL-NOW")  # cancelled at once
        cancel(organization_id, new_transfer(organization_id, "Processing", "Completed"), "CXL-PAID")  # refused
        cancel(organization_id, uuid.uuid4(), "CXL-NONE")  # not found: no transfer to tell about
        assert outbox() == ["CXL-NOW", "CXL-PAID"]
        with database.atomic():
            mark_cancellations_dispatched([r.id for r in take_undispatched_cancellations(10)], NOW)
        assert outbox() == [] and not has_undispatched_cancellations()


@pytest.mark.parametrize(("outcome", "state"), [("expired", "cancelled"), ("applied", "refused")])
def test_a_pending_request_enters_the_outbox_when_settlement_decides_it(
    organization_id: int, outcome: str, state: str
) -> None:
    transfer_id = new_transfer(organization_id)
    with database.connection_context():
        assert pay(transfer_id, "GA") is not None
        assert cancel(organization_id, transfer_id, "CXL-WAIT") is cancellations.CancellationState.PENDING
        assert outbox() == [] and not has_undispatched_cancellations()
        close(transfer_id, outcome)  # applied: refuse_pending in the envelope's commit
        if outcome == "expired":
            assert cancellations.cancel_pending(transfer_id, NOW) is not None
        assert outbox() == ["CXL-WAIT"]
        assert cancellations.requests_of(transfer_id)[0].state == state


def test_a_decision_rolled_back_leaves_nothing_in_the_outbox(organization_id: int) -> None:
    transfer_id = new_transfer(organization_id)
    with database.connection_context():
        with pytest.raises(RuntimeError), database.atomic():
            cancel(organization_id, transfer_id, "CXL-LOST")
            raise RuntimeError("crash before the commit")
        assert outbox() == []
