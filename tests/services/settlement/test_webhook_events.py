"""A transfer settled on the sandbox ledger reaches a real receiver as one signed event per state."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from flask import Flask

from services.settlement.worker import Settler
from services.webhooks.delivery import Deliverer
from tests.services.settlement.conftest import Sandbox, load, settle_until_final, submit_transfer
from tests.services.webhooks.conftest import SETTINGS, register, verify
from tests.support.receiver import Receiver, running
from tests.support.reports import parse_report


@pytest.fixture()
def receiver() -> Iterator[Receiver]:
    yield from running()


def test_a_settled_transfers_states_arrive_signed_and_verified(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler], receiver: Receiver
) -> None:
    endpoint = register("Settling Bank", receiver.url)
    paid, refused = sandbox.payee(), sandbox.payee(trust=False)
    completed = submit_transfer(app, sandbox_key, paid.public_key, amount="42.00")
    failed = submit_transfer(app, sandbox_key, refused.public_key, amount="1.00")
    settle_until_final(make_settler(), [completed, failed])

    Deliverer(SETTINGS, "settled-test").run_once()

    got = receiver.snapshot()
    for request in got:
        verify(endpoint.secret, request)  # the `standardwebhooks` library and the secret, nothing of ours
    kinds = {(r.headers["tkn-transfer-id"], r.headers["tkn-event-type"]) for r in got}
    assert kinds == {
        (str(completed), "transfer.created"),
        (str(completed), "transfer.processing"),
        (str(completed), "transfer.completed"),
        (str(failed), "transfer.created"),
        (str(failed), "transfer.failed"),  # its payee cannot receive TKN: failed before any envelope
    }
    assert len(got) == 5 and len({r.headers["webhook-id"] for r in got}) == 5
    reports = {(r.headers["tkn-transfer-id"], r.headers["tkn-event-type"]): parse_report(r.body) for r in got}
    done = reports[(str(completed), "transfer.completed")]
    assert done.status == "ACSC"
    assert done.info()["TransactionHash"] == load(completed).ledger_hash
    assert done.instructed_amount == ("42.0000000", "TKN")
    rejected = reports[(str(failed), "transfer.failed")]
    assert rejected.status == "RJCT" and rejected.info()["ErrorCode"] == load(failed).error_code
