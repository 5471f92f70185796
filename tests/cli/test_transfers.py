"""`transfers show`, `transfers list` and `orgs list`: what an operator sees of a transfer."""

from __future__ import annotations

from datetime import datetime

from flask.testing import FlaskCliRunner

from storage import settlement as store
from storage.database import database
from storage.models import Transfer
from storage.organizations import insert_organization
from tests.support.transfers import new_transfer

AT = datetime(2026, 11, 22, 12, 0, 5)


def test_show_gives_state_events_and_reason(runner: FlaskCliRunner, organization_id: int) -> None:
    transfer_id = new_transfer(organization_id, "Processing")
    with database.connection_context():
        store.fail_transfer(transfer_id, "AC01", "the creditor account has no TKN trustline", 1, AT)
    output = runner.invoke(args=["transfers", "show", str(transfer_id)]).output
    assert f"transfer {transfer_id}" in output
    assert "state         Failed" in output
    assert "error code    AC01" in output
    assert "reason        the creditor account has no TKN trustline" in output
    assert "- -> Created: accepted" in output
    assert "Processing -> Failed: the creditor account has no TKN trustline" in output
    assert "envelope attempts: none" in output


def test_show_an_unknown_transfer_fails(runner: FlaskCliRunner, organization_id: int) -> None:
    result = runner.invoke(args=["transfers", "show", "01a20fcf-810b-738b-b414-1edbe06e9c46"])
    assert result.exit_code != 0
    assert "no transfer 01a20fcf-810b-738b-b414-1edbe06e9c46" in result.output


def test_list_filters_by_org_state_and_limit(runner: FlaskCliRunner, organization_id: int) -> None:
    created = [new_transfer(organization_id) for _ in range(3)]
    processing = new_transfer(organization_id, "Processing")
    with database.connection_context():
        other = int(insert_organization("Other Bank").id)
    foreign = new_transfer(other)

    def listed(*args: str) -> list[str]:
        result = runner.invoke(args=["transfers", "list", *args])
        assert result.exit_code == 0, result.output
        return [line.split("\t")[1] for line in result.output.splitlines()[1:]]

    assert set(listed()) == {*map(str, created), str(processing), str(foreign)}
    assert set(listed("Storage Bank", "--state", "Created")) == set(map(str, created))
    assert listed("Other Bank") == [str(foreign)]
    assert len(listed("--limit", "2")) == 2
    with database.connection_context():
        Transfer.update(created_at=datetime(2026, 1, 1)).where(Transfer.id != foreign).execute()
    assert listed("--since", "2026-06-01T00:00:00") == [str(foreign)]
    assert runner.invoke(args=["transfers", "list", "Nobody"]).exit_code != 0


def test_orgs_list_counts_active_keys_and_transfers(runner: FlaskCliRunner, organization_id: int) -> None:
    new_transfer(organization_id)
    runner.invoke(args=["keys", "issue", "Storage Bank"])
    key_id = runner.invoke(args=["keys", "issue", "Storage Bank"]).output.strip().splitlines()[-1].split("_")[2]
    runner.invoke(args=["keys", "revoke", key_id])
    runner.invoke(args=["orgs", "create", "Empty Bank"])
    lines = runner.invoke(args=["orgs", "list"]).output.splitlines()
    assert lines[0] == "id\tname\tcreated_at\tactive_keys\ttransfers"
    rows = [line.split("\t") for line in lines[1:]]
    assert [(r[1], r[3], r[4]) for r in rows] == [("Storage Bank", "1", "1"), ("Empty Bank", "0", "0")]
