"""`transfer.cancellation`: each camt.056's final camt.029 reaches the bank once, signed, whenever it is decided."""

from __future__ import annotations

import uuid
from datetime import datetime

from flask.testing import FlaskClient

from services.webhooks.delivery import Deliverer
from storage import cancellations
from storage.cancellations import CancellationRequest
from storage.database import database
from tests.services.webhooks.conftest import Clock, register, submit, verify
from tests.storage.test_cancellations import close, pay
from tests.support.messages import camt056
from tests.support.receiver import Received, Receiver
from tests.support.resolutions import parse_answer
from tests.support.transfers import move

KIND = "transfer.cancellation"
# Before the envelope helpers' fixed time, so the endpoints were there for every decision.
REGISTERED = datetime(2026, 11, 1)


def ask(client: FlaskClient, key: str, transfer_id: uuid.UUID, assignment_id: str) -> tuple[int, bytes]:
    response = client.post(
        "/v1/camt056/net",
        data=camt056(assignment_id, instruction_id=str(transfer_id), reason="DUPL"),
        headers={"NET-API-KEY": key, "Content-Type": "application/xml"},
    )
    return response.status_code, response.data


def of_kind(receiver: Receiver, kind: str = KIND) -> list[Received]:
    return [r for r in receiver.snapshot() if r.headers["tkn-event-type"] == kind]


def pending(client: FlaskClient, key: str, assignment_id: str) -> uuid.UUID:
    """A transfer an envelope that may still apply carries, and a camt.056 answered PDCR for it."""
    transfer_id = submit(client, key)
    with database.connection_context():
        assert pay(transfer_id, "GA") is not None
    status, body = ask(client, key, transfer_id, assignment_id)
    assert (status, parse_answer(body).confirmation) == (202, "PDCR")
    return transfer_id


def test_an_immediate_cncl_arrives_once_as_the_answered_camt029(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer
) -> None:
    endpoint = register("Acme Bank", receiver.url)
    transfer_id = submit(client, api_key)
    status, body = ask(client, api_key, transfer_id, "CXL-NOW")
    assert status == 200

    deliverer.run_once()
    ask(client, api_key, transfer_id, "CXL-NOW")  # the same camt.056 again: the same answer, no new event
    deliverer.run_once()

    [event] = of_kind(receiver)
    verify(endpoint.secret, event)
    assert event.body == body
    assert event.headers["content-type"] == "application/xml"
    assert event.headers["tkn-transfer-id"] == str(transfer_id)
    answer = parse_answer(event.body)  # validated against the usage-guideline camt.029
    assert (answer.confirmation, answer.tx_status, answer.case_id) == ("CNCL", "ACCR", "CXL-NOW")
    assert len(of_kind(receiver, "transfer.failed")) == 1


def test_an_immediate_rjcr_arrives_and_a_request_for_no_transfer_of_the_bank_sends_nothing(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer, clock: Clock
) -> None:
    register("Acme Bank", receiver.url)
    transfer_id = submit(client, api_key)
    move(str(transfer_id), "Processing", clock.now)
    move(str(transfer_id), "Completed", clock.now, ledger_hash="c" * 64)
    assert ask(client, api_key, transfer_id, "CXL-PAID")[0] == 200
    assert ask(client, api_key, uuid.uuid4(), "CXL-NONE")[0] == 404

    deliverer.run_once()

    [event] = of_kind(receiver)
    answer = parse_answer(event.body)
    assert (answer.confirmation, answer.code, answer.case_id) == ("RJCR", "AGNT", "CXL-PAID")
    with database.connection_context():
        assert CancellationRequest.get(CancellationRequest.assignment_id == "CXL-NONE").dispatched_at is not None


def test_a_pdcr_cancelled_by_settlement_arrives_once_as_cncl_and_the_repeat_gets_that_document(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer, clock: Clock
) -> None:
    register("Acme Bank", receiver.url, at=REGISTERED)
    transfer_id = pending(client, api_key, "CXL-LATER")
    deliverer.run_once()
    assert of_kind(receiver) == []  # a PDCR is not final

    with database.connection_context():
        close(transfer_id, "expired")  # proven never applied
        assert cancellations.cancel_pending(transfer_id, clock.now) is not None  # as claiming does
    deliverer.run_once()
    status, body = ask(client, api_key, transfer_id, "CXL-LATER")
    deliverer.run_once()

    [event] = of_kind(receiver)
    answer = parse_answer(event.body)
    assert (answer.confirmation, answer.tx_status, answer.case_id) == ("CNCL", "ACCR", "CXL-LATER")
    assert answer.transfer_id == str(transfer_id)
    assert (status, body) == (200, event.body)


def test_a_pdcr_the_repeat_request_decides_arrives_as_the_answer_it_got(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer
) -> None:
    register("Acme Bank", receiver.url, at=REGISTERED)
    transfer_id = pending(client, api_key, "CXL-AGAIN")
    with database.connection_context():
        close(transfer_id, "expired")
    status, body = ask(client, api_key, transfer_id, "CXL-AGAIN")  # cancel_pending, at the request
    assert (status, parse_answer(body).confirmation) == (200, "CNCL")

    deliverer.run_once()
    ask(client, api_key, transfer_id, "CXL-AGAIN")
    deliverer.run_once()

    [event] = of_kind(receiver)
    assert event.body == body


def test_a_pdcr_refused_because_the_envelope_applied_arrives_as_rjcr(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer
) -> None:
    register("Acme Bank", receiver.url, at=REGISTERED)
    transfer_id = pending(client, api_key, "CXL-TOO-LATE")
    with database.connection_context():
        close(transfer_id, "applied")  # the transfer completes; refuse_pending is in that commit

    deliverer.run_once()
    deliverer.run_once()

    [event] = of_kind(receiver)
    answer = parse_answer(event.body)
    assert (answer.confirmation, answer.tx_status, answer.code) == ("RJCR", "RJCR", "AGNT")
    assert ask(client, api_key, transfer_id, "CXL-TOO-LATE")[1] == event.body


def test_only_endpoints_subscribed_to_the_kind_get_it(
    client: FlaskClient, api_key: str, receiver: Receiver, deliverer: Deliverer
) -> None:
    register("Acme Bank", f"{receiver.url}/cancellations", events=KIND)
    register("Acme Bank", f"{receiver.url}/failures", events="transfer.failed")
    transfer_id = submit(client, api_key)
    assert ask(client, api_key, transfer_id, "CXL-SUB")[0] == 200

    deliverer.run_once()

    got = sorted((r.path.rsplit("/", 1)[-1], r.headers["tkn-event-type"]) for r in receiver.snapshot())
    assert got == [("cancellations", KIND), ("failures", "transfer.failed")]
