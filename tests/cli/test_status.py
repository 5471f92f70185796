"""`flask status`: the one screen of what needs an operator (a ledger that does not answer: test_cannot_check.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskCliRunner
from freezegun import freeze_time

from tests.support.operations import CHANNELS, NOW, REASONS, seed


@pytest.fixture()
def app_config(app_config: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """No sandbox secrets file: Sandbox settlement is unavailable."""
    return {**app_config, "SANDBOX_SECRETS_FILE": str(tmp_path / "missing.json")}


def test_status_on_an_empty_store(runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["status"])
    assert result.exit_code == 0, result.output
    assert "transfers: none" in result.output
    assert "blocked (operator action needed): 0" in result.output


def test_status_fits_one_screen_and_keeps_channels_behind_a_flag(runner: FlaskCliRunner, organization_id: int) -> None:
    seeded = seed(organization_id)
    with freeze_time(NOW):
        lines = runner.invoke(args=["status"]).output.splitlines()
        detailed = runner.invoke(args=["status", "--channels"]).output
    text = "\n".join(lines)
    assert len(lines) <= 24, text
    assert "transfers: Completed=29, Created=2, Failed=4, Processing=1" in text
    assert "backlog: 3 open, oldest Created 3m10s old; settled 0.0/min over the last 5 min" in text
    assert f"blocked (operator action needed): 1\n  {seeded.blocked} Sandbox since 2026-11-25T09:59:30Z:" in text
    assert "channels: Sandbox 1 leased, 2 free (--channels for each)" in text
    assert CHANNELS[0] not in text
    assert "last failures:" in text and REASONS[1] in text
    assert sum(1 for line in lines if " AC01: " in line) == 4
    assert f"Sandbox {CHANNELS[0]} leased to an envelope being built by worker-1" in detailed
    assert f"Sandbox {CHANNELS[2]} free" in detailed
