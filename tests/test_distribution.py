"""The gateway's distribution (setup.cfg) installs the gateway and nothing else of the checkout.

setuptools' build_py is the step of a wheel build (`pip install .`) that picks the packages and
modules the wheel holds; run on its own it needs neither the network nor the `wheel` package.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GATEWAY = {"api", "bindings", "cli", "services", "storage", "telemetry", "app", "config", "wsgi"}
NOT_INSTALLED = {"tools", "bench", "chaos", "harness", "ledger", "sandbox", "client", "tkn_client", "tests"}


@pytest.fixture(scope="module")
def build_lib(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What a wheel of the gateway would hold, besides its metadata."""
    tmp_path = tmp_path_factory.mktemp("gateway-build")
    build_lib = tmp_path / "lib"
    subprocess.run(
        [sys.executable, "-c", "from setuptools import setup; setup()", "--quiet",
         "egg_info", "--egg-base", str(tmp_path), "build_py", "--build-lib", str(build_lib)],
        cwd=ROOT, capture_output=True, check=True, timeout=120,
    )  # fmt: skip
    return build_lib


def test_the_gateway_distribution_installs_only_the_gateway(build_lib: Path) -> None:
    top_levels = {path.stem for path in build_lib.iterdir()}
    assert top_levels & NOT_INSTALLED == set()
    assert top_levels == GATEWAY


def test_the_gateway_distribution_carries_its_data_files(build_lib: Path) -> None:
    assert (build_lib / "storage" / "migrations" / "m0001_initial.postgres.sql").is_file()
    assert (build_lib / "api" / "templates" / "ops.html").is_file()
    assert (build_lib / "api" / "openapi.yaml").is_file()
