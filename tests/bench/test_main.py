"""`python -m bench` takes one optional word, `compare`, and refuses any other before measuring anything."""

from __future__ import annotations

import subprocess
import sys

from bench.settings import PROJECT_ROOT


def test_an_unknown_word_is_refused_with_the_usage() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "compar"],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode != 0
    assert "usage: python -m bench [compare]" in done.stderr
