"""Any request to either endpoint gets a 401 with no body, or a pacs.002 that validates; never a 5xx.

Property-based (hypothesis): arbitrary bytes, texts, headers and path segments, and valid messages
with arbitrary texts put into their fields. `HYPOTHESIS_PROFILE=thorough` runs many more examples
than the default (tests/conftest.py).
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st
from stellar_sdk import Keypair
from werkzeug.test import TestResponse

from tests.support.messages import pacs008, pacs028
from tests.support.reports import parse_report

ENDPOINTS = ("pacs008", "pacs028")
# Statuses a pacs.002 may come with; a 5xx (or 422, intake's unexpected error) is a bug here.
ANSWERED = {200, 201, 400, 404, 405}
# Header values the test client can send: no line breaks, Latin-1 (what HTTP carries).
header_text = st.text(st.characters(min_codepoint=0x20, max_codepoint=0xFF, exclude_characters="\x7f"), max_size=60)
xml_text = st.text(max_size=80)  # any code point, surrogates and controls included
_FIELD = "FIELD-VALUE"


@st.composite
def filled_message(draw: st.DrawFn) -> bytes:
    """A valid message of either kind with an arbitrary text, as it is, in one of its fields."""
    text = draw(xml_text).encode("utf-8", "surrogatepass")
    field = draw(st.sampled_from(["msg_id", "memo", "creditor", "debtor", "instruction_id", "end_to_end_id"]))
    if draw(st.booleans()):
        return pacs008(**{field: _FIELD}).replace(_FIELD.encode(), text)  # type: ignore[arg-type]
    return pacs028(msg_id=_FIELD if field == "msg_id" else "", instruction_id=_FIELD).replace(_FIELD.encode(), text)


bodies = st.one_of(st.binary(max_size=300), xml_text.map(str.encode), filled_message())


def assert_answer(response: TestResponse) -> None:
    if response.status_code == 401:
        assert response.data == b""
        return
    assert response.status_code in ANSWERED, (response.status_code, response.data)
    parse_report(response.data)  # parses, and validates against the usage-guideline schema


def post(client: FlaskClient, endpoint: str, network: str, body: bytes, headers: dict[str, str]) -> TestResponse:
    return client.post(f"/v1/{endpoint}/{quote(network, safe='')}", data=body, headers=headers)


def xml_headers(key: str, content_type: str = "application/xml") -> dict[str, str]:
    return {"NET-API-KEY": key, "Content-Type": content_type}


@given(endpoint=st.sampled_from(ENDPOINTS), body=bodies)
def test_any_body(client: FlaskClient, api_key: str, endpoint: str, body: bytes) -> None:
    assert_answer(post(client, endpoint, "net", body, xml_headers(api_key)))


@given(endpoint=st.sampled_from(ENDPOINTS), network=st.text(min_size=1, max_size=60))
def test_any_path_segment(client: FlaskClient, api_key: str, endpoint: str, network: str) -> None:
    body = pacs008() if endpoint == "pacs008" else pacs028()
    assert_answer(post(client, endpoint, network, body, xml_headers(api_key)))


@given(endpoint=st.sampled_from(ENDPOINTS), content_type=header_text, body=bodies)
def test_any_content_type(client: FlaskClient, api_key: str, endpoint: str, content_type: str, body: bytes) -> None:
    assert_answer(post(client, endpoint, "net", body, xml_headers(api_key, content_type)))


# Framing headers are left out: the test client frames the body itself (tests/api/test_hostile_bodies.py
# sends wrong framings to a real gunicorn).
header_name = st.from_regex(r"[A-Za-z][A-Za-z0-9-]{0,20}", fullmatch=True).filter(
    lambda name: name.lower() not in ("content-length", "transfer-encoding", "host", "content-type", "net-api-key")
)


@given(endpoint=st.sampled_from(ENDPOINTS), extra=st.dictionaries(header_name, header_text, max_size=4), body=bodies)
def test_any_other_headers(
    client: FlaskClient, api_key: str, endpoint: str, extra: dict[str, str], body: bytes
) -> None:
    assert_answer(post(client, endpoint, "net", body, {**extra, **xml_headers(api_key)}))


@given(endpoint=st.sampled_from(ENDPOINTS), key=header_text, network=st.text(max_size=20), body=bodies)
def test_any_key(client: FlaskClient, api_key: str, endpoint: str, key: str, network: str, body: bytes) -> None:
    response = post(client, endpoint, network or "net", body, xml_headers(key))
    assert_answer(response)
    assert key == api_key or response.status_code in (401, 404, 405)


SEED = Keypair.random().secret
SEEDED = {
    "pacs.008 creditor": ("pacs008", "net", pacs008(creditor=SEED), "application/xml"),
    "pacs.008 memo": ("pacs008", "net", pacs008(memo=SEED), "application/xml"),
    "pacs.008 MsgId": ("pacs008", "net", pacs008(msg_id=SEED), "application/xml"),
    "pacs.028 OrgnlInstrId": ("pacs028", "net", pacs028(instruction_id=SEED), "application/xml"),
    "pacs.028 MsgId": ("pacs028", "net", pacs028(msg_id=SEED), "application/xml"),
    "network": ("pacs008", f"x{SEED}", pacs008(), "application/xml"),
    "content type": ("pacs028", "net", pacs028(), f"text/{SEED}"),
}


@pytest.mark.parametrize("request_parts", SEEDED.values(), ids=SEEDED.keys())
def test_a_secret_seed_is_never_echoed(
    client: FlaskClient, api_key: str, request_parts: tuple[str, str, bytes, str]
) -> None:
    endpoint, network, body, content_type = request_parts
    response = post(client, endpoint, network, body, xml_headers(api_key, content_type))
    assert_answer(response)
    assert SEED[:20].encode() not in response.data  # nor any shortened echo of it
