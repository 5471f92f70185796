"""docs/decisions.md stays short, and every decision the tree cites by its ID is in it."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

from config import PROJECT_ROOT

DECISIONS = (PROJECT_ROOT / "docs" / "decisions.md").read_text()
# Where decisions are cited: source, docs, configuration and deployment files; not generated code or caches.
CITING = (".py", ".md", ".yaml", ".toml", ".cfg", ".conf", ".service", ".html", "Makefile")
SKIPPED = {"bindings", "xsd", "var", "build", "dist", "node_modules"}
# "decision L1", "decisions D6 and D12", "docs/decisions.md, Q9, Q10", "docs/decisions.md) A1-A9".
CITATION = re.compile(r"decisions?(?:\.md)?\)?,?\s+((?:[A-Z][0-9]{1,2}(?:-[A-Z][0-9]{1,2})?(?:,\s*|\s+and\s+)?)+)\b")


def project_files() -> Iterator[Path]:
    """The project's own files that may cite a decision."""
    for directory, subdirectories, files in os.walk(PROJECT_ROOT):
        subdirectories[:] = [d for d in subdirectories if not d.startswith(".") and d not in SKIPPED and "egg" not in d]
        yield from (Path(directory) / name for name in files if name.endswith(CITING))


def test_the_decisions_stay_under_6000_words() -> None:
    assert len(DECISIONS.split()) < 6000


def test_every_decision_cited_in_the_tree_is_recorded() -> None:
    # An entry is a list item `- **ID …` or a table row `| ID | …`.
    recorded = set(re.findall(r"^(?:- \*\*|\| )([A-Z][0-9]{1,2})[ *]", DECISIONS, re.MULTILINE))
    cited: dict[str, str] = {}
    for path in project_files():
        name = str(path.relative_to(PROJECT_ROOT))
        for citation in CITATION.finditer(path.read_text(errors="replace")):
            for first, last in re.findall(r"([A-Z][0-9]{1,2})(?:-([A-Z][0-9]{1,2}))?", citation.group(1)):
                cited |= {first: name} | ({last: name} if last else {})
    assert {"L1", "P10", "D6", "A9"} <= cited.keys()
    assert {decision: where for decision, where in cited.items() if decision not in recorded} == {}
