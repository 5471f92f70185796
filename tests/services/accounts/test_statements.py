"""camt.053.001.11 statements: balances and entries from the journal, valid against the official schema."""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal
from pathlib import Path

from flask import Flask
from flask.testing import FlaskCliRunner
from lxml import etree

from config import PROJECT_ROOT
from services.accounts import operations
from services.accounts.holds import accept_with_hold
from storage import settlement as store
from storage.database import database
from tests.support.transfers import transfer_fields

NS = {"c": "urn:iso:std:iso:20022:tech:xsd:camt.053.001.11"}
OFFICIAL = Path(PROJECT_ROOT) / "xsd" / "iso" / "camt.053.001.11.xsd"
DAY1, DAY2, DAY3 = datetime(2026, 11, 20, 9), datetime(2026, 11, 21, 9), datetime(2026, 11, 22, 9)


def held(organization_id: int, amount: str, at: datetime) -> uuid.UUID:
    fields = transfer_fields(
        organization_id, f"MSG-{uuid.uuid4().hex[:8]}", amount_usd=Decimal(amount), created_at=at, updated_at=at
    )
    assert accept_with_hold(fields, "accepted", organization_id, "ACC-1", Decimal(amount), at) is None
    return uuid.UUID(str(fields["id"]))


def history(organization_id: int) -> None:
    """Day 1: 100.00 funded. Day 2: 30.00 paid, 20.00 failed, 10.00 still held. Day 3: 5.00 funded."""
    with database.connection_context():
        operations.set_funding_policy(organization_id, "prefunded", DAY1)
        operations.open_account(organization_id, "ACC-1", DAY1)
        operations.fund_account(organization_id, "ACC-1", Decimal(100), "wire 1", DAY1)
        paid, failed = held(organization_id, "30.00", DAY2), held(organization_id, "20.00", DAY2)
        held(organization_id, "10.00", DAY2)
        store.start_processing_many({paid: Decimal(30), failed: Decimal(20)}, DAY2)
        store.complete_transfers([(paid, 1)], "e" * 64, 9, DAY2)
        store.fail_transfer(failed, "AC01", "no trustline", 1, DAY2)
        operations.fund_account(organization_id, "ACC-1", Decimal(5), "wire 2", DAY3)


def statement(runner: FlaskCliRunner, tmp_path: Path, first: str, last: str) -> etree._Element:
    out = tmp_path / "statement.xml"
    args = ["accounts", "statement", "Storage Bank", "ACC-1", "--from", first, "--to", last, "--output", str(out)]
    result = runner.invoke(args=args)
    assert result.exit_code == 0, result.output
    tree = etree.parse(str(out))
    schema = etree.XMLSchema(etree.parse(str(OFFICIAL)))
    assert schema.validate(tree), schema.error_log
    return tree.getroot()


def balances(root: etree._Element) -> dict[str, str]:
    found = {}
    for bal in root.iterfind(".//c:Bal", NS):
        sign = "-" if bal.findtext("c:CdtDbtInd", namespaces=NS) == "DBIT" else ""
        found[str(bal.findtext("c:Tp/c:CdOrPrtry/c:Cd", namespaces=NS))] = sign + str(
            bal.findtext("c:Amt", namespaces=NS)
        )
    return found


def entries(root: etree._Element) -> list[tuple[str, str, str, str]]:
    return [
        (
            str(e.findtext("c:Sts/c:Cd", namespaces=NS)),
            str(e.findtext("c:CdtDbtInd", namespaces=NS)),
            str(e.findtext("c:Amt", namespaces=NS)),
            str(e.findtext("c:BkTxCd/c:Prtry/c:Cd", namespaces=NS)),
        )
        for e in root.iterfind(".//c:Ntry", NS)
    ]


def test_a_day_with_a_payment_a_failure_and_a_hold(
    app: Flask, runner: FlaskCliRunner, organization_id: int, tmp_path: Path
) -> None:
    history(organization_id)
    root = statement(runner, tmp_path, "2026-11-21", "2026-11-21")
    assert balances(root) == {"OPBD": "100.00", "CLBD": "70.00", "CLAV": "60.00"}
    # The payment is booked, the open hold pending; the failed transfer's voided hold booked nothing.
    assert entries(root) == [("BOOK", "DBIT", "30.00", "TRANSFER"), ("PDNG", "DBIT", "10.00", "TRANSFER")]
    assert root.findtext(".//c:Acct/c:Id/c:Othr/c:Id", namespaces=NS) == "ACC-1"
    assert root.findtext(".//c:Acct/c:Ownr/c:Nm", namespaces=NS) == "Storage Bank"
    assert root.findtext(".//c:TxsSummry/c:TtlDbtNtries/c:Sum", namespaces=NS) == "30.00"
    assert root.find(".//c:Ntry/c:NtryDtls/c:TxDtls/c:Refs/c:MsgId", NS) is not None
    # The next day opens where this one closed, the payment's debit included.
    assert balances(statement(runner, tmp_path, "2026-11-22", "2026-11-22"))["OPBD"] == "70.00"


def test_the_whole_history_adds_up(app: Flask, runner: FlaskCliRunner, organization_id: int, tmp_path: Path) -> None:
    history(organization_id)
    root = statement(runner, tmp_path, "2026-11-01", "2026-11-30")
    assert balances(root) == {"OPBD": "0.00", "CLBD": "75.00", "CLAV": "65.00"}
    assert [e[:3] for e in entries(root)] == [
        ("BOOK", "CRDT", "100.00"),
        ("BOOK", "DBIT", "30.00"),
        ("BOOK", "CRDT", "5.00"),
        ("PDNG", "DBIT", "10.00"),
    ]
    assert "Funding reference: wire 1" in etree.tostring(root).decode()


def test_a_reversed_period_or_unknown_account_is_refused(
    app: Flask, runner: FlaskCliRunner, organization_id: int
) -> None:
    history(organization_id)
    reversed_period = ["accounts", "statement", "Storage Bank", "ACC-1", "--from", "2026-11-22", "--to", "2026-11-21"]
    assert "before it starts" in runner.invoke(args=reversed_period).output
    unknown = ["accounts", "statement", "Storage Bank", "ACC-9", "--from", "2026-11-21", "--to", "2026-11-21"]
    assert "no account" in runner.invoke(args=unknown).output
