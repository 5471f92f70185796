"""The largest realistic message a usage-guideline schema admits: what MAX_BODY_BYTES is sized from.

Usage: python -m tools.largest_message [MESSAGE ...]   (default: pacs.008.001.13 pacs.028.001.06)

"Realistic" (docs/decisions.md, D6): every optional element is present; a repeatable element
appears as often as the schema allows when that is bounded, and once when it is unbounded (the
schema admits any number of remittance lines or supplementary data blocks, so strictly there is no
largest message); each choice takes its largest branch; every text is at its maximum length; a
wildcard holds one empty element. Values are ASCII, written pretty-printed with two-space indents.
Each document is built, then validated against its schema before it is measured.
"""

from __future__ import annotations

import argparse
import base64
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
USAGE_DIR = ROOT / "xsd" / "usage"
XS = "{http://www.w3.org/2001/XMLSchema}"
DEFAULT_MESSAGES = ("pacs.008.001.13", "pacs.028.001.06")

# The longest value of each pattern the schemas use (validation of the whole document checks them).
_PATTERN_VALUES = {
    "([0-9A-F][0-9A-F]){32}": "AB" * 32,
    "[0-9]{1,15}": "9" * 15,
    "[0-9]{2}": "99",
    "[0-9a-fA-F]+": "ab" * 32,  # unbounded in the schema; a SHA-256 digest is what it carries
    "[A-Z0-9]{18,18}[0-9]{2,2}": "A" * 18 + "99",
    "[A-Z0-9]{4,4}[A-Z]{2,2}[A-Z0-9]{2,2}([A-Z0-9]{3,3}){0,1}": "AAAABBCCDDD",
    "[A-Z]{2,2}": "AA",
    "[A-Z]{2,2}[0-9]{2,2}[a-zA-Z0-9]{1,30}": "AA99" + "a" * 30,
    "[A-Z]{3,3}": "USD",
    "[a-f0-9]{8}-[a-f0-9]{4}-4[a-f0-9]{3}-[89ab][a-f0-9]{3}-[a-f0-9]{12}": "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
    "[a-zA-Z0-9]{4}": "AAAA",
    r"\+[0-9]{1,3}-[0-9()+\-]{1,30}": "+999-" + "9" * 30,
}
_BUILT_IN_VALUES = {
    "xs:date": "2026-11-24",
    "xs:dateTime": "2026-11-24T23:59:59.999999+14:00",
    "xs:time": "23:59:59.999999+14:00",
    "xs:gYear": "2026",
    "xs:boolean": "false",
    "xs:string": "X" * 35,  # unbounded (the usage guideline's MsgId): as ISO's Max35Text
}


@dataclass(frozen=True)
class Measure:
    """How large the largest realistic message of one schema is."""

    message: str
    document: bytes
    depth: int
    elements: int
    attributes: int

    @property
    def size(self) -> int:
        """Bytes on the wire."""
        return len(self.document)


