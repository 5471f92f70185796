"""A streaming pass over a body, before lxml sees it, that bounds what parsing it may cost.

libxml2 keeps every element name, attribute name, namespace prefix and namespace URI it parses in
a dictionary shared by the thread (lxml gives each thread one), and never frees them: a worker's
memory grew by about 70 bytes per new name, for good. So a body whose names are not the message's
own may bring only a few new ones, and only short ones, into that dictionary, and a body that would
bring more is refused here, by Python's expat, whose memory is the parser's own and goes with it.
The same pass bounds nesting, attributes per element and namespace declarations, and refuses any
DTD whatever the body's encoding (docs/decisions.md, D6 and D12).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from lxml import etree

XSI = "http://www.w3.org/2001/XMLSchema-instance"
_XS = "{http://www.w3.org/2001/XMLSchema}"
_XSI_ATTRIBUTES = frozenset({"type", "nil", "schemaLocation", "noNamespaceSchemaLocation"})
_SEPARATOR = " "  # expat writes "uri local prefix"; none of the three can hold a space


class BodyRefused(Exception):
    """The body is not well-formed, holds a DTD, or exceeds a parsing limit; the text says which."""


@dataclass(frozen=True)
class XmlLimits:
    """Per-document bounds on what the parser is handed (docs/decisions.md, D12)."""

    max_depth: int = 32
    max_attributes: int = 8
    max_namespace_declarations: int = 8
    max_foreign_names: int = 16
    max_name_length: int = 128


@dataclass(frozen=True)
class Vocabulary:
    """The names a message's schema defines: parsing them costs nothing new after the first time."""

    message: str
    names: frozenset[str]
    namespaces: frozenset[str] = field(default=frozenset())
    qualified: frozenset[str] = field(default=frozenset())  # "namespace name", as expat reports them

    @classmethod
    def of_schema(cls, message: str, path: Path) -> Vocabulary:
        """Every element and attribute name of a schema, with its namespace and the XSI one."""
        root = etree.parse(str(path)).getroot()
        names = {d.get("name") or "" for d in root.iter(f"{_XS}element", f"{_XS}attribute")}
        target = root.get("targetNamespace") or ""
        qualified = {f"{target}{_SEPARATOR}{n}" for n in names} | {f"{XSI}{_SEPARATOR}{n}" for n in _XSI_ATTRIBUTES}
        names |= _XSI_ATTRIBUTES | {"xsi", ""}
        return cls(message, frozenset(names), frozenset({target, XSI, ""}), frozenset(qualified | names))


class _Scan:
    """Counts what one document brings; raises BodyRefused as soon as a bound is passed."""

    def __init__(self, vocabulary: Vocabulary, limits: XmlLimits) -> None:
        self.vocabulary = vocabulary
        self.limits = limits
        self.depth = 0
        self.declarations = 0
        self.foreign: set[str] = set()
        self.parser = expat.ParserCreate(namespace_separator=_SEPARATOR)
        self.parser.namespace_prefixes = True
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.StartNamespaceDeclHandler = self.namespace
        self.parser.StartDoctypeDeclHandler = self.doctype
        self.parser.EntityDeclHandler = self.doctype

    def refuse(self, text: str) -> BodyRefused:
        return BodyRefused(f"{text} (line {self.parser.CurrentLineNumber}).")

    def note(self, name: str, known: frozenset[str]) -> None:
        if name in known or name in self.foreign:
            return
        if len(name) > self.limits.max_name_length:
            raise self.refuse(f"A name or namespace is longer than {self.limits.max_name_length} characters")
        self.foreign.add(name)
        if len(self.foreign) > self.limits.max_foreign_names:
            raise self.refuse(
                f"The document uses more than {self.limits.max_foreign_names} names or namespaces "
                f"that {self.vocabulary.message} does not define"
            )

    def qualified(self, qname: str) -> None:
        parts = qname.split(_SEPARATOR)
        local = parts[1] if len(parts) > 1 else parts[0]
        self.note(local, self.vocabulary.names)
        if len(parts) > 1:
            self.note(parts[0], self.vocabulary.namespaces)
        if len(parts) > 2:
            self.note(parts[2], self.vocabulary.names)

    def start(self, name: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            raise self.refuse(f"Elements are nested more than {self.limits.max_depth} deep")
        if len(attributes) > self.limits.max_attributes:
            raise self.refuse(f"An element has more than {self.limits.max_attributes} attributes")
        # The common case, a name of the message in its default namespace, costs one set look-up.
        if name not in self.vocabulary.qualified:
            self.qualified(name)
        for attribute in attributes:
            if attribute not in self.vocabulary.qualified:
                self.qualified(attribute)

    def end(self, _: str) -> None:
        self.depth -= 1

    def namespace(self, prefix: str | None, uri: str | None) -> None:
        self.declarations += 1
        if self.declarations > self.limits.max_namespace_declarations:
            raise self.refuse(f"The document declares more than {self.limits.max_namespace_declarations} namespaces")
        self.note(prefix or "", self.vocabulary.names)
        self.note(uri or "", self.vocabulary.namespaces)

    def doctype(self, *_: object) -> None:
        raise BodyRefused("DTDs and entity declarations are not accepted.")


def prescan(body: bytes, vocabulary: Vocabulary, limits: XmlLimits) -> None:
    """Check `body` against `limits` without building anything; raise BodyRefused if it passes one."""
    scan = _Scan(vocabulary, limits)
    try:
        scan.parser.Parse(body, True)
    except expat.ExpatError as error:
        raise BodyRefused(f"XML is not well-formed: {error}") from None
