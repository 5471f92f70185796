"""pacs.008 debits its source account: holds, the phase-3 codes (AM04, AC04, AC06), AC01 for DbtrAcct, AG01."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from flask.testing import FlaskClient

from services.accounts import operations
from storage.database import database
from storage.models import JournalEntry, utc_now
from storage.refusals import AccountRefusals
from storage.transfers import count_transfers
from tests.support.accounts import account, failed_checks, organization_id, prefund, resolutions
from tests.support.messages import message_id, pacs008
from tests.support.reports import parse_report, rejected

URL = "/v1/pacs008/net"


def post(client: FlaskClient, key: str, body: bytes):  # type: ignore[no-untyped-def]
    return client.post(URL, data=body, headers={"Content-Type": "application/xml", "NET-API-KEY": key})


def naming(field: str, bic: str, instruction_id: str = "INSTR-1", end_to_end_id: str = "E2E-1") -> bytes:
    """A pacs.008 whose DbtrAgt or InstgAgt (`field`) has this BICFI."""
    if field == "debtor_agent":
        return pacs008(debtor_agent=bic, instruction_id=instruction_id, end_to_end_id=end_to_end_id)
    return pacs008(instructing_agent=bic, instruction_id=instruction_id, end_to_end_id=end_to_end_id)


def written() -> tuple[int, int]:
    with database.connection_context():
        return count_transfers(), JournalEntry.select().count()


def transfer_id(body: bytes) -> uuid.UUID:
    return uuid.UUID(parse_report(body).info()["TransferId"])


def assert_rejected_echoing(body: bytes, code: str) -> str:
    report = rejected(body, code)
    assert (report.instruction_id, report.end_to_end_id) == ("INSTR-77", "E2E-77")
    return report.text


def test_open_policy_opens_an_unknown_account_and_lets_it_go_below_zero(client: FlaskClient, api_key: str) -> None:
    for _ in range(2):
        assert post(client, api_key, pacs008(amount="125.50", debtor="ACC-NEW")).status_code == 201
    opened = account("Acme Bank", "ACC-NEW")
    assert (opened.status, opened.currency) == ("open", "USD")
    assert (opened.balance, opened.held, opened.available) == (Decimal("0.00"), Decimal("251.00"), Decimal("-251.00"))
    assert failed_checks() == []


def test_a_prefunded_account_is_held_then_refused_with_am04(client: FlaskClient, api_key: str) -> None:
    prefund("Acme Bank", "ACC-P", "100.00")
    first = post(client, api_key, pacs008(amount="60.00", debtor="ACC-P"))
    assert first.status_code == 201
    assert resolutions(transfer_id(first.data)) == ["hold"]
    held = account("Acme Bank", "ACC-P")
    assert (held.balance, held.held, held.available) == (Decimal("100.00"), Decimal("60.00"), Decimal("40.00"))
    before = written()

    response = post(
        client, api_key, pacs008(amount="40.01", debtor="ACC-P", instruction_id="INSTR-77", end_to_end_id="E2E-77")
    )

    assert response.status_code == 400
    text = assert_rejected_echoing(response.data, "AM04")
    assert "40.01 USD" in text and "ACC-P" in text
    assert "40.00" not in text and "100.00" not in text  # never the balance
    assert written() == before  # nothing half written
    assert account("Acme Bank", "ACC-P").held == Decimal("60.00")
    assert post(client, api_key, pacs008(amount="40.00", debtor="ACC-P")).status_code == 201
    assert account("Acme Bank", "ACC-P").available == Decimal("0.00")
    assert failed_checks() == []


def test_an_unknown_account_under_prefunded_is_ac01_naming_dbtracct(client: FlaskClient, api_key: str) -> None:
    prefund("Acme Bank", "ACC-P", "100.00")
    before = written()
    response = post(client, api_key, pacs008(debtor="ACC-NOPE", instruction_id="INSTR-77", end_to_end_id="E2E-77"))
    assert response.status_code == 400
    text = assert_rejected_echoing(response.data, "AC01")
    assert "DbtrAcct" in text and "ACC-NOPE" in text
    assert "Creditor" not in text and "public key" not in text  # not the creditor-key AC01
    assert written() == before


@pytest.mark.parametrize("policy", ["open", "prefunded"])
@pytest.mark.parametrize(("action", "status", "code"), [("block", "blocked", "AC06"), ("close", "closed", "AC04")])
def test_a_blocked_or_closed_account_is_refused(
    client: FlaskClient, api_key: str, policy: str, action: str, status: str, code: str
) -> None:
    org = prefund("Acme Bank", "ACC-S", "500.00")
    with database.connection_context():
        operations.set_funding_policy(org, policy, utc_now())
        operations.change_status(org, "ACC-S", status, utc_now())
    before = written()
    response = post(
        client, api_key, pacs008(amount="1.00", debtor="ACC-S", instruction_id="INSTR-77", end_to_end_id="E2E-77")
    )
    assert response.status_code == 400
    text = assert_rejected_echoing(response.data, code)
    assert f"ACC-S' is {status}" in text
    assert written() == before
    if action == "block":
        with database.connection_context():
            operations.change_status(org, "ACC-S", "open", utc_now())
        assert post(client, api_key, pacs008(amount="1.00", debtor="ACC-S")).status_code == 201


def test_an_invalid_message_is_never_reported_as_am04(client: FlaskClient, api_key: str) -> None:
    prefund("Acme Bank", "ACC-P", "1.00")
    rejected(post(client, api_key, pacs008(amount="10000.01", debtor="ACC-P")).data, "AM09")
    rejected(post(client, api_key, pacs008(amount="5.00", debtor="ACC-P", currency="EUR")).data, "CUST")


def test_a_resent_accepted_message_gets_its_answer_after_the_funds_are_gone(client: FlaskClient, api_key: str) -> None:
    prefund("Acme Bank", "ACC-P", "10.00")
    body = pacs008(msg_id=message_id(), amount="10.00", debtor="ACC-P")
    first = post(client, api_key, body)
    assert first.status_code == 201
    again = post(client, api_key, body)
    assert (again.status_code, again.data) == (201, first.data)
    assert account("Acme Bank", "ACC-P").held == Decimal("10.00")  # held once


@pytest.mark.parametrize("field", ["debtor_agent", "instructing_agent"])
def test_a_bic_must_be_registered_to_the_caller(
    client: FlaskClient, api_key: str, other_api_key: str, field: str
) -> None:
    with database.connection_context():
        operations.add_bic(organization_id("Acme Bank"), "ACMEUS33")
        operations.add_bic(organization_id("Other Bank"), "OTHRUS33XXX")
    unknown = post(client, api_key, naming(field, "NONEUS33", instruction_id="INSTR-77", end_to_end_id="E2E-77"))
    foreign = post(client, api_key, naming(field, "OTHRUS33", instruction_id="INSTR-77", end_to_end_id="E2E-77"))
    assert (unknown.status_code, foreign.status_code) == (400, 400)
    unknown_text = assert_rejected_echoing(unknown.data, "AG01")
    foreign_text = assert_rejected_echoing(foreign.data, "AG01")
    # The same words for an unknown BIC and another organization's: only the BIC itself differs.
    assert unknown_text.replace("NONEUS33XXX", "X") == foreign_text.replace("OTHRUS33XXX", "X")
    assert written() == (0, 0)
    assert post(client, api_key, naming(field, "ACMEUS33XXX")).status_code == 201
    assert post(client, api_key, naming(field, "ACMEUS33")).status_code == 201


def test_a_malformed_bic_stays_ff01_and_no_bic_is_not_checked(client: FlaskClient, api_key: str) -> None:
    rejected(post(client, api_key, pacs008(debtor_agent="acme-us")).data, "FF01")
    assert post(client, api_key, pacs008()).status_code == 201  # no BIC, none registered


def test_ag01_comes_before_the_account_rules(client: FlaskClient, api_key: str) -> None:
    prefund("Acme Bank", "ACC-P")
    rejected(post(client, api_key, pacs008(debtor="ACC-P", debtor_agent="NONEUS33")).data, "AG01")


def test_a_resent_accepted_message_gets_its_answer_after_its_bic_is_removed(client: FlaskClient, api_key: str) -> None:
    org = organization_id("Acme Bank")
    with database.connection_context():
        operations.add_bic(org, "ACMEUS33")
    body = pacs008(msg_id=message_id(), debtor_agent="ACMEUS33")
    first = post(client, api_key, body)
    assert first.status_code == 201
    with database.connection_context():
        operations.remove_bic(org, "ACMEUS33")
    again = post(client, api_key, body)
    assert (again.status_code, again.data) == (201, first.data)
    rejected(post(client, api_key, pacs008(debtor_agent="ACMEUS33")).data, "AG01")  # a new message is checked


def am04_today(number: str) -> int:
    """The account's AM04 refusals counted for today (UTC)."""
    with database.connection_context():
        row = AccountRefusals.get_or_none(AccountRefusals.account == account("Acme Bank", number).id)
    return 0 if row is None or row.day != utc_now().date() else int(row.am04)


def test_each_am04_refusal_is_counted_on_its_account_but_a_replay_or_another_code_is_not(
    client: FlaskClient, api_key: str
) -> None:
    prefund("Acme Bank", "ACC-P", "10.00")
    prefund("Acme Bank", "ACC-Q", "10.00")
    accepted = pacs008(msg_id=message_id(), amount="10.00", debtor="ACC-P")
    assert post(client, api_key, accepted).status_code == 201
    assert am04_today("ACC-P") == 0
    for _ in range(3):
        rejected(post(client, api_key, pacs008(amount="0.01", debtor="ACC-P")).data, "AM04")
    assert post(client, api_key, accepted).status_code == 201  # a replay is answered, not refused
    assert (am04_today("ACC-P"), am04_today("ACC-Q")) == (3, 0)
    with database.connection_context():
        operations.change_status(organization_id("Acme Bank"), "ACC-Q", "blocked", utc_now())
    rejected(post(client, api_key, pacs008(amount="50.00", debtor="ACC-Q")).data, "AC06")
    assert am04_today("ACC-Q") == 0
