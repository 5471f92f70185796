"""`queries list` shows an organization's recorded pacs.028 requests; `queries prune` deletes old ones."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from freezegun import freeze_time

from tests.support.databases import row_counts
from tests.support.messages import pacs008, pacs028
from tests.support.reports import parse_report


def test_lists_queries_of_one_organization(
    client: FlaskClient, runner: FlaskCliRunner, api_key: str, other_api_key: str
) -> None:
    headers = {"NET-API-KEY": api_key, "Content-Type": "application/xml"}
    created = client.post("/v1/pacs008/net", data=pacs008(), headers=headers)
    transfer_id = parse_report(created.data).info()["TransferId"]
    client.post("/v1/pacs028/net", data=pacs028(instruction_id=transfer_id), headers=headers)
    client.post("/v1/pacs028/net", data=pacs028(instruction_id="nope"), headers=headers)
    other = {"NET-API-KEY": other_api_key, "Content-Type": "application/xml"}
    client.post("/v1/pacs028/net", data=pacs028(instruction_id=transfer_id), headers=other)

    everything = runner.invoke(args=["queries", "list", "Acme Bank"]).output.splitlines()
    assert len(everything) == 3  # header + two of Acme's; Other Bank's is not listed
    assert "RJCT NARR" in everything[1] and "ACSP" in everything[2]  # newest first
    only = runner.invoke(args=["queries", "list", "Acme Bank", "--transfer", transfer_id, "--raw"])
    assert transfer_id in only.output and "<FIToFIPmtStsReq>" in only.output and "nope" not in only.output
    last = runner.invoke(args=["queries", "list", "Acme Bank", "--limit", "1"]).output.splitlines()
    assert last == everything[:2]  # the most recent one
    later = runner.invoke(args=["queries", "list", "Acme Bank", "--since", "2999-01-01"]).output
    assert len(later.splitlines()) == 1
    assert runner.invoke(args=["queries", "list", "Nobody"]).exit_code != 0


def test_lists_batch_status_requests_with_their_type(client: FlaskClient, runner: FlaskCliRunner, api_key: str) -> None:
    headers = {"NET-API-KEY": api_key, "Content-Type": "application/json"}
    client.post("/v1/transfers/batch-status", data='{"transfer_ids": []}', headers=headers)
    client.post("/v1/transfers/batch-status", data="{", headers=headers)
    client.post("/v1/pacs028/net", data=pacs028(instruction_id="nope"), headers={**headers, "Content-Type": "text/xml"})
    listed = runner.invoke(args=["queries", "list", "Acme Bank", "--raw"]).output.splitlines()
    assert listed[0].startswith("queried_at\ttype\t")
    rows = [line.split("\t") for line in listed[1:] if "\t" in line]
    assert [(row[1], row[-1]) for row in rows] == [
        ("pacs.028", "RJCT NARR"),
        ("batch-status", "400"),
        ("batch-status", "200"),
    ]
    assert '{"transfer_ids": []}' in listed


def query_and_transfer(client: FlaskClient, api_key: str) -> None:
    headers = {"NET-API-KEY": api_key, "Content-Type": "application/xml"}
    created = client.post("/v1/pacs008/net", data=pacs008(), headers=headers)
    transfer_id = parse_report(created.data).info()["TransferId"]
    assert client.post("/v1/pacs028/net", data=pacs028(instruction_id=transfer_id), headers=headers).status_code == 200


def test_prune_deletes_queries_older_than_the_retention_and_never_transfers(
    client: FlaskClient, runner: FlaskCliRunner, api_key: str
) -> None:
    with freeze_time("2026-01-01T12:00:00Z"):
        query_and_transfer(client, api_key)
    with freeze_time("2026-03-01T12:00:00Z"):
        query_and_transfer(client, api_key)
    transfers, events, _ = row_counts()
    with freeze_time("2026-04-15T12:00:00Z"):  # 104 and 45 days later; the default keeps 90
        result = runner.invoke(args=["queries", "prune"])
        assert "deleted 1 status queries recorded before 2026-01-15T12:00:00Z" in result.output
        assert row_counts() == (transfers, events, 1)
        runner.invoke(args=["queries", "prune", "--older-than", "0"])
        assert row_counts() == (transfers, events, 0)
    assert transfers == 2


def test_prune_reads_its_default_age_from_the_configuration(
    app: Flask, client: FlaskClient, runner: FlaskCliRunner, api_key: str
) -> None:
    with freeze_time("2026-01-01T12:00:00Z"):
        query_and_transfer(client, api_key)
    app.config["QUERY_RETENTION_DAYS"] = 200
    with freeze_time("2026-04-15T12:00:00Z"):
        assert "deleted 0 status queries" in runner.invoke(args=["queries", "prune"]).output
    assert row_counts()[2] == 1
