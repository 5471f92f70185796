"""What README.md and docs/operations.md say the service answers is what the real app answers.

The README's endpoint table names each endpoint's media types; each row is sent to the app and
its answers' Content-Types must be among the ones the row names. The readiness check names the
docs give must be the names `/readyz` reports.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from config import PROJECT_ROOT
from services.readiness import readiness

README = (PROJECT_ROOT / "README.md").read_text()
OPERATIONS = (PROJECT_ROOT / "docs" / "operations.md").read_text()
OPS_TOKEN = "readme-test-ops-token"
NOT_A_UUID = {"transfer_ids": ["not-a-uuid"]}


@pytest.fixture()
def app_config(app_config: dict[str, Any]) -> dict[str, Any]:
    """With OPS_TOKEN set, so that the console's row has a route to answer."""
    return {**app_config, "OPS_TOKEN": OPS_TOKEN}


def endpoint_table() -> dict[str, set[str]]:
    """The README's endpoint table: each row's first cell, to the media types its second cell names."""
    table = README.split("| endpoint | answers |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split(" | ", 1) for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    return {cells[0].strip("| "): set(re.findall(r"`([a-z]+/[a-z.+-]+)`", cells[1])) for cells in rows}


def _answers(client: FlaskClient, key: str, row: str) -> list[tuple[int, str, bytes]]:
    """Answers to requests of the kinds the row speaks of: accepted, refused, unauthenticated."""
    headers = {"NET-API-KEY": key}
    if row.startswith("`POST /v1/pacs008"):
        responses = [
            client.post(f"/v1/{kind}/net", data=b"<not-xml", headers=headers, content_type="application/xml")
            for kind in ("pacs008", "pacs028")
        ]
        responses.append(client.post("/v1/pacs008/net", data=b"<x/>", content_type="application/xml"))
    elif row.startswith("`POST /v1/camt056"):
        responses = [
            client.post("/v1/camt056/net", data=b"<not-xml", headers=headers, content_type="application/xml"),
            client.post("/v1/camt056/net", data=b"<x/>", content_type="application/xml"),
            client.get("/v1/camt056/net", headers=headers),
        ]
    elif row.startswith("`POST /v1/transfers/batch-status"):
        path = "/v1/transfers/batch-status"
        responses = [
            client.post(path, json={"transfer_ids": []}, headers=headers),
            client.post(path, data=json.dumps(NOT_A_UUID), headers=headers, content_type="application/json"),
            client.post(path, json={"transfer_ids": []}),
            client.get(path, headers=headers),
        ]
    elif row == "any other path or method":
        responses = [client.post("/v1/nowhere", headers=headers), client.get("/v1/pacs008/net", headers=headers)]
    else:
        paths = re.findall(r"`GET (/[a-z.]+)`", row)
        assert paths, f"a row the test cannot send: {row}"
        auth = {"Authorization": f"Bearer {OPS_TOKEN}"}
        responses = [client.get(path, headers=auth) for path in paths]
    return [(r.status_code, r.mimetype or "", r.get_data()) for r in responses]


def test_the_readme_names_what_each_endpoint_answers(client: FlaskClient, api_key: str) -> None:
    table = endpoint_table()
    assert len(table) == 8, table
    for row, media_types in table.items():
        for status, mimetype, body in _answers(client, api_key, row):
            if status == 401:
                assert body == b"", f"{row}: a 401 has a body"
                continue
            assert mimetype in media_types, f"{row}: answered {status} {mimetype}, the README says {media_types}"


def test_the_batch_endpoint_answers_json_and_its_other_failures_as_pacs002(client: FlaskClient, api_key: str) -> None:
    headers = {"NET-API-KEY": api_key}
    refused = client.post("/v1/transfers/batch-status", json=NOT_A_UUID, headers=headers)
    wrong_method = client.get("/v1/transfers/batch-status", headers=headers)
    assert (refused.status_code, refused.mimetype) == (400, "application/json")
    assert (wrong_method.status_code, wrong_method.mimetype) == (405, "application/xml")
    assert b"pacs.002" in wrong_method.get_data()


def test_the_readiness_checks_the_docs_name_are_the_ones_readyz_reports(tmp_path: Path) -> None:
    secrets = tmp_path / "ledger-secrets.json"
    secrets.write_text("{}")
    configured = {
        "SANDBOX_HORIZON_URL": "http://127.0.0.1:9",  # discard port: refused at once
        "SANDBOX_NETWORK_PASSPHRASE": "Test SDF Network ; September 2015",
        "SANDBOX_SECRETS_FILE": str(secrets),
    }
    reported = set(readiness(configured))
    health = README.split("## Health", 1)[1].split("\n## ", 1)[0]
    in_readme = set(re.findall(r"`([a-z_]+)`\s\(", health))
    in_runbook = set(re.findall(r"`/readyz` 503 with `([a-z_]+)`", OPERATIONS))
    assert reported == {"database", "migrations", "sandbox_ledger"}
    assert in_readme == reported
    assert in_runbook and in_runbook <= reported
