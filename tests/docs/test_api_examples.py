"""Every example in docs/api.md, sent to the real app over HTTP, gets the answer the page shows.

An example is a table row or a sentence that reads `what was sent → the answer's text`. Each one
found on the page must have a request here, and each request here an example on the page; the
answer must carry the row's status, `RJCT` and reason code (the `error` code for batch status), with
the text the page shows, up to the times and IDs that differ from run to run. The pacs.002 and the
batch-status answer the page shows in full are compared in full, their IDs and times masked.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
import requests
from lxml import etree

from config import PROJECT_ROOT
from services.accounts import operations
from services.api_keys import Environment
from storage.database import database
from storage.models import utc_now
from tests.conftest import make_key
from tests.support.accounts import prefund
from tests.support.api_examples import comparable, masked
from tests.support.messages import message_id, pacs008, pacs028, transaction

PAGE = (PROJECT_ROOT / "docs" / "api.md").read_text()
SECTIONS = {
    "## POST /v1/pacs008/net": "pacs008",
    "## POST /v1/pacs028/net": "pacs028",
    "## POST /v1/transfers": "batch",
}
PACS002 = {"p": "urn:iso:std:iso:20022:tech:xsd:pacs.002.001.15"}
ORGANIZATION = "Acme Bank"  # the `api_key` fixture's
ACCOUNT = "ACC-000123456"
# What differs from run to run in a documented text, and what it may be in an answer.
_VOLATILE = (
    (r"[0-9]{10}[0-9A-F]{10}", "[0-9]{10}[0-9A-F]{10}"),  # a MsgId
    (r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "[0-9a-f-]{36}"),
    (r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z", "[0-9T:Z-]{20}"),
    (r"\b[0-9]{10}\b", "[0-9]{10}"),  # a Unix time
)


@dataclass(frozen=True)
class Example:
    """One documented example: where it is, the status and code it shows, and the answer's text."""

    section: str
    status: int
    code: str
    answer: str


def documented_examples() -> list[Example]:
    """Every `… → `text`` example of the page, in its order."""
    examples: list[Example] = []
    section, heading = "", ""
    prose: list[str] = []

    def flush() -> None:
        for text in re.findall(r"→ `([^`]+)`", " ".join(prose)):
            status, _, code = heading.split()[1:4]
            examples.append(Example(section, int(status), code, text))
        prose.clear()

    for line in PAGE.splitlines():
        if line.startswith("#"):
            flush()
            heading = line if line.startswith("### ") else ""
            if line.startswith("## "):
                section = next((name for start, name in SECTIONS.items() if line.startswith(start)), "")
        elif line.startswith("| ") and "→" in line and section:
            cells = [cell.strip() for cell in line.strip("| ").split(" | ")]
            if cells[1] == "when":  # the table's header
                continue
            found = re.search(r"→ `(.+?)`(?: \(|$)", cells[2])
            assert found is not None, line
            status = 400 if section == "batch" else int(heading.split()[1])
            examples.append(Example(section, status, cells[0].strip("`"), found.group(1)))
        elif section and not line.startswith("|"):
            prose.append(line)
    flush()
    return examples


def pattern(text: str) -> re.Pattern[str]:
    """The documented text as an expression: `…` stands for anything, volatile values for their kind."""
    parts = re.split("(" + "|".join(volatile for volatile, _ in _VOLATILE) + "|…)", text)
    expression = ""
    for index, part in enumerate(parts):
        if index % 2 == 0:
            expression += re.escape(part)
        elif part == "…":
            expression += ".*"
        else:
            expression += next(kind for volatile, kind in _VOLATILE if re.fullmatch(volatile, part))
    return re.compile(expression)


@dataclass(frozen=True)
class Caller:
    """The live server and a key of ORGANIZATION."""

    url: str
    key: str

    def post(self, path: str, body: bytes, content_type: str | None = "application/xml") -> requests.Response:
        headers = {"NET-API-KEY": self.key} | ({"Content-Type": content_type} if content_type else {})
        return requests.post(self.url + path, data=body, headers=headers, timeout=30)

    def pacs008(self, body: bytes, content_type: str | None = "application/xml") -> requests.Response:
        return self.post("/v1/pacs008/net", body, content_type)

    def pacs028(self, body: bytes) -> requests.Response:
        return self.post("/v1/pacs028/net", body)

    def batch(self, body: str) -> requests.Response:
        return self.post("/v1/transfers/batch-status", body.encode(), "application/json")


def _with_account(status: str | None = None) -> None:
    """ORGANIZATION prefunded, with ACCOUNT open and empty, then given `status`."""
    organization = prefund(ORGANIZATION, ACCOUNT)
    if status is not None:
        with database.connection_context():
            operations.change_status(organization, ACCOUNT, status, utc_now())


def _reused_message_id(caller: Caller) -> requests.Response:
    reused = message_id()
    assert caller.pacs008(pacs008(msg_id=reused)).status_code == 201
    return caller.pacs008(pacs008(msg_id=reused, amount="10.00"))


