"""The schema build refuses altered official files and applies the declared edits."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lxml import etree

from config import PROJECT_ROOT
from tools.derive_schemas import XSD_DIR, SchemaError, copy_official, read_manifest

SOURCE = Path(PROJECT_ROOT) / "xsd" / "iso"
NS = {"xs": "http://www.w3.org/2001/XMLSchema"}


def test_altered_official_schema_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "source"
    shutil.copytree(SOURCE, source)
    with (source / "pacs.028.001.06.xsd").open("ab") as handle:
        handle.write(b"<!-- edited -->")
    with pytest.raises(SchemaError, match="does not match the manifest"):
        copy_official(source, tmp_path / "out", read_manifest(XSD_DIR / "manifest.sha256"))


def test_missing_official_schema_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SchemaError, match="missing"):
        copy_official(tmp_path, tmp_path / "out", read_manifest(XSD_DIR / "manifest.sha256"))


def test_usage_guideline_widens_and_relaxes_what_the_spec_needs() -> None:
    usage = etree.parse(str(XSD_DIR / "usage" / "pacs.008.001.13.xsd"))

    def element(type_name: str, name: str) -> etree._Element:
        found = usage.xpath(f"//xs:complexType[@name='{type_name}']//xs:element[@name='{name}']", namespaces=NS)
        assert isinstance(found, list) and isinstance(found[0], etree._Element)
        return found[0]

    assert element("GenericAccountIdentification1", "Id").get("type") == "Max70Text"
    assert element("GroupHeader131", "CreDtTm").get("minOccurs") == "0"
    assert element("CreditTransferTransaction70", "Cdtr").get("minOccurs") == "0"
    pacs028 = etree.parse(str(XSD_DIR / "usage" / "pacs.028.001.06.xsd"))
    types = pacs028.xpath(
        "//xs:complexType[@name='PaymentTransaction158']//xs:element[@name='OrgnlInstrId']/@type", namespaces=NS
    )
    assert types == ["Max36Text"]
