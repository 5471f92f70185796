"""The Makefile's interpreter choice: the first candidate that is Python 3.11+ and can make a venv."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from config import PROJECT_ROOT

SCRIPT = Path(PROJECT_ROOT) / "tools" / "pick_python.sh"


def _pick(*candidates: str) -> str:
    done = subprocess.run([str(SCRIPT), *candidates], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def _fake_python(folder: Path, version: str) -> str:
    # An interpreter that answers the version check as an older Python would.
    path = folder / f"python{version}"
    path.write_text(f"#!/bin/sh\nexec {sys.executable} -c 'import sys; sys.exit(1)'\n")
    path.chmod(0o755)
    return str(path)


def test_the_first_suitable_candidate_is_chosen(tmp_path: Path) -> None:
    old = _fake_python(tmp_path, "3.9")
    assert _pick(str(tmp_path / "missing"), old, sys.executable, "python3") == sys.executable


def test_python3_from_the_path_when_no_candidate_suits(tmp_path: Path) -> None:
    assert _pick(_fake_python(tmp_path, "3.9"), str(tmp_path / "missing")) == "python3"