def _after(setup: Callable[[], None], send: Callable[[], requests.Response]) -> requests.Response:
    setup()
    return send()


def _production_key_request(caller: Caller) -> requests.Response:
    production = Caller(caller.url, make_key("Live Bank", Environment.PRODUCTION))
    return production.pacs008(pacs008())


_NO_GROUP_HEADER = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.13">\n'
    f"<FIToFICstmrCdtTrf>\n{transaction()}\n</FIToFICstmrCdtTrf>\n</Document>\n"
).encode()
_A_TRANSFER_ID = "019abc12-3456-7def-8abc-0123456789ab"

# The request behind each documented example, by its section and the start of its answer's text.
REQUESTS: dict[tuple[str, ...], Callable[[Caller], requests.Response]] = {
    ("pacs008", "Network 'other'"): lambda c: c.post("/v1/pacs008/other", pacs008()),
    ("pacs008", "The Content-Type header is missing"): lambda c: c.pacs008(pacs008(), content_type=None),
    ("pacs008", "Content-Type must be"): lambda c: c.pacs008(pacs008(), "application/json"),
    ("pacs008", "The body exceeds the limit"): lambda c: c.pacs008(b"<a>" + b" " * 524_288 + b"</a>"),
    ("pacs008", "The body is empty"): lambda c: c.pacs008(b""),
    ("pacs008", "DTDs and entity declarations"): lambda c: c.pacs008(
        b'<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY x "y">]><Document>&x;</Document>'
    ),
    ("pacs008", "Elements are nested more than 32 deep"): lambda c: c.pacs008(b"<a>" * 40 + b"</a>" * 40),
    ("pacs008", "XML is not well-formed"): lambda c: c.pacs008(b"<Document"),
    ("pacs008", "The root element is Document"): lambda c: c.pacs008(
        pacs008().replace(b"pacs.008.001.13", b"pacs.008.001.08")
    ),
    ("pacs008", "Schema validation failed"): lambda c: c.pacs008(_NO_GROUP_HEADER),
    ("pacs008", "The required field MsgId"): lambda c: c.pacs008(pacs008(msg_id=None)),
    ("pacs008", "MsgId '20261125-0005'"): lambda c: c.pacs008(pacs008(msg_id="20261125-0005")),
    ("pacs008", "MsgId timestamp", "older"): lambda c: c.pacs008(
        pacs008(msg_id=message_id(datetime.now(UTC) - timedelta(hours=25)))
    ),
    ("pacs008", "MsgId timestamp", "ahead"): lambda c: c.pacs008(
        pacs008(msg_id=message_id(datetime.now(UTC) + timedelta(minutes=10)))
    ),
    ("pacs008", "Only one CdtTrfTxInf"): lambda c: c.pacs008(pacs008(transactions=[transaction(), transaction()])),
    ("pacs008", "Currency EUR"): lambda c: c.pacs008(pacs008(currency="EUR")),
    ("pacs008", "Amount 0 USD"): lambda c: c.pacs008(pacs008(amount="0")),
    ("pacs008", "Amount 1.005 USD"): lambda c: c.pacs008(pacs008(amount="1.005")),
    ("pacs008", "Amount 0.001 USD"): lambda c: c.pacs008(pacs008(amount="0.001")),
    ("pacs008", "Amount 10000.01 USD"): lambda c: c.pacs008(pacs008(amount="10000.01")),
    ("pacs008", "The required field DbtrAcct"): lambda c: c.pacs008(pacs008(debtor=None)),
    ("pacs008", "The required field CdtrAcct"): lambda c: c.pacs008(pacs008(creditor=None)),
    ("pacs008", "Creditor account 'GABC'"): lambda c: c.pacs008(pacs008(creditor="GABC")),
    ("pacs008", "CdtrAcct/Nm is 29 bytes"): lambda c: c.pacs008(pacs008(memo="x" * 29)),
    ("pacs008", "MsgId", "already used"): _reused_message_id,
    ("pacs008", "Source account DbtrAcct/Id/Othr/Id 'ACC-9'"): lambda c: _after(
        _with_account, lambda: c.pacs008(pacs008(debtor="ACC-9"))
    ),
    ("pacs008", "Insufficient funds"): lambda c: _after(_with_account, lambda: c.pacs008(pacs008())),
    ("pacs008", "Source account", "is blocked"): lambda c: _after(
        lambda: _with_account("blocked"), lambda: c.pacs008(pacs008())
    ),
    ("pacs008", "Source account", "is closed"): lambda c: _after(
        lambda: _with_account("closed"), lambda: c.pacs008(pacs008())
    ),
    ("pacs008", "Agent BIC BANKUS33XXX"): lambda c: c.pacs008(pacs008(debtor_agent="BANKUS33XXX")),
    ("pacs008", "Method Not Allowed"): lambda c: requests.get(
        c.url + "/v1/pacs008/net", headers={"NET-API-KEY": c.key}, timeout=30
    ),
    ("pacs008", "Internal server configuration error"): _production_key_request,
    ("pacs028", "Network 'other'"): lambda c: c.post("/v1/pacs028/other", pacs028(instruction_id=_A_TRANSFER_ID)),
    ("pacs028", "The root element is Document"): lambda c: c.pacs028(pacs008()),
    ("pacs028", "Schema validation failed"): lambda c: c.pacs028(pacs028(instruction_id="x" * 40)),
    ("pacs028", "The required field MsgId"): lambda c: c.pacs028(pacs028(msg_id=None, instruction_id=_A_TRANSFER_ID)),
    ("pacs028", "MsgId 'bad'"): lambda c: c.pacs028(pacs028(msg_id="bad", instruction_id=_A_TRANSFER_ID)),
    ("pacs028", "Only single-transaction queries"): lambda c: c.pacs028(
        pacs028(instruction_id=_A_TRANSFER_ID, transactions=2)
    ),
    ("pacs028", "The transfer ID was not found"): lambda c: c.pacs028(pacs028(instruction_id="INSTR-0001")),
    ("batch", "The body is not valid JSON"): lambda c: c.batch("{"),
    ("batch", "The body must be a JSON object"): lambda c: c.batch("[]"),
    ("batch", "At most 100 transfer IDs"): lambda c: c.batch(
        json.dumps({"transfer_ids": [str(uuid.uuid4()) for _ in range(101)]})
    ),
    ("batch", "Not a transfer ID"): lambda c: c.batch(json.dumps({"transfer_ids": ["INSTR-0001"]})),
}


