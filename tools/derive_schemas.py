"""Copy the official ISO 20022 schemas, check their hashes, derive the usage-guideline schemas.

Usage: python -m tools.derive_schemas [--source DIR]

The source defaults to $ISO20022_XSD_DIR, else ../shared/xsd. Official copies land in
xsd/iso/, derived ones in xsd/usage/; neither is committed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sys
import tomllib
from pathlib import Path
from typing import Any

from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
XSD_DIR = ROOT / "xsd"
XS = "http://www.w3.org/2001/XMLSchema"
NS = {"xs": XS}


class SchemaError(Exception):
    """The official schemas are missing, altered, or the transform does not fit them."""


def read_manifest(path: Path) -> dict[str, str]:
    """Return {file name: sha256} from a `sha256sum`-style manifest."""
    entries: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if line.strip():
            digest, name = line.split()
            entries[name] = digest
    return entries


def copy_official(source: Path, target: Path, manifest: dict[str, str]) -> None:
    """Copy each manifest file from source to target, refusing any whose hash differs."""
    target.mkdir(parents=True, exist_ok=True)
    for name, expected in manifest.items():
        origin = source / name
        if not origin.is_file():
            raise SchemaError(f"{origin} is missing (set ISO20022_XSD_DIR)")
        actual = hashlib.sha256(origin.read_bytes()).hexdigest()
        if actual != expected:
            raise SchemaError(f"{origin}: sha256 {actual} does not match the manifest {expected}")
        shutil.copyfile(origin, target / name)


def _one(tree: etree._Element, xpath: str, what: str) -> etree._Element:
    found = tree.xpath(xpath, namespaces=NS)
    if not isinstance(found, list) or len(found) != 1 or not isinstance(found[0], etree._Element):
        raise SchemaError(f"transform expects exactly one {what}")
    return found[0]


def _add_simple_type(schema: etree._Element, edit: dict[str, Any]) -> None:
    simple = etree.SubElement(schema, f"{{{XS}}}simpleType", name=edit["name"])
    restriction = etree.SubElement(simple, f"{{{XS}}}restriction", base=edit["base"])
    for facet, value in edit["facets"].items():
        etree.SubElement(restriction, f"{{{XS}}}{facet}", value=value)


def _edit_element(schema: etree._Element, edit: dict[str, Any]) -> None:
    xpath = f"xs:complexType[@name='{edit['type']}']//xs:element[@name='{edit['element']}']"
    element = _one(schema, xpath, f"{edit['type']}/{edit['element']}")
    if "min_occurs" in edit:
        element.set("minOccurs", edit["min_occurs"])
    if "max_occurs" in edit:
        element.set("maxOccurs", edit["max_occurs"])
    if "set_type" in edit:
        element.set("type", edit["set_type"])


def _drop_facets(schema: etree._Element, edit: dict[str, Any]) -> None:
    restriction = _one(
        schema,
        f"xs:simpleType[@name='{edit['simple_type']}']/xs:restriction",
        f"simple type {edit['simple_type']}",
    )
    for facet in edit["facets"]:
        restriction.remove(_one(restriction, f"xs:{facet}", f"{edit['simple_type']}/{facet}"))


def derive(official: bytes, edits: dict[str, Any]) -> bytes:
    """Apply one schema's declarative edits to the official schema text."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, remove_blank_text=False)
    schema = etree.fromstring(official, parser)
    for edit in edits.get("add_simple_type", []):
        _add_simple_type(schema, edit)
    for edit in edits.get("element", []):
        _edit_element(schema, edit)
    for edit in edits.get("drop_facets", []):
        _drop_facets(schema, edit)
    etree.XMLSchema(schema)  # the derived schema must itself be a valid schema
    return etree.tostring(schema, xml_declaration=True, encoding="UTF-8")


def build(source: Path) -> list[Path]:
    """Copy, verify and derive every schema; return the derived files."""
    manifest = read_manifest(XSD_DIR / "manifest.sha256")
    official_dir = XSD_DIR / "iso"
    usage_dir = XSD_DIR / "usage"
    copy_official(source, official_dir, manifest)
    transform = tomllib.loads((XSD_DIR / "usage_guidelines.toml").read_text())
    usage_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name in manifest:
        message = name.removesuffix(".xsd")
        derived = derive((official_dir / name).read_bytes(), transform.get(message, {}))
        (usage_dir / name).write_bytes(derived)
        written.append(usage_dir / name)
    return written


def main() -> int:
    """Command-line entry point."""
    default = os.environ.get("ISO20022_XSD_DIR") or str(ROOT.parent / "shared" / "xsd")
    arguments = argparse.ArgumentParser(description=__doc__)
    arguments.add_argument("--source", default=default, help="directory of the official XSDs")
    options = arguments.parse_args()
    try:
        for path in build(Path(options.source)):
            print(f"derived {path.relative_to(ROOT)}")
    except SchemaError as error:
        print(f"xsd: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
