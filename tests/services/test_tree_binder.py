"""The tree walk binds exactly what xsdata's parser binds, and leaves the rest to it."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

import pytest
from lxml import etree
from xsdata.formats.dataclass.context import XmlContext
from xsdata.formats.dataclass.models.elements import XmlVar
from xsdata.formats.dataclass.parsers import XmlParser
from xsdata.formats.dataclass.parsers.handlers import LxmlEventHandler

from bindings.pacs_008_001_13 import Document as Pacs008Document
from bindings.pacs_028_001_06 import Document as Pacs028Document
from config import PROJECT_ROOT
from services.message_reader import PACS008, MessageReader
from services.tree_binder import TreeBinder, UnsupportedContent
from tests.support.messages import pacs008

CONTEXT = XmlContext()
XSI = "http://www.w3.org/2001/XMLSchema-instance"

# One valid lexical form per primitive type the bindings use (xsdata converts, never validates).
SAMPLES: dict[str, list[str]] = {
    "str": ["ACME", "  padded  ", "Ünïcode & <markup>", "1763793600A1B2C3D4E5"],
    "Decimal": ["125.50", "0.0000001", "1E+3", "-7"],
    "XmlDate": ["2026-11-23", "2026-02-28+01:00"],
    "XmlDateTime": ["2026-11-23T10:00:00Z", "2026-11-23T10:00:00.123+02:00", "2026-11-23T10:00:00"],
    "XmlTime": ["10:00:00", "23:59:59.5Z"],
    "XmlPeriod": ["2026", "--11", "2026-11"],
    "bool": ["true", "false", "1", "0"],
    "bytes": ["QUJD", ""],
}


def _text(var: XmlVar, rng: random.Random, may_be_empty: bool = True) -> str | None:
    kind = var.types[0]
    if issubclass(kind, Enum):
        return str(rng.choice(list(kind)).value)
    if may_be_empty and rng.random() < 0.05:
        return None  # an empty element: xsdata binds "" (or b""), not the field's default
    return rng.choice(SAMPLES[kind.__name__])


def _needs_wildcard(clazz: type, namespace: str | None) -> bool:
    meta = CONTEXT.build(clazz, namespace)
    required = (var.clazz for (var,) in meta.elements.values() if var.required and var.clazz is not None)
    return bool(meta.wildcards) or any(_needs_wildcard(child, meta.namespace) for child in required)


def _fill(element: etree._Element, clazz: type, namespace: str | None, rng: random.Random, depth: int) -> None:
    meta = CONTEXT.build(clazz, namespace)
    for qname in meta.attributes:
        element.set(qname, rng.choice(SAMPLES["str"]))
    if meta.text is not None:
        element.text = _text(meta.text, rng, may_be_empty=False)
    for qname, (var,) in meta.elements.items():
        if var.clazz is not None and _needs_wildcard(var.clazz, meta.namespace):
            continue  # wildcards are xsdata's: see the fallback tests
        if not var.required and rng.random() > 0.9**depth:
            continue
        for _ in range(rng.randint(1, 3) if var.list_element else 1):
            child = etree.SubElement(element, qname)
            if var.clazz is not None:
                _fill(child, var.clazz, meta.namespace, rng, depth + 1)
            else:
                child.text = _text(var, rng)


def generated(clazz: type, seed: int) -> etree._Element:
    """A document of `clazz` with a random selection of every kind of field, to the leaves."""
    meta = CONTEXT.build(clazz)
    root = etree.Element(meta.qname)
    _fill(root, clazz, None, random.Random(seed), depth=1)
    return root


def xsdata_binding(root: etree._Element, clazz: type) -> object:
    """What xsdata's own parser makes of the tree (it empties the tree, so it gets a copy)."""
    return XmlParser(context=CONTEXT, handler=LxmlEventHandler).parse(copy.deepcopy(root), clazz, ns_map={})


@pytest.fixture(scope="module")
def binder() -> TreeBinder:
    return TreeBinder(CONTEXT)


@pytest.mark.parametrize("clazz", [Pacs008Document, Pacs028Document], ids=["pacs.008", "pacs.028"])
@pytest.mark.parametrize("seed", range(40))
def test_binds_generated_documents_as_xsdata_does(binder: TreeBinder, clazz: type, seed: int) -> None:
    root = generated(clazz, seed)
    assert binder.bind(root, clazz) == xsdata_binding(root, clazz)


def test_generated_documents_reach_every_kind_of_field() -> None:
    # Guards the test above: its documents must hold lists, attributes, simple content and leaves.
    roots = [generated(Pacs008Document, seed) for seed in range(40)]
    tags = [element.tag for root in roots for element in root.iter()]
    assert len(tags) > 4000
    assert any(element.attrib for root in roots for element in root.iter())
    repeated = [e for root in roots for e in root.iter() if len(e) > len({c.tag for c in e})]
    assert repeated
    assert any(element.text is None and not len(element) for root in roots for element in root.iter())


def test_a_message_of_the_service_binds_as_xsdata_does(binder: TreeBinder) -> None:
    root = etree.fromstring(pacs008(amount="12.34"))
    document = binder.bind(root, Pacs008Document)
    assert document == xsdata_binding(root, Pacs008Document)
    assert str(document.fito_ficstmr_cdt_trf.cdt_trf_tx_inf[0].intr_bk_sttlm_amt.value) == "12.34"


def test_binding_leaves_the_tree_as_it_was(binder: TreeBinder) -> None:
    root = generated(Pacs008Document, 7)
    before = etree.tostring(root)
    binder.bind(root, Pacs008Document)
    assert etree.tostring(root) == before


