"""Delivery to a real receiver: signed pacs.002 events, retries with one id, disabling, fairness, retention."""

from __future__ import annotations

import threading
import time
import uuid
from datetime import timedelta

import pytest
from flask.testing import FlaskClient

from services.api_keys import Environment, issue_api_key
from services.webhooks.delivery import Deliverer
from services.webhooks.endpoints import rotate
from services.webhooks.events import KINDS
from storage.database import database
from storage.models import TransferEvent
from storage.webhook_deliveries import attempts_of, list_deliveries, requeue
from storage.webhook_endpoints import get_endpoint, set_disabled
from storage.webhook_models import WebhookAttempt, WebhookDelivery, WebhookMessage
from tests.services.webhooks.conftest import SETTINGS, Clock, register, submit, verify
from tests.support.messages import camt056
from tests.support.receiver import Answer, Receiver
from tests.support.reports import parse_report
from tests.support.transfers import move

HASH = "c" * 64


def deliveries() -> list[WebhookDelivery]:
    with database.connection_context():
        return list(WebhookDelivery.select().order_by(WebhookDelivery.id))


def test_each_state_change_arrives_signed_as_the_pacs002_of_that_moment(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer
) -> None:
    endpoint = register("Acme Bank", receiver.url)
    transfer_id = submit(client, api_key)
    moment = deliverer.clock()
    move(str(transfer_id), "Processing", moment)
    move(str(transfer_id), "Completed", moment + timedelta(seconds=5), ledger_hash=HASH)

    assert deliverer.run_once() == 3

    # Sent in parallel, so they may arrive in any order (docs/webhooks.md): sorted by kind here.
    got = sorted(receiver.snapshot(), key=lambda r: KINDS.index(r.headers["tkn-event-type"]))
    assert [r.headers["tkn-event-type"] for r in got] == [
        "transfer.created",
        "transfer.processing",
        "transfer.completed",
    ]
    for request in got:
        verify(endpoint.secret, request)
        assert request.headers["tkn-transfer-id"] == str(transfer_id)
        assert request.headers["content-type"] == "application/xml"
        assert request.headers["webhook-id"].startswith("msg_")
    created, processing, completed = (parse_report(r.body) for r in got)  # each validated against the schemas
    assert (created.status, created.info()["Status"]) == ("ACSP", "Created")
    assert "UpdatedAt" not in created.info()
    assert (processing.status, processing.info()["Status"]) == ("ACSP", "Processing")
    assert (completed.status, completed.info()["Status"]) == ("ACSC", "Completed")
    assert completed.info()["TransactionHash"] == HASH
    assert processing.info()["UpdatedAt"] < completed.info()["UpdatedAt"]
    assert len(set(receiver.ids())) == 3
    assert {d.state for d in deliveries()} == {"delivered"}
    with database.connection_context():
        assert [(a.status_code, a.error) for a in WebhookAttempt.select()] == [(200, None)] * 3


def test_the_event_is_in_the_outbox_exactly_when_its_state_change_commits(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer
) -> None:
    register("Acme Bank", receiver.url)
    transfer_id = submit(client, api_key)
    with database.connection_context():
        (event,) = TransferEvent.select().where(TransferEvent.transfer == transfer_id)
        assert event.dispatched_at is None
        with pytest.raises(RuntimeError), database.atomic():  # a state change that does not commit
            move(str(transfer_id), "Processing", deliverer.clock())
            raise RuntimeError("rolled back")
    assert deliverer.run_once() == 1
    assert [r.headers["tkn-event-type"] for r in receiver.snapshot()] == ["transfer.created"]
    with database.connection_context():
        assert TransferEvent.get_by_id(event.id).dispatched_at is not None
    assert deliverer.run_once() == 0  # dispatched once only


def test_only_endpoints_registered_before_the_event_and_subscribed_to_its_kind_get_it(
    client: FlaskClient, api_key: str, other_api_key: str, receiver: Receiver, deliverer: Deliverer
) -> None:
    submit(client, api_key)  # before any endpoint
    register("Acme Bank", receiver.url + "/completed-only", events="transfer.completed")
    register("Other Bank", receiver.url + "/other")
    transfer_id = submit(client, api_key)
    move(str(transfer_id), "Processing", deliverer.clock())
    move(str(transfer_id), "Completed", deliverer.clock(), ledger_hash=HASH)
    deliverer.run_once()
    assert [(r.path, r.headers["tkn-event-type"]) for r in receiver.snapshot()] == [
        ("/hooks/completed-only", "transfer.completed")
    ]