def request_for(example: Example) -> Callable[[Caller], requests.Response]:
    """The one request whose key names the example's section and parts of its answer."""
    found = [
        send
        for (section, start, *more), send in REQUESTS.items()
        if section == example.section and example.answer.startswith(start) and all(m in example.answer for m in more)
    ]
    assert len(found) == 1, f"{len(found)} requests for the example {example}"
    return found[0]


def reasons(answer: bytes) -> tuple[str, list[tuple[str, str]]]:
    """A pacs.002's TxSts, and each StsRsnInf as its code and its AddtlInf lines joined."""
    root = etree.fromstring(answer)
    status = root.findtext(".//p:TxSts", namespaces=PACS002)
    found = [
        (
            info.findtext("p:Rsn/p:Cd", namespaces=PACS002) or "",
            " ".join(line.text or "" for line in info.iterfind("p:AddtlInf", namespaces=PACS002)),
        )
        for info in root.iterfind(".//p:StsRsnInf", namespaces=PACS002)
    ]
    return status or "", found


EXAMPLES = documented_examples()


def test_every_example_on_the_page_has_a_request_and_every_request_an_example() -> None:
    assert len(EXAMPLES) == len(REQUESTS) == 43
    assert {id(request_for(example)) for example in EXAMPLES} == {id(send) for send in REQUESTS.values()}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.section}-{e.code}-{e.answer[:40]}")
def test_the_example_gets_its_documented_answer(example: Example, live_server: str, api_key: str) -> None:
    response = request_for(example)(Caller(live_server, api_key))
    assert response.status_code == example.status
    expected = pattern(example.answer)
    if example.section == "batch":
        assert response.json()["error"] == example.code
        assert expected.fullmatch(response.json()["message"]), response.json()["message"]
        return
    status, found = reasons(response.content)
    assert status == "RJCT"
    assert any(code == example.code and expected.search(text) for code, text in found), found


def test_the_batch_answer_shown_in_full_is_the_one_given(live_server: str, api_key: str) -> None:
    section = PAGE.split("## POST /v1/transfers/batch-status", 1)[1]
    request = re.search(r"`(\{\"transfer_ids\".*?\})`", section, re.DOTALL)
    assert request is not None
    asked = json.loads(request.group(1))
    shown = json.loads(section.split("```json", 1)[1].split("```", 1)[0])
    caller = Caller(live_server, api_key)
    created = caller.pacs008(pacs008())
    assert created.status_code == 201
    transfer_id = re.search(r"TransferId: ([0-9a-f-]{36})", created.text)
    assert transfer_id is not None
    asked["transfer_ids"][0] = transfer_id.group(1)
    response = caller.batch(json.dumps(asked))
    assert response.status_code == 200
    assert masked(json.dumps(response.json(), sort_keys=True)) == masked(json.dumps(shown, sort_keys=True))


def test_the_pacs002_shown_in_full_is_the_one_given(live_server: str, api_key: str) -> None:
    section = PAGE.split("## The answer: a pacs.002 status report", 1)[1]
    shown = re.sub(r"\s*<!--.*?-->", "", section.split("```xml", 1)[1].split("```", 1)[0])
    sent = pacs008(currency="EUR", instruction_id="INSTR-0002", end_to_end_id="E2E-ACME-0002")
    response = Caller(live_server, api_key).pacs008(sent)
    assert response.status_code == 400
    assert comparable(response.content) == comparable(shown.strip())
