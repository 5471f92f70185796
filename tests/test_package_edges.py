"""Which top-level packages may import which.

The gateway's distribution installs only the gateway (tests/test_distribution.py), so the gateway
may import nothing that stays in the checkout. The sandbox ledger is a distribution of its own and
imports nothing of the gateway. bench and chaos share code only through harness/, which imports
neither of them, and none of the three imports the tests, so each runs without them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GATEWAY = ("app.py", "config.py", "wsgi.py", "api", "bindings", "cli", "services", "storage", "telemetry")
GATEWAY_NAMES = {Path(part).stem for part in GATEWAY}
CHECKOUT_ONLY = {"bench", "chaos", "harness", "tests", "tools"}
OTHER_DISTRIBUTIONS = {"ledger", "tkn_client"}
RULES: dict[str, tuple[tuple[str, ...], set[str]]] = {
    "gateway": (GATEWAY, CHECKOUT_ONLY | OTHER_DISTRIBUTIONS),
    "sandbox ledger": (("sandbox/ledger",), GATEWAY_NAMES | CHECKOUT_ONLY | {"tkn_client"}),
    "bench": (("bench",), {"chaos", "tests"}),
    "chaos": (("chaos",), {"bench", "tests"}),
    "harness": (("harness",), {"bench", "chaos", "tests"}),
}


def imported_top_levels(source: Path) -> set[str]:
    """The top-level names a module imports absolutely, wherever in the module the import stands."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(), filename=str(source))):
        if isinstance(node, ast.Import):
            names.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.partition(".")[0])
    return names


def sources(parts: tuple[str, ...]) -> list[Path]:
    """Every Python file of the given files and directories."""
    found: list[Path] = []
    for part in parts:
        path = ROOT / part
        found.extend([path] if path.is_file() else sorted(path.rglob("*.py")))
    return found


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_package_imports_nothing_it_must_not(name: str) -> None:
    parts, forbidden = RULES[name]
    files = sources(parts)
    assert len(files) >= len(parts)
    crossings = [
        f"{source.relative_to(ROOT)} imports {imported}"
        for source in files
        for imported in sorted(imported_top_levels(source) & forbidden)
    ]
    assert crossings == []


def test_the_scan_sees_imports_inside_functions(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("import os\n\ndef late():\n    from tests.support import databases\n    import chaos.stack\n")
    assert imported_top_levels(module) == {"os", "tests", "chaos"}
