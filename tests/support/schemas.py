"""The derived XSDs the tests validate answers against, each parsed once per run."""

from __future__ import annotations

import functools
from pathlib import Path

from lxml import etree

from config import PROJECT_ROOT


@functools.cache
def schema(kind: str, file_name: str) -> etree.XMLSchema:
    """`xsd/<kind>/<file_name>`: kind `usage` (the usage guideline) or `iso` (the official schema)."""
    return etree.XMLSchema(etree.parse(str(Path(PROJECT_ROOT) / "xsd" / kind / file_name)))
