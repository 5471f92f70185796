"""Hostile and malformed bodies are refused cheaply, before binding."""

from __future__ import annotations

from pathlib import Path

import pytest

from config import PROJECT_ROOT
from services.message_reader import PACS008, PACS028, MessageFormatError, MessageReader
from tests.support.messages import pacs008

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.13">&lol3;</Document>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.13">&xxe;</Document>"""


@pytest.fixture(scope="module")
def reader() -> MessageReader:
    return MessageReader(Path(PROJECT_ROOT) / "xsd" / "usage", max_bytes=4096)


def test_reads_a_valid_message_into_bindings(reader: MessageReader) -> None:
    document = reader.read(pacs008(amount="12.34"), PACS008)
    assert str(document.fito_ficstmr_cdt_trf.cdt_trf_tx_inf[0].intr_bk_sttlm_amt.value) == "12.34"


@pytest.mark.parametrize("body", [BILLION_LAUGHS, EXTERNAL_ENTITY], ids=["entity-expansion", "external-entity"])
def test_dtds_and_entities_are_refused(reader: MessageReader, body: bytes) -> None:
    with pytest.raises(MessageFormatError, match="DTDs and entity declarations are not accepted"):
        reader.read(body, PACS008)


def test_doctype_in_utf16_is_refused_after_parse(reader: MessageReader) -> None:
    body = EXTERNAL_ENTITY.replace(b'<?xml version="1.0"?>', b'<?xml version="1.0" encoding="UTF-16"?>')
    with pytest.raises(MessageFormatError):
        reader.read(body.decode().encode("utf-16"), PACS008)


def test_bodies_over_the_limit_are_refused_before_parsing(reader: MessageReader) -> None:
    with pytest.raises(MessageFormatError, match="limit is 4096 bytes"):
        reader.read(b"<" * 5000, PACS008)


def test_empty_body_is_refused(reader: MessageReader) -> None:
    with pytest.raises(MessageFormatError, match="empty"):
        reader.read(b"  ", PACS008)


def test_schema_errors_name_the_element_without_namespace(reader: MessageReader) -> None:
    body = pacs008().replace(b"<NbOfTxs>1</NbOfTxs>", b"<Bogus/>")
    with pytest.raises(MessageFormatError) as raised:
        reader.read(body, PACS008)
    assert "Element 'Bogus': This element is not expected" in str(raised.value)
    assert "urn:iso" not in str(raised.value)


def test_namespace_prefixes_of_earlier_messages_are_not_kept() -> None:
    # One binder per thread serves every request; what one message declares must not pile up in it.
    reader = MessageReader(Path(PROJECT_ROOT) / "xsd" / "usage", max_bytes=4096)
    for n in range(3):
        body = pacs008().replace(b"<Document ", f'<Document xmlns:extra{n}="urn:example:{n}" '.encode(), 1)
        reader.read(body, PACS008)
    assert reader._binder().ns_map == {}


@pytest.mark.parametrize(
    ("body", "found"),
    [
        (pacs008(), "namespace urn:iso:std:iso:20022:tech:xsd:pacs.008.001.13"),
        (
            pacs008().replace(b"pacs.008.001.13", b"pacs.008.001.08"),
            "namespace urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08",
        ),
        (b"<Document><FIToFIPmtStsReq/></Document>", "no namespace"),
    ],
)
def test_another_message_or_version_is_told_the_expected_namespace(
    reader: MessageReader, body: bytes, found: str
) -> None:
    with pytest.raises(MessageFormatError) as refused:
        reader.read(body, PACS028)
    assert str(refused.value) == (
        f"The root element is Document in {found}; this endpoint reads pacs.028.001.06, "
        "a Document in namespace urn:iso:std:iso:20022:tech:xsd:pacs.028.001.06."
    )