def test_a_receiver_down_for_a_while_gets_every_event_with_the_same_ids(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer, clock: Clock
) -> None:
    register("Acme Bank", receiver.url)
    receiver.stop()
    transfers = [submit(client, api_key) for _ in range(3)]
    for transfer_id in transfers:
        move(str(transfer_id), "Failed", clock(), error_code="AC01")
    for _ in range(3):  # three rounds while it is down
        deliverer.run_once()
        clock.advance(SETTINGS.retry_max_seconds)
    assert {(d.state, d.attempts, d.last_error) for d in deliveries()} == {("pending", 3, "connection refused")}
    with database.connection_context():
        expected = {m.id for m in WebhookMessage.select()}
    receiver.start()
    deliverer.run_once()
    assert set(receiver.ids()) == expected and len(receiver.ids()) == 6
    assert {d.state for d in deliveries()} == {"delivered"}
    with database.connection_context():
        assert [a.error for a in attempts_of(deliveries()[0].id)] == ["connection refused"] * 3 + [None]


def test_a_retried_event_is_the_same_message_each_time(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer, clock: Clock
) -> None:
    endpoint = register("Acme Bank", receiver.url)
    answers = iter([Answer(500), Answer(302, headers={"Location": receiver.url + "/elsewhere"}), Answer(404), Answer()])
    receiver.policy = lambda _: next(answers)
    submit(client, api_key)
    for _ in range(4):
        deliverer.run_once()
        clock.advance(SETTINGS.retry_max_seconds)
    got = receiver.snapshot()
    assert len(got) == 4 and {r.path for r in got} == {"/hooks"}
    assert len({r.headers["webhook-id"] for r in got}) == 1
    assert len({r.body for r in got}) == 1
    for request in got:
        verify(endpoint.secret, request)
    (delivery,) = deliveries()
    assert (delivery.state, delivery.attempts, delivery.last_status) == ("delivered", 4, 200)
    with database.connection_context():
        assert [a.status_code for a in attempts_of(delivery.id)] == [500, 302, 404, 200]


def test_retries_back_off(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer, clock: Clock
) -> None:
    register("Acme Bank", receiver.url)
    receiver.policy = lambda _: Answer(503)
    submit(client, api_key)
    waits = []
    for _ in range(4):
        deliverer.run_once()
        (delivery,) = deliveries()
        waits.append((delivery.next_attempt_at - clock()).total_seconds())
        clock.now = delivery.next_attempt_at
    base = SETTINGS.retry_base_seconds
    for n, wait in enumerate(waits):
        assert base * 2**n / 2 <= wait <= base * 2**n
    assert deliverer.run_once() == 1  # due exactly then


def test_410_disables_the_endpoint_and_its_deliveries_wait(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer, clock: Clock
) -> None:
    endpoint = register("Acme Bank", receiver.url)
    receiver.policy = lambda _: Answer(410)
    submit(client, api_key)
    deliverer.run_once()
    with database.connection_context():
        found = get_endpoint(endpoint.endpoint.id)
    assert found is not None and found.disabled_at is not None and "410" in (found.disabled_reason or "")
    clock.advance(SETTINGS.retry_max_seconds)
    submit(client, api_key)
    assert deliverer.run_once() == 0 and len(receiver.snapshot()) == 1
    receiver.policy = lambda _: Answer()
    with database.connection_context():
        set_disabled(endpoint.endpoint.id, None, None)
    assert deliverer.run_once() == 2
    assert {d.state for d in deliveries()} == {"delivered"}


