"""`queries list` shows an organization's recorded pacs.028 requests."""

from __future__ import annotations

from flask.testing import FlaskClient, FlaskCliRunner

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

    everything = runner.invoke(args=["queries", "list", "--org", "Acme Bank"]).output.splitlines()
    assert len(everything) == 3  # header + two of Acme's; Other Bank's is not listed
    assert "ACSP" in everything[1] and "RJCT NARR" in everything[2]
    only = runner.invoke(args=["queries", "list", "--org", "Acme Bank", "--transfer", transfer_id, "--raw"])
    assert transfer_id in only.output and "<FIToFIPmtStsReq>" in only.output and "nope" not in only.output
    later = runner.invoke(args=["queries", "list", "--org", "Acme Bank", "--since", "2999-01-01"]).output
    assert len(later.splitlines()) == 1
    assert runner.invoke(args=["queries", "list", "--org", "Nobody"]).exit_code != 0
