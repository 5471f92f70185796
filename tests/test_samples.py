"""samples/: each request, sent to the real app over HTTP, gets the answer stored beside it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests

from tests.support.api_examples import comparable, pretty, with_fresh_message_id
from tests.support.messages import PAYEE, message_id

SAMPLES = Path(__file__).parents[1] / "samples"
# Headers an answer file shows: the ones a client acts on.
SHOWN_HEADERS = ("Content-Type", "WWW-Authenticate", "Allow", "Retry-After")
WRONG_KEY = "tkn_sandbox_not-a-real-key"


@dataclass(frozen=True)
class Sample:
    """A request file, where it is sent, with which key, and the file holding its answer."""

    request: str
    endpoint: str
    key: str = "valid"

    @property
    def answer(self) -> Path:
        return SAMPLES / self.request.replace(".xml", ".answer.http")


CATALOGUE = (
    Sample("pacs008.xml", "/v1/pacs008/net"),
    Sample("pacs028.xml", "/v1/pacs028/net"),
    Sample("camt056.xml", "/v1/camt056/net"),
    Sample("rejected/wrong-currency.xml", "/v1/pacs008/net"),
    Sample("rejected/over-maximum.xml", "/v1/pacs008/net"),
    Sample("rejected/bad-creditor-key.xml", "/v1/pacs008/net"),
    Sample("rejected/bad-api-key.xml", "/v1/pacs008/net", key="wrong"),
)


def filled(sample: Sample, transfer_id: str) -> bytes:
    """The sample with its placeholders filled as the README and samples/README.md say."""
    text = (SAMPLES / sample.request).read_text()
    text = text.replace("__MSG_ID__", message_id()).replace("__CREDITOR__", PAYEE)
    return with_fresh_message_id(text.replace("__TRANSFER_ID__", transfer_id)).encode()


def as_answer_file(response: requests.Response) -> str:
    """What an answer file holds: the status line, the headers a client acts on, the body indented."""
    shown = SHOWN_HEADERS if response.content else SHOWN_HEADERS[1:]  # an empty body's type says nothing
    lines = [f"HTTP {response.status_code}"] + [f"{h}: {response.headers[h]}" for h in shown if h in response.headers]
    return "\n".join(lines) + "\n\n" + (pretty(response.content) if response.content else "")


def answers(base_url: str, api_key: str) -> dict[Sample, requests.Response]:
    """Every sample sent in catalogue order; pacs028.xml asks about the transfer pacs008.xml created, camt056.xml
    cancels it."""
    transfer_id = ""
    found = {}
    for sample in CATALOGUE:
        key = api_key if sample.key == "valid" else WRONG_KEY
        headers = {"NET-API-KEY": key, "Content-Type": "application/xml"}
        response = requests.post(base_url + sample.endpoint, data=filled(sample, transfer_id), headers=headers)
        if sample.request == "pacs008.xml":
            match = re.search(r"TransferId: ([0-9a-f-]{36})", response.text)
            assert match is not None, response.text
            transfer_id = match.group(1)
        found[sample] = response
    return found


def _split(answer_file: str) -> tuple[str, str]:
    head, _, body = answer_file.partition("\n\n")
    return head, body


def test_every_sample_gets_the_answer_stored_beside_it(live_server: str, api_key: str) -> None:
    for sample, response in answers(live_server, api_key).items():
        expected_head, expected_body = _split(sample.answer.read_text())
        head, body = _split(as_answer_file(response))
        assert head == expected_head, sample.request
        if expected_body or body:
            assert comparable(body) == comparable(expected_body), sample.request


def test_every_request_and_answer_in_samples_is_in_the_catalogue() -> None:
    listed = {sample.request for sample in CATALOGUE} | {
        str(sample.answer.relative_to(SAMPLES)) for sample in CATALOGUE
    }
    present = {str(path.relative_to(SAMPLES)) for path in SAMPLES.rglob("*") if path.suffix in (".xml", ".http")}
    assert present == listed


@pytest.mark.parametrize("sample", CATALOGUE, ids=lambda sample: sample.request)
def test_the_samples_readme_lists_every_sample(sample: Sample) -> None:
    readme = (SAMPLES / "README.md").read_text()
    assert f"`{sample.request}`" in readme and f"`{sample.answer.relative_to(SAMPLES)}`" in readme
