"""The pre-scan refuses, before lxml, a body that would bring too many new names or nest too deep."""

from __future__ import annotations

import os
from pathlib import Path
from xml.parsers import expat

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from lxml import etree

from config import PROJECT_ROOT
from services.message_reader import PACS008, MessageFormatError, MessageReader
from services.xml_prescan import BodyRefused, PlainShapes, Vocabulary, XmlLimits, prescan
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


# Pieces that put a body just inside or just outside the plain shape, at any point of a pacs.008.
_PIECES = [
    b"<Nm>x</Nm>",
    b"<Bogus/>",
    b'<Nm a="1">',
    b'<Nm Ccy=">">',
    b"<Nm Ccy='a\">b'>",
    b' Ccy="USD"',
    b' Bogus="1"',
    b"</Nm>",
    b"<p:Nm>",
    b'xmlns:p="urn:x"',
    b' xmlns="urn:other"',
    b" xmlns=''",
    b"<!-- c -->",
    b"<![CDATA[x]]>",
    b"<?pi x?>",
    b"&amp;",
    b"&bogus;",
    b"&#0;",
    b"a > b",
    b'"',
    b"'",
    b"=",
    b"<",
    b">",
    b"/>",
    b"\xff",
    b"\x00",
    b"\xef\xbb\xbf",
    b'<?xml version="1.0"?>',
    b"<!DOCTYPE d>",
    b"<Nm>" * 33,
    b"\n",
    b"\t",
    b" ",
]
_READER = MessageReader(Path(PROJECT_ROOT) / "xsd" / "usage", 1 << 20)


class _NeverPlain(PlainShapes):
    def is_plain(self, body: bytes) -> bool:
        return False


_PRESCAN_ONLY = MessageReader(Path(PROJECT_ROOT) / "xsd" / "usage", 1 << 20)
_PRESCAN_ONLY._plain_shapes = {k: _NeverPlain(v.vocabulary, v.limits) for k, v in _PRESCAN_ONLY._plain_shapes.items()}


def _outcome(reader: MessageReader, body: bytes) -> str:
    try:
        reader.parse_tree(body, PACS008)
    except MessageFormatError as error:
        return f"refused: {error}"
    return "parsed"


def _expat_names(body: bytes) -> set[str] | None:
    """Every element and attribute name, prefix and namespace expat reports; None if not well-formed."""
    names: set[str] = set()
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.namespace_prefixes = True
    parser.StartElementHandler = lambda name, attributes: names.update(
        part for qname in (name, *attributes) for part in qname.split(" ")
    )
    parser.StartNamespaceDeclHandler = lambda prefix, uri: names.update((prefix or "", uri or ""))
    try:
        parser.Parse(body, True)
    except expat.ExpatError:
        return None
    return names


@st.composite
def _bodies(draw: st.DrawFn) -> bytes:
    body = pacs008()
    for piece in draw(st.lists(st.sampled_from(_PIECES), max_size=4)):
        at = draw(st.integers(0, len(body)))
        body = body[:at] + piece + body[at:]
    return body


@settings(max_examples=int(os.environ.get("PRESCAN_EXAMPLES", "400")), suppress_health_check=[HealthCheck.too_slow])
@given(_bodies())
@example(body=pacs008())
@example(body=pacs008().replace(b'Ccy="USD"', b'Ccy=">" Bogus="1"'))
def test_the_plain_shortcut_changes_no_answer_and_lets_no_new_name_through(body: bytes) -> None:
    shapes = PlainShapes(VOCABULARY, LIMITS)
    plain = shapes.is_plain(body)
    if plain:
        names = _expat_names(body)
        if names is None:  # not well-formed: lxml refuses it too, and the pre-scan then speaks first
            with pytest.raises(etree.XMLSyntaxError):
                etree.fromstring(body)
        else:
            assert names <= VOCABULARY.names | VOCABULARY.namespaces
            prescan(body, VOCABULARY, LIMITS)
    assert _outcome(_READER, body) == _outcome(_PRESCAN_ONLY, body)


def test_a_plain_pacs008_takes_the_shortcut_and_others_do_not() -> None:
    shapes = PlainShapes(VOCABULARY, LIMITS)
    assert shapes.is_plain(pacs008())
    assert shapes.is_plain(pacs008())  # now from the skeletons it keeps
    assert not shapes.is_plain(pacs008().replace(b"<NbOfTxs>", b"<Bogus/><NbOfTxs>"))
    assert not shapes.is_plain(pacs008().replace(b'Ccy="USD"', b'Ccy=">" Bogus="1"'))
    assert not shapes.is_plain(largest(PACS008.name).document)  # it declares more than the message's names


def test_a_large_body_is_not_looked_at() -> None:
    shapes = PlainShapes(VOCABULARY, LIMITS)
    padded = pacs008().replace(b"<Nm>", b"<Nm>" + b" " * 20_000)
    assert len(padded) > 16 * 1024
    assert not shapes.is_plain(padded)
    assert not shapes._known  # turned away before any regular expression ran


def test_the_skeletons_kept_are_bounded() -> None:
    shapes = PlainShapes(VOCABULARY, LIMITS)
    for n in range(600):
        shapes.is_plain(pacs008().replace(b"<NbOfTxs>", b"<N%d/><NbOfTxs>" % n))
    assert 0 < len(shapes._known) <= 256
