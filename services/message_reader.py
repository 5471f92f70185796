"""Hardened XML intake: size limit, no DTDs or entities, bounded names, XSD validation, then bindings.

A streaming pre-scan (services/xml_prescan.py) first bounds what parsing the body may cost. The
body is then parsed once by lxml; the schema validates that tree, and the same tree is bound to the
xsdata dataclasses: by services/tree_binder.py, or by xsdata's own parser for what that walk leaves
to it.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, cast

from lxml import etree
from xsdata.formats.dataclass.context import XmlContext
from xsdata.formats.dataclass.parsers import XmlParser
from xsdata.formats.dataclass.parsers.handlers import LxmlEventHandler

from bindings.camt_056_001_11 import Document as Camt056Document
from bindings.pacs_008_001_13 import Document as Pacs008Document
from bindings.pacs_028_001_06 import Document as Pacs028Document
from services.tree_binder import TreeBinder, UnsupportedContent
from services.xml_prescan import BodyRefused, Vocabulary, XmlLimits, prescan

DocumentT = TypeVar("DocumentT")

_NAMESPACE_IN_MESSAGE = re.compile(r"\{urn:iso:std:iso:20022:tech:xsd:[a-z0-9.]+\}")
_FORBIDDEN_MARKUP = (b"<!DOCTYPE", b"<!ENTITY")


@dataclass(frozen=True)
class MessageType(Generic[DocumentT]):
    """An ISO 20022 message version this service reads."""

    name: str
    document: type[DocumentT]

    @property
    def namespace(self) -> str:
        """The message's XML namespace."""
        return f"urn:iso:std:iso:20022:tech:xsd:{self.name}"


PACS008 = MessageType("pacs.008.001.13", Pacs008Document)
PACS028 = MessageType("pacs.028.001.06", Pacs028Document)
CAMT056 = MessageType("camt.056.001.11", Camt056Document)


class MessageFormatError(Exception):
    """The body is not well-formed XML, is hostile, or does not match the schema (FF01)."""


def _hardened_parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
        collect_ids=False,
    )


class _LogEntry(Protocol):
    message: str
    line: int


class _ErrorLog(Protocol):
    last_error: _LogEntry


class MessageReader:
    """Reads request bodies into bindings. Build one per process; it is safe across threads."""

    def __init__(self, schema_dir: Path, max_bytes: int, limits: XmlLimits | None = None) -> None:
        self.schema_dir = schema_dir
        self.max_bytes = max_bytes
        self.limits = limits or XmlLimits()
        self.context = XmlContext()
        self.tree_binder = TreeBinder(self.context)
        self._local = threading.local()
        self._vocabularies: dict[str, Vocabulary] = {}
        for message in (PACS008, PACS028, CAMT056):
            self._schema(message)  # fail at start-up, not on the first request
            self.tree_binder.prepare(message.document)
            path = self.schema_dir / f"{message.name}.xsd"
            self._vocabularies[message.name] = Vocabulary.of_schema(message.name, path)

    def _schema(self, message: MessageType[Any]) -> etree.XMLSchema:
        # lxml validators keep per-call error state, so each thread gets its own.
        schemas: dict[str, etree.XMLSchema] = self._local.__dict__.setdefault("schemas", {})
        if message.name not in schemas:
            path = self.schema_dir / f"{message.name}.xsd"
            schemas[message.name] = etree.XMLSchema(etree.parse(str(path)))
        return schemas[message.name]

    def _parser(self) -> etree.XMLParser:
        parser: etree.XMLParser | None = getattr(self._local, "parser", None)
        if parser is None:
            parser = self._local.parser = _hardened_parser()
        return parser

    def _binder(self) -> XmlParser:
        # xsdata's parser keeps state while it binds, so each thread gets its own.
        binder: XmlParser | None = getattr(self._local, "binder", None)
        if binder is None:
            binder = self._local.binder = XmlParser(context=self.context, handler=LxmlEventHandler)
        return binder

    def parse_tree(self, body: bytes, message: MessageType[Any]) -> etree._Element:
        """Parse a body with the hardened parser; raise MessageFormatError on anything unsafe.

        Nothing reaches lxml that passes a bound of `self.limits` for `message`'s names.
        """
        if len(body) > self.max_bytes:
            raise MessageFormatError(f"The body is {len(body)} bytes; the limit is {self.max_bytes} bytes.")
        if not body.strip():
            raise MessageFormatError("The body is empty; an XML document is required.")
        if any(marker in body for marker in _FORBIDDEN_MARKUP):
            raise MessageFormatError("DTDs and entity declarations are not accepted.")
        self._prescan(body, self._vocabularies[message.name])
        try:
            root = etree.fromstring(body, self._parser())
        except etree.XMLSyntaxError as error:
            raise MessageFormatError(f"XML is not well-formed: {error}") from None
        docinfo: Any = root.getroottree().docinfo  # lxml-stubs lack DocInfo.doctype
        if docinfo.doctype or docinfo.internalDTD is not None:
            raise MessageFormatError("DTDs and entity declarations are not accepted.")
        return root

    def _prescan(self, body: bytes, vocabulary: Vocabulary) -> None:
        try:
            prescan(body, vocabulary, self.limits)
        except BodyRefused as refused:
            raise MessageFormatError(str(refused)) from None

    def read(self, body: bytes, message: MessageType[DocumentT]) -> DocumentT:
        """Parse, validate against the usage-guideline schema, and bind one message."""
        root = self.parse_tree(body, message)
        schema = self._schema(message)
        if not schema.validate(root):
            _check_root(root, message)
            # lxml-stubs declare the error log without members; lxml's own has `last_error`.
            error = cast(_ErrorLog, schema.error_log).last_error
            text = _NAMESPACE_IN_MESSAGE.sub("", error.message)
            raise MessageFormatError(f"Schema validation failed at line {error.line}: {text}")
        try:
            return self.tree_binder.bind(root, message.document)
        except UnsupportedContent:
            pass  # the tree is untouched: xsdata binds it as it would have from the start
        # A fresh prefix map per message: the parser's own would keep every prefix ever sent.
        document: DocumentT = self._binder().parse(root, message.document, ns_map={})
        return document


def _check_root(root: Any, message: MessageType[Any]) -> None:
    """Name the expected namespace when the document is another message, or another version of it."""
    if root.tag == f"{{{message.namespace}}}Document":
        return
    found = etree.QName(root)
    where = f"namespace {found.namespace}" if found.namespace else "no namespace"
    raise MessageFormatError(
        f"The root element is {found.localname} in {where}; this endpoint reads {message.name}, "
        f"a Document in namespace {message.namespace}."
    )
