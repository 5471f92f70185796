"""docs/api.md names every reason code the service gives and every status each endpoint answers."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from api.openapi import document
from services.rejections import ReasonCode

REFERENCE = (Path(__file__).parents[1] / "docs" / "api.md").read_text()


def test_every_reason_code_has_a_row() -> None:
    rows = set(re.findall(r"^\| ([A-Z0-9]{4}) \| ", REFERENCE.split("## Reason codes", 1)[1], flags=re.MULTILINE))
    assert rows == {code.value for code in ReasonCode}


def test_every_status_of_every_endpoint_is_listed() -> None:
    spec = yaml.safe_load(document())
    endpoints = REFERENCE.split("## Endpoints", 1)[1].split("\n## ", 1)[0]
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            shown = f"`{method.upper()} {path.replace('{network}', 'net')}`"
            row = next(line for line in endpoints.splitlines() if line.startswith(f"| {shown} |"))
            for status in operation["responses"]:
                assert status in row, f"{shown} {status}"
