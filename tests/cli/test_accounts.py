"""`accounts ...`, `orgs set-funding|add-bic|remove-bic` and `reconcile`, through the CLI runner."""

from __future__ import annotations

from decimal import Decimal

from flask.testing import FlaskClient, FlaskCliRunner

from storage.database import database
from storage.models import BalanceSlice, JournalEntry, SourceAccount
from tests.support.accounts import account
from tests.support.messages import pacs008
from tests.support.reports import rejected


def run(runner: FlaskCliRunner, *args: str, ok: bool = True) -> str:
    result = runner.invoke(args=list(args))
    assert (result.exit_code == 0) is ok, result.output
    return str(result.output)


def test_open_fund_show_list(runner: FlaskCliRunner) -> None:
    run(runner, "orgs", "create", "Acme")
    assert "opened account ACC-1 of Acme (USD)" in run(runner, "accounts", "open", "Acme", "ACC-1")
    assert "exists already" in run(runner, "accounts", "open", "Acme", "ACC-1", ok=False)
    assert "funded 100.00 USD" in run(runner, "accounts", "fund", "Acme", "ACC-1", "100.00", "--reference", "wire 1")
    # The same reference again funds nothing: the operator may safely retry.
    assert "already funded" in run(runner, "accounts", "fund", "Acme", "ACC-1", "100.00", "--reference", "wire 1")
    run(runner, "accounts", "fund", "Acme", "ACC-1", "0.50", "--reference", "wire 2")
    assert account("Acme", "ACC-1").balance == Decimal("100.50")
    for bad in ("-1", "0", "1.001", "abc", "NaN"):
        run(runner, "accounts", "fund", "Acme", "ACC-1", bad, "--reference", "bad", ok=False)
    shown = run(runner, "accounts", "show", "Acme", "ACC-1")
    assert "balance    100.50" in shown and "available  100.50" in shown
    assert "wire 2" in shown.split("wire 1")[0]  # newest first
    listed = run(runner, "accounts", "list", "Acme")
    assert "funding policy: open" in listed and "ACC-1\tUSD\topen\t100.50\t0.00\t100.50" in listed
    assert "no account" in run(runner, "accounts", "show", "Acme", "ACC-9", ok=False)
    assert "no organization" in run(runner, "accounts", "list", "Nobody", ok=False)


def test_block_unblock_close_and_closing_with_holds_is_refused(
    runner: FlaskCliRunner, client: FlaskClient, api_key: str
) -> None:
    run(runner, "accounts", "open", "Acme Bank", "ACC-1")
    run(runner, "accounts", "fund", "Acme Bank", "ACC-1", "50", "--reference", "r1")
    headers = {"Content-Type": "application/xml", "NET-API-KEY": api_key}
    assert (
        client.post("/v1/pacs008/net", data=pacs008(amount="5.00", debtor="ACC-1"), headers=headers).status_code == 201
    )
    assert "is blocked" in run(runner, "accounts", "block", "Acme Bank", "ACC-1")
    rejected(client.post("/v1/pacs008/net", data=pacs008(debtor="ACC-1"), headers=headers).data, "AC06")
    assert "is open" in run(runner, "accounts", "unblock", "Acme Bank", "ACC-1")
    assert "5.00 USD held" in run(runner, "accounts", "close", "Acme Bank", "ACC-1", ok=False)
    assert account("Acme Bank", "ACC-1").status == "open"
    run(runner, "accounts", "open", "Acme Bank", "ACC-2")
    assert "is closed" in run(runner, "accounts", "close", "Acme Bank", "ACC-2")
    assert "stays closed" in run(runner, "accounts", "unblock", "Acme Bank", "ACC-2", ok=False)
    assert "closed" in run(runner, "accounts", "fund", "Acme Bank", "ACC-2", "1", "--reference", "x", ok=False)


def test_set_funding_and_bics(runner: FlaskCliRunner, client: FlaskClient, api_key: str) -> None:
    headers = {"Content-Type": "application/xml", "NET-API-KEY": api_key}
    assert (
        client.post("/v1/pacs008/net", data=pacs008(amount="5.00", debtor="ACC-1"), headers=headers).status_code == 201
    )
    # ACC-1 went below zero under `open`: it must be funded before the organization is prefunded.
    assert "below zero" in run(runner, "orgs", "set-funding", "Acme Bank", "prefunded", ok=False)
    run(runner, "accounts", "fund", "Acme Bank", "ACC-1", "5.00", "--reference", "cover")
    assert "prefunded" in run(runner, "orgs", "set-funding", "Acme Bank", "prefunded")
    with database.connection_context():
        assert SourceAccount.get().debits_must_not_exceed_credits
        assert all(s.debits_must_not_exceed_credits for s in BalanceSlice.select())
    rejected(client.post("/v1/pacs008/net", data=pacs008(debtor="ACC-NEW"), headers=headers).data, "AC01")
    run(runner, "orgs", "set-funding", "Acme Bank", "open")
    assert client.post("/v1/pacs008/net", data=pacs008(debtor="ACC-NEW"), headers=headers).status_code == 201

    assert "ACMEUS33XXX" in run(runner, "orgs", "add-bic", "Acme Bank", "ACMEUS33")
    assert "registered already" in run(runner, "orgs", "add-bic", "Acme Bank", "ACMEUS33XXX", ok=False)
    assert "not a BIC" in run(runner, "orgs", "add-bic", "Acme Bank", "acme", ok=False)
    assert client.post("/v1/pacs008/net", data=pacs008(debtor_agent="ACMEUS33"), headers=headers).status_code == 201
    assert "removed BIC ACMEUS33XXX" in run(runner, "orgs", "remove-bic", "Acme Bank", "ACMEUS33")
    assert "not registered" in run(runner, "orgs", "remove-bic", "Acme Bank", "ACMEUS33", ok=False)
    rejected(client.post("/v1/pacs008/net", data=pacs008(debtor_agent="ACMEUS33"), headers=headers).data, "AG01")


