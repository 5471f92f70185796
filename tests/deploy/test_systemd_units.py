"""deploy/systemd: the units pass `systemd-analyze verify`, restart forever, and keep their hardening.

The units name /opt/tkn-gateway, where docs/operations.md installs the checkout; verify checks
that every ExecStart exists, so each unit is checked as a copy pointing at this checkout.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from config import PROJECT_ROOT

UNITS = PROJECT_ROOT / "deploy" / "systemd"
SERVICES = sorted(UNITS.glob("*.service"))
SYSTEMD_ANALYZE = shutil.which("systemd-analyze") or "/usr/bin/systemd-analyze"
# systemd-analyze security's exposure scale runs 0.0 to 10.0; the threshold is given in tenths.
MAX_EXPOSURE_TENTHS = 20

needs_systemd_analyze = pytest.mark.skipif(
    not Path(SYSTEMD_ANALYZE).exists(),
    reason="systemd-analyze is not installed (Debian: package systemd); the units were not verified",
)


def _local_copies(directory: Path) -> list[Path]:
    copies = []
    for unit in sorted(UNITS.glob("tkn-gateway*")):
        copy = directory / unit.name
        copy.write_text(unit.read_text().replace("/opt/tkn-gateway", str(PROJECT_ROOT)))
        copies.append(copy)
    return copies


def _settings(unit: Path) -> dict[str, str]:
    pairs = (line.split("=", 1) for line in unit.read_text().splitlines() if "=" in line and not line.startswith("#"))
    return {key: value for key, value in pairs}


@needs_systemd_analyze
def test_every_unit_verifies_without_a_warning(tmp_path: Path) -> None:
    copies = _local_copies(tmp_path)
    done = subprocess.run(
        [SYSTEMD_ANALYZE, "verify", *map(str, copies)], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert [line for line in done.stderr.splitlines() if "tkn-gateway" in line] == []


@needs_systemd_analyze
@pytest.mark.parametrize("service", SERVICES, ids=lambda path: path.stem)
def test_every_service_is_hardened(service: Path, tmp_path: Path) -> None:
    copy = next(c for c in _local_copies(tmp_path) if c.name == service.name)
    done = subprocess.run(
        [SYSTEMD_ANALYZE, "security", "--offline=yes", f"--threshold={MAX_EXPOSURE_TENTHS}", str(copy)],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-500:] + done.stderr


@pytest.mark.parametrize("service", SERVICES, ids=lambda path: path.stem)
def test_every_service_restarts_after_any_exit_and_never_gives_up(service: Path) -> None:
    settings = _settings(service)
    assert settings["Restart"] == "always"
    assert float(settings["RestartSec"]) > 0
    assert settings["StartLimitIntervalSec"] == "0"
    assert settings["PartOf"] == "tkn-gateway.target"


def test_the_target_pulls_in_every_service() -> None:
    wanted = _settings(UNITS / "tkn-gateway.target")["Wants"].split()
    assert sorted(wanted) == [service.name for service in SERVICES]


def test_the_api_keeps_every_workers_metrics_in_its_runtime_directory() -> None:
    settings = _settings(UNITS / "tkn-gateway-api.service")
    directory = settings["Environment"].removeprefix("PROMETHEUS_MULTIPROC_DIR=")
    assert directory.startswith(f"/run/{settings['RuntimeDirectory']}/")  # writable under ProtectSystem=strict