class _Schema:
    """The named types of one usage-guideline schema (they have no anonymous types)."""

    def __init__(self, path: Path) -> None:
        self.tree = etree.parse(str(path))
        root = self.tree.getroot()
        self.namespace = root.get("targetNamespace") or ""
        self.complex = {t.get("name"): t for t in root.iter(f"{XS}complexType")}
        self.simple = {t.get("name"): t for t in root.iter(f"{XS}simpleType")}

    def value(self, type_name: str) -> str:
        """The longest valid text of a simple type."""
        if type_name.startswith("xs:"):
            return _BUILT_IN_VALUES[type_name]
        restriction = self.simple[type_name].find(f"{XS}restriction")
        assert restriction is not None, type_name
        base = restriction.get("base") or ""
        facets = {f.tag.removeprefix(XS): f.get("value") or "" for f in restriction}
        enumerations = [f.get("value") or "" for f in restriction.iter(f"{XS}enumeration")]
        if enumerations:
            return max(enumerations, key=len)
        if "pattern" in facets:
            return _PATTERN_VALUES[facets["pattern"]]
        if base == "xs:decimal":
            digits, fraction = int(facets.get("totalDigits", "18")), int(facets.get("fractionDigits", "0"))
            whole = "9" * (digits - fraction)
            return f"{whole}.{'9' * fraction}" if fraction else whole
        if "maxLength" in facets:
            length = int(facets["maxLength"])
            # A binary type's maxLength counts the decoded octets.
            binary = base == "xs:base64Binary"
            return base64.b64encode(b"\xff" * length).decode("ascii") if binary else "X" * length
        return self.value(base)

    def element(self, name: str, type_name: str, repeat: bool) -> list[etree._Element]:
        """The largest content of one element of `type_name`, as the list of its repetitions."""
        node = etree.Element(f"{{{self.namespace}}}{name}")
        definition = self.complex.get(type_name)
        if definition is None:
            node.text = self.value(type_name)
        else:
            self._fill(node, definition, repeat)
        return [node]

    def _fill(self, node: etree._Element, definition: etree._Element, repeat: bool) -> None:
        extension = definition.find(f"{XS}simpleContent/{XS}extension")
        if extension is not None:
            node.text = self.value(extension.get("base") or "")
            for attribute in extension.iter(f"{XS}attribute"):
                node.set(attribute.get("name") or "", self.value(attribute.get("type") or ""))
            return
        for particle in definition:
            node.extend(self._particle(particle, repeat))

    def _particle(self, particle: etree._Element, repeat: bool) -> list[etree._Element]:
        if particle.tag == f"{XS}sequence":
            return [child for p in particle for child in self._particle(p, repeat)]
        if particle.tag == f"{XS}choice":
            branches = [self._particle(p, repeat) for p in particle]
            return max(branches, key=lambda nodes: sum(len(etree.tostring(n)) for n in nodes))
        if particle.tag == f"{XS}any":
            return [etree.Element("{urn:example:supplement}Data")]
        if particle.tag != f"{XS}element":
            return []
        occurs = particle.get("maxOccurs", "1")
        count = int(occurs) if repeat and occurs != "unbounded" else 1
        one = self.element(particle.get("name") or "", particle.get("type") or "", repeat)
        return [etree.fromstring(etree.tostring(n)) for _ in range(count) for n in one]


def _depth(node: etree._Element) -> int:
    return 1 + max((_depth(child) for child in node), default=0)


def largest(message: str, repeat: bool = True, schema_dir: Path = USAGE_DIR) -> Measure:
    """Build, validate and measure the largest realistic message of `message`'s usage schema."""
    path = schema_dir / f"{message}.xsd"
    schema = _Schema(path)
    (root,) = schema.element("Document", "Document", repeat)
    # lxml takes None as the default namespace's prefix; lxml-stubs type the prefixes as str.
    default_namespace = cast(Mapping[str, str], {None: schema.namespace})
    etree.cleanup_namespaces(root, top_nsmap=default_namespace)
    validator = etree.XMLSchema(schema.tree)
    if not validator.validate(root):
        raise AssertionError(f"{message}: the generated document is not valid: {validator.error_log}")
    etree.indent(root, space="  ")
    document = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    attributes = sum(len(e.attrib) for e in root.iter())
    return Measure(message, document, _depth(root), sum(1 for _ in root.iter()), attributes)


def main(argv: list[str] | None = None) -> int:
    """Print each message's largest size, once with and once without bounded repeats."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("messages", nargs="*", default=list(DEFAULT_MESSAGES))
    parser.add_argument("--write", type=Path, help="directory to write each largest document into")
    args = parser.parse_args(argv)
    for message in args.messages:
        once, full = largest(message, repeat=False), largest(message, repeat=True)
        print(
            f"{message}: {full.size} bytes with bounded repeats at their maximum, {once.size} with every "
            f"element once; depth {full.depth}, {full.elements} elements, {full.attributes} attributes"
        )
        if args.write:
            (args.write / f"{message}.xml").write_bytes(full.document)
    return 0


if __name__ == "__main__":
    sys.exit(main())