def test_reconcile_passes_and_fails_on_a_tampered_balance(
    runner: FlaskCliRunner, client: FlaskClient, api_key: str
) -> None:
    headers = {"Content-Type": "application/xml", "NET-API-KEY": api_key}
    client.post("/v1/pacs008/net", data=pacs008(amount="5.00", debtor="ACC-1"), headers=headers)
    passed = run(runner, "reconcile", "--skip-ledger")
    assert "ok    every transfer has exactly one hold (1 checked)" in passed
    assert "ok    balance rows equal the journal sums (1 checked)" in passed
    with database.connection_context():
        BalanceSlice.update(available=BalanceSlice.available + 1).where(BalanceSlice.slice == 4).execute()
    failed = run(runner, "reconcile", "--skip-ledger", ok=False)
    assert "FAIL  balance rows equal the journal sums" in failed and "ACC-1" in failed


def entries() -> list[tuple[str, str, Decimal, str | None, str | None]]:
    with database.connection_context():
        query = JournalEntry.select().order_by(JournalEntry.id)
        return [(e.kind, e.side, e.amount, e.reference, e.note) for e in query]


def test_an_adjustment_is_a_journaled_credit_or_debit_with_its_reason(runner: FlaskCliRunner) -> None:
    run(runner, "orgs", "create", "Acme")
    run(runner, "accounts", "open", "Acme", "ACC-1")
    run(runner, "accounts", "fund", "Acme", "ACC-1", "10.00", "--reference", "wire 1")
    adjust = ("accounts", "adjust", "Acme", "ACC-1")
    credited = run(runner, *adjust, "credit", "2.50", "--reason", "bank fee refunded", "--reference", "adj 1")
    assert "adjusted ACC-1 by a credit of 2.50 USD (reference adj 1): bank fee refunded" in credited
    # The same reference again changes nothing: the operator may safely retry.
    again = run(runner, *adjust, "credit", "2.50", "--reason", "bank fee refunded", "--reference", "adj 1")
    assert "already adjusted" in again
    # Under `open` a debit may take the account below zero, as a transfer may.
    run(runner, *adjust, "debit", "20.00", "--reason", "wire 1 returned", "--reference", "adj 2")
    assert account("Acme", "ACC-1").balance == Decimal("-7.50")
    assert account("Acme", "ACC-1").available == Decimal("-7.50")
    assert entries()[1:] == [
        ("adjustment", "credit", Decimal("2.50"), "adj 1", "bank fee refunded"),
        ("adjustment", "debit", Decimal("20.00"), "adj 2", "wire 1 returned"),
    ]
    assert "(wire 1 returned)" in run(runner, "accounts", "show", "Acme", "ACC-1")
    assert "ok    balance rows equal the journal sums (1 checked)" in run(runner, "reconcile", "--skip-ledger")


def test_an_adjustment_that_does_not_fit_is_refused_and_writes_nothing(runner: FlaskCliRunner) -> None:
    run(runner, "orgs", "create", "Acme")
    run(runner, "accounts", "open", "Acme", "ACC-1")
    run(runner, "accounts", "fund", "Acme", "ACC-1", "10.00", "--reference", "wire 1")
    adjust = ("accounts", "adjust", "Acme", "ACC-1")
    for bad in ("0", "-1", "1.001", "abc", "Infinity"):
        run(runner, *adjust, "credit", bad, "--reason", "r", "--reference", "bad", ok=False)
    assert "reason" in run(runner, *adjust, "credit", "1", "--reason", " ", "--reference", "x", ok=False)
    assert "reason" in run(runner, *adjust, "credit", "1", "--reason", "r" * 201, "--reference", "x", ok=False)
    run(runner, *adjust, "credit", "1", "--reference", "x", ok=False)  # --reason is required
    run(runner, *adjust, "refund", "1", "--reason", "r", "--reference", "x", ok=False)
    assert "another movement" in run(
        runner, *adjust, "credit", "10.00", "--reason", "r", "--reference", "wire 1", ok=False
    )
    assert "another movement" in run(
        runner, *adjust, "debit", "10.00", "--reason", "r", "--reference", "wire 1", ok=False
    )
    run(runner, "orgs", "set-funding", "Acme", "prefunded")
    # The account's CHECK refuses the debit that would overdraw a prefunded account, not a Python test.
    refused = run(runner, *adjust, "debit", "10.01", "--reason", "r", "--reference", "adj 1", ok=False)
    assert "must not go below zero" in refused
    run(runner, *adjust, "debit", "10.00", "--reason", "chargeback", "--reference", "adj 2")
    assert account("Acme", "ACC-1").available == Decimal("0.00")
    run(runner, "accounts", "close", "Acme", "ACC-1")
    assert "closed" in run(runner, *adjust, "credit", "1", "--reason", "r", "--reference", "adj 3", ok=False)
    assert [e[3] for e in entries()] == ["wire 1", "adj 2"]
