"""`flask settle --once` (settlement itself: tests/services/settlement)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskCliRunner


@pytest.fixture()
def app_config(app_config: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """No sandbox secrets file: Sandbox settlement is unavailable."""
    return {**app_config, "SANDBOX_SECRETS_FILE": str(tmp_path / "missing.json")}


def test_once_on_an_empty_store_reports_unavailable_networks(runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["settle", "--once"])
    assert result.exit_code == 0, result.output
    assert "claims processed: 0" in result.output
    assert "Sandbox settlement disabled" in result.output and "does not exist" in result.output
    assert "Production settlement disabled" in result.output
