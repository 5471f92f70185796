"""The console's search: a TransferId, MsgId or EndToEndId opens one transfer's story (SQLite and Postgres)."""

from __future__ import annotations

from services.transfer_story import search
from storage.cancellations import CancellationRequest, CancellationState
from storage.database import database
from storage.organizations import insert_organization
from storage.webhook_models import WebhookDelivery, WebhookEndpoint, WebhookMessage
from tests.storage.test_cancellations import cancel
from tests.support.console import STORY_SECRET, seed_story
from tests.support.operations import NOW


def test_each_identifier_opens_the_same_story(organization_id: int) -> None:
    story = seed_story(organization_id, NOW)
    for term in (str(story.transfer_id), str(story.transfer_id).upper(), story.message_id, f" {story.end_to_end_id} "):
        result = search(term)
        assert [t.id for t in result.matches] == [story.transfer_id], term
        assert result.story is not None and result.story.transfer.id == story.transfer_id


def test_the_story_has_states_envelopes_ledger_hash_and_deliveries(organization_id: int) -> None:
    seeded = seed_story(organization_id, NOW)
    story = search(seeded.message_id).story
    assert story is not None
    assert story.transfer.ledger_hash == seeded.hashes[1] and story.transfer.organization.name == "Storage Bank"
    assert [(e.from_state, e.to_state) for e in story.events] == [
        (None, "Created"),
        ("Created", "Processing"),
        ("Processing", "Completed"),
    ]
    assert [(e.number, e.tx_hash, e.submissions, e.outcome, e.result_code) for e in story.envelopes] == [
        (1, seeded.hashes[0], 2, "expired", "tx_too_late"),
        (2, seeded.hashes[1], 3, "applied", None),
    ]
    assert [(d.event_type, d.state, d.attempts, d.last_status) for d in story.deliveries] == [
        ("transfer.processing", "delivered", 1, 200),
        ("transfer.completed", "failed", 9, 503),
    ]
    # The receiver's user, password and query may be credentials: never shown.
    assert {d.url for d in story.deliveries} == {"https://receiver.acme.example/hooks"}
    assert STORY_SECRET not in repr(story)


def test_a_shared_end_to_end_id_lists_every_match_without_a_story(organization_id: int) -> None:
    seed_story(organization_id, NOW)
    with database.connection_context():
        other = int(insert_organization("Other Bank").id)
    seed_story(other, NOW)
    result = search("E2E-STORY-1")
    assert len(result.matches) == 2 and result.story is None
    assert {t.organization.name for t in result.matches} == {"Storage Bank", "Other Bank"}


def test_an_unknown_empty_or_oversized_term_finds_nothing(organization_id: int) -> None:
    seed_story(organization_id, NOW)
    for term in ("NO-SUCH-ID", "", "   ", "E2E-STORY-1" * 10, "00000000-0000-0000-0000-000000000000"):
        result = search(term)
        assert result.matches == [] and result.story is None, term


def test_a_32_hex_end_to_end_id_is_not_taken_for_a_transfer_id(organization_id: int) -> None:
    hex_id = "0123456789abcdef0123456789abcdef"  # uuid.UUID() would take it
    story = seed_story(organization_id, NOW, end_to_end_id=hex_id)
    assert [t.id for t in search(hex_id).matches] == [story.transfer_id]


def test_the_story_has_the_deliveries_of_its_cancellations_final_answers(organization_id: int) -> None:
    seeded = seed_story(organization_id, NOW)
    with database.connection_context():
        assert cancel(organization_id, seeded.transfer_id, "CXL-STORY") is CancellationState.REFUSED  # paid
        request = CancellationRequest.get(CancellationRequest.assignment_id == "CXL-STORY")
        message = WebhookMessage.create(
            id="msg_cancellation", cancellation=request.id, organization=organization_id, event=None,
            transfer=seeded.transfer_id, event_type="transfer.cancellation", payload=b"<Document/>", created_at=NOW,
        )  # fmt: skip
        WebhookDelivery.create(
            message=message, endpoint=WebhookEndpoint.get().id, state="pending", attempts=0,
            next_attempt_at=NOW, give_up_at=NOW, created_at=NOW,
        )  # fmt: skip
    story = search(seeded.message_id).story
    assert story is not None
    assert [d.event_type for d in story.deliveries] == [
        "transfer.processing",
        "transfer.completed",
        "transfer.cancellation",
    ]