def test_an_endpoint_failing_for_the_whole_window_is_disabled_and_logged(
    client: FlaskClient,
    api_key: str,
    receiver: Receiver,
    deliverer: Deliverer,
    clock: Clock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    endpoint = register("Acme Bank", receiver.url)
    receiver.policy = lambda _: Answer(500)
    submit(client, api_key)
    deliverer.run_once()
    clock.advance(SETTINGS.retry_window_seconds)
    deliverer.run_once()
    (delivery,) = deliveries()
    assert (delivery.state, delivery.attempts) == ("failed", 2)
    with database.connection_context():
        found = get_endpoint(endpoint.endpoint.id)
    assert found is not None and found.disabled_at is not None
    assert any("disabled" in r.getMessage() and r.levelname == "WARNING" for r in caplog.records)
    with database.connection_context():
        (listed,) = list_deliveries(found.organization_id, failed_only=True, limit=10)
    assert (listed.state, listed.message_id) == ("failed", delivery.message_id)


def test_a_success_clears_the_failing_mark(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer, clock: Clock
) -> None:
    endpoint = register("Acme Bank", receiver.url)
    answers = iter([Answer(500), Answer()])
    receiver.policy = lambda _: next(answers)
    submit(client, api_key)
    deliverer.run_once()
    with database.connection_context():
        assert get_endpoint(endpoint.endpoint.id).failing_since is not None  # type: ignore[union-attr]
    clock.advance(SETTINGS.retry_max_seconds)
    deliverer.run_once()
    with database.connection_context():
        assert get_endpoint(endpoint.endpoint.id).failing_since is None  # type: ignore[union-attr]


def test_after_a_rotation_both_secrets_verify_for_the_overlap(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer, clock: Clock
) -> None:
    endpoint = register("Acme Bank", receiver.url)
    with database.connection_context():
        rotated = rotate(endpoint.endpoint.id, clock(), timedelta(hours=24))
    submit(client, api_key)
    deliverer.run_once()
    (during,) = receiver.snapshot()
    for secret in (endpoint.secret, rotated.secret):
        verify(secret, during)
    clock.advance(24 * 3600)
    submit(client, api_key)
    deliverer.run_once()
    after = receiver.snapshot()[1]
    verify(rotated.secret, after)
    assert len(after.headers["webhook-signature"].split(" ")) == 1


def test_redelivery_sends_the_same_webhook_id_again(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer, clock: Clock
) -> None:
    register("Acme Bank", receiver.url)
    submit(client, api_key)
    deliverer.run_once()
    (first,) = receiver.snapshot()
    with database.connection_context():
        assert requeue(first.headers["webhook-id"], clock(), clock() + timedelta(days=3)) == 1
    deliverer.run_once()
    again = receiver.snapshot()[1]
    assert again.headers["webhook-id"] == first.headers["webhook-id"] and again.body == first.body


def test_production_deliveries_refuse_private_targets(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer
) -> None:
    register("Acme Bank", receiver.url)  # allowed while the organization is sandbox-only
    with database.connection_context():
        issue_api_key("Acme Bank", Environment.PRODUCTION)
    submit(client, api_key)
    deliverer.run_once()
    assert receiver.snapshot() == []
    (delivery,) = deliveries()
    assert delivery.state == "pending" and (delivery.last_error or "").startswith("refused: only https://")


def test_a_slow_receiver_does_not_hold_up_another_organizations_events(
    client: FlaskClient, api_key: str, other_api_key: str, deliverer: Deliverer
) -> None:
    release = threading.Event()

    def stuck(_: object) -> Answer:
        release.wait(30)
        return Answer()

    slow, fast = Receiver(stuck).start(), Receiver().start()
    try:
        register("Acme Bank", slow.url)
        register("Other Bank", fast.url)
        for _ in range(10):
            submit(client, api_key)
        other = submit(client, other_api_key)
        stop = threading.Event()
        worker = threading.Thread(target=deliverer.run, args=(stop,))
        worker.start()
        try:
            deadline = time.monotonic() + 60
            while not fast.snapshot() and time.monotonic() < deadline:
                time.sleep(0.05)
            assert [r.headers["tkn-transfer-id"] for r in fast.snapshot()] == [str(other)]
            assert len(slow.snapshot()) <= SETTINGS.per_endpoint  # it holds at most its share of senders
        finally:
            release.set()
            stop.set()
            worker.join()
    finally:
        slow.stop()
        fast.stop()


def test_messages_past_retention_go_with_their_deliveries_and_attempts(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer, clock: Clock
) -> None:
    register("Acme Bank", receiver.url)
    submit(client, api_key)
    deliverer.run_once()
    clock.advance(SETTINGS.retention_days * 86_400 - 60)
    submit(client, api_key)
    deliverer.run_once()
    clock.advance(120)
    with database.connection_context():
        assert deliverer.prune() == 1
        assert (WebhookMessage.select().count(), WebhookDelivery.select().count(), WebhookAttempt.select().count()) == (
            1,
            1,
            1,
        )


def test_an_unknown_message_is_not_requeued(deliverer: Deliverer) -> None:
    with database.connection_context():
        assert requeue(f"msg_{uuid.uuid4().hex}", deliverer.clock(), deliverer.clock()) == 0


def test_a_cancellation_reaches_the_bank_as_the_failed_event_with_its_reason(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer
) -> None:
    register("Acme Bank", receiver.url)
    transfer_id = submit(client, api_key)
    response = client.post(
        "/v1/camt056/net",
        data=camt056("CXL-HOOK", instruction_id=str(transfer_id), reason="FRAD"),
        headers={"NET-API-KEY": api_key, "Content-Type": "application/xml"},
    )
    assert response.status_code == 200
    assert deliverer.run_once() == 3  # created, failed, and the cancellation's camt.029
    failed = next(r for r in receiver.snapshot() if r.headers["tkn-event-type"] == "transfer.failed")
    report = parse_report(failed.body)
    assert (report.status, report.info()["ErrorCode"]) == ("RJCT", "FRAD")
    assert "by camt.056 request CXL-HOOK" in report.info()["Reason"]
