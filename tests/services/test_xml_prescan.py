"""The pre-scan refuses, before lxml, a body that would bring too many new names or nest too deep."""

from __future__ import annotations

from pathlib import Path

import pytest

import services.message_reader
from config import PROJECT_ROOT
from services.message_reader import PACS008, MessageFormatError, MessageReader
from services.xml_prescan import BodyRefused, Vocabulary, XmlLimits, prescan
from tests.services.test_message_reader import EXTERNAL_ENTITY
from tests.support.messages import pacs008
from tools.largest_message import largest

LIMITS = XmlLimits()
VOCABULARY = Vocabulary.of_schema(PACS008.name, Path(PROJECT_ROOT) / "xsd" / "usage" / f"{PACS008.name}.xsd")


def refusal(body: bytes) -> str:
    with pytest.raises(BodyRefused) as raised:
        prescan(body, VOCABULARY, LIMITS)
    return str(raised.value)


def with_root_attributes(text: str) -> bytes:
    return pacs008().replace(b"<Document ", f"<Document {text} ".encode(), 1)


def test_a_plain_message_passes() -> None:
    prescan(pacs008(), VOCABULARY, LIMITS)


def test_the_largest_realistic_message_passes() -> None:
    prescan(largest(PACS008.name).document, VOCABULARY, LIMITS)


def test_a_prefixed_message_passes() -> None:
    body = pacs008().replace(b"<", b"<p:").replace(b"<p:/", b"</p:").replace(b"<p:?", b"<?")
    body = body.replace(b"xmlns=", b"xmlns:p=")
    prescan(body, VOCABULARY, LIMITS)
    MessageReader(Path(PROJECT_ROOT) / "xsd" / "usage", 4096).read(body, PACS008)


def test_names_the_message_does_not_define_are_bounded() -> None:
    few = "".join(f"<Bogus{n}/>" for n in range(LIMITS.max_foreign_names))
    body = pacs008().replace(b"<NbOfTxs>", few.encode() + b"<NbOfTxs>")
    prescan(body, VOCABULARY, LIMITS)  # the schema, not the pre-scan, names them
    one_more = pacs008().replace(b"<NbOfTxs>", few.encode() + b"<Bogus99/><NbOfTxs>")
    assert f"more than {LIMITS.max_foreign_names} names or namespaces that pacs.008.001.13" in refusal(one_more)


def test_attribute_names_and_namespaces_count_as_names() -> None:
    names = " ".join(f'a{n}="1"' for n in range(LIMITS.max_attributes))
    uris = " ".join(f'xmlns:q{n}="urn:new:{n}"' for n in range(LIMITS.max_namespace_declarations - 1))
    assert "names or namespaces" in refusal(with_root_attributes(f"{names} {uris}"))


def test_a_long_name_is_refused() -> None:
    body = with_root_attributes(f'{"a" * (LIMITS.max_name_length + 1)}="1"')
    assert f"longer than {LIMITS.max_name_length} characters" in refusal(body)


def test_attributes_per_element_are_bounded() -> None:
    body = pacs008().replace(b'Ccy="USD"', b'Ccy="USD" ' + b" ".join(b'Ccy%d="1"' % n for n in range(8)))
    assert f"more than {LIMITS.max_attributes} attributes" in refusal(body)


def test_namespace_declarations_are_bounded() -> None:
    declarations = " ".join(f'xmlns:p{n}="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.13"' for n in range(8))
    assert f"more than {LIMITS.max_namespace_declarations} namespaces" in refusal(with_root_attributes(declarations))


def test_depth_is_bounded() -> None:
    deep = b"<Nm>" * (LIMITS.max_depth) + b"</Nm>" * (LIMITS.max_depth)
    body = pacs008().replace(b"<NbOfTxs>", deep + b"<NbOfTxs>")
    assert f"nested more than {LIMITS.max_depth} deep" in refusal(body)


def test_a_dtd_is_refused_in_any_encoding() -> None:
    body = EXTERNAL_ENTITY.replace(b'<?xml version="1.0"?>', b'<?xml version="1.0" encoding="UTF-16"?>')
    assert "DTDs" in refusal(body.decode().encode("utf-16"))


def test_malformed_xml_names_the_error_and_line() -> None:
    assert refusal(b"<Document>\n<Unclosed></Document>") == "XML is not well-formed: mismatched tag: line 2, column 12"


def test_the_reader_refuses_before_lxml_parses() -> None:
    reader = MessageReader(Path(PROJECT_ROOT) / "xsd" / "usage", 4096)
    body = pacs008().replace(b"<NbOfTxs>", b"".join(b"<N%d/>" % n for n in range(17)) + b"<NbOfTxs>")
    with pytest.raises(MessageFormatError, match="names or namespaces"):
        reader.read(body, PACS008)


def test_the_reader_prescans_every_body_even_a_plain_pacs008(monkeypatch: pytest.MonkeyPatch) -> None:
    reader = MessageReader(Path(PROJECT_ROOT) / "xsd" / "usage", 4096)
    scanned: list[bytes] = []

    def counting(body: bytes, vocabulary: Vocabulary, limits: XmlLimits) -> None:
        scanned.append(body)
        prescan(body, vocabulary, limits)

    monkeypatch.setattr(services.message_reader, "prescan", counting)
    body = pacs008()
    reader.read(body, PACS008)
    reader.read(body, PACS008)  # the same tags again: still scanned
    assert scanned == [body, body]