SUPPLEMENTARY = (
    b"<SplmtryData><Envlp><Extra xmlns='urn:example'>anything</Extra></Envlp></SplmtryData></FIToFICstmrCdtTrf>"
)


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ((b"</FIToFICstmrCdtTrf>", SUPPLEMENTARY), "Extra"),
        ((b"<Document ", f'<Document xmlns:xsi="{XSI}" xsi:schemaLocation="urn:x x.xsd" '.encode()), "attribute"),
        ((b"<NbOfTxs>1</NbOfTxs>", b"<NbOfTxs>1</NbOfTxs><NbOfTxs>2</NbOfTxs>"), "repeated"),
        ((b"<NbOfTxs>1</NbOfTxs>", b"<Bogus/>"), "element"),
        ((b"<NbOfTxs>1</NbOfTxs>", b"<NbOfTxs>1<Inner/></NbOfTxs>"), "content of"),
        ((b"<NbOfTxs>1</NbOfTxs>", b"<NbOfTxs><!-- note -->1</NbOfTxs>"), "content of"),
        ((b"Document", b"Other"), "root"),
    ],
    ids=["wildcard", "xsi-attribute", "repeated-single", "unknown-element", "child-of-leaf", "comment", "root"],
)
def test_leaves_what_it_does_not_walk_to_xsdata(binder: TreeBinder, change: tuple[bytes, bytes], what: str) -> None:
    root = etree.fromstring(pacs008().replace(*change))
    with pytest.raises(UnsupportedContent, match=what):
        binder.bind(root, Pacs008Document)


def test_a_missing_required_element_is_left_to_xsdata(binder: TreeBinder) -> None:
    root = etree.fromstring(pacs008().replace(b"<Othr><Id>ACC-000123456</Id></Othr>", b"<Othr/>"))
    with pytest.raises(UnsupportedContent, match="GenericAccountIdentification1"):
        binder.bind(root, Pacs008Document)


def test_the_reader_hands_such_trees_to_xsdata() -> None:
    reader = MessageReader(Path(PROJECT_ROOT) / "xsd" / "usage", max_bytes=8192)
    body = pacs008().replace(b"</FIToFICstmrCdtTrf>", SUPPLEMENTARY)
    document = reader.read(body, PACS008)
    assert document == xsdata_binding(etree.fromstring(body), Pacs008Document)
    assert document.fito_ficstmr_cdt_trf.splmtry_data[0].envlp.any_element is not None


NS = "urn:example"


@dataclass(kw_only=True)
class Leaf:
    value: str = field(metadata={"name": "V", "type": "Element", "namespace": NS})


@dataclass(kw_only=True)
class Other:
    value: str = field(metadata={"name": "W", "type": "Element", "namespace": NS})


@dataclass(kw_only=True)
class WithWildcard:
    anything: object | None = field(default=None, metadata={"type": "Wildcard", "namespace": "##any"})


@dataclass(kw_only=True)
class WithUnion:
    item: Leaf | Other | None = field(default=None, metadata={"name": "I", "type": "Element", "namespace": NS})


@dataclass(kw_only=True)
class WithWrapper:
    items: list[str] = field(
        default_factory=list, metadata={"name": "V", "wrapper": "Items", "type": "Element", "namespace": NS}
    )


@dataclass(kw_only=True)
class WithChoice:
    choice: list[object] = field(
        default_factory=list,
        metadata={
            "type": "Elements",
            "choices": ({"name": "A", "type": str, "namespace": NS}, {"name": "B", "type": int, "namespace": NS}),
        },
    )


@dataclass(kw_only=True)
class WithAnyType:
    value: object | None = field(default=None, metadata={"name": "V", "type": "Element", "namespace": NS})


@dataclass(kw_only=True)
class WithTuple:
    items: tuple[str, ...] = field(default_factory=tuple, metadata={"name": "V", "type": "Element", "namespace": NS})


@dataclass(kw_only=True)
class WithMixed:
    content: list[object] = field(
        default_factory=list, metadata={"type": "Wildcard", "namespace": "##any", "mixed": True}
    )


@dataclass(kw_only=True)
class WithFixedText:
    value: str = field(init=False, default="fixed", metadata={"type": "Text"})


@pytest.mark.parametrize(
    ("clazz", "xml"),
    [
        (WithWildcard, f"<WithWildcard><x:Any xmlns:x='{NS}'/></WithWildcard>"),
        (WithUnion, f"<WithUnion><I xmlns='{NS}'><V>1</V></I></WithUnion>"),
        (WithWrapper, f"<WithWrapper><Items xmlns='{NS}'><V>1</V></Items></WithWrapper>"),
        (WithChoice, f"<WithChoice><A xmlns='{NS}'>a</A></WithChoice>"),
        (WithFixedText, "<WithFixedText>fixed</WithFixedText>"),
        (WithAnyType, f"<WithAnyType><V xmlns='{NS}'>1</V></WithAnyType>"),
        (WithTuple, f"<WithTuple><V xmlns='{NS}'>1</V></WithTuple>"),
        (WithMixed, "<WithMixed>only text</WithMixed>"),
    ],
    ids=["wildcard", "union", "wrapper", "choice", "fixed-text", "any-type", "tuple", "mixed"],
)
def test_features_the_walk_does_not_cover_go_to_xsdata(binder: TreeBinder, clazz: type, xml: str) -> None:
    root = etree.fromstring(xml)
    with pytest.raises(UnsupportedContent):
        binder.bind(root, clazz)
    xsdata_binding(root, clazz)  # and xsdata does bind them
