"""make run's ready line: printed once the API is ready and the demo payee exists; Ctrl-C ends it quietly."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from config import PROJECT_ROOT
from tools.announce_ready import ready_line


@pytest.fixture()
def app_config(app_config: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """No sandbox set up: readiness checks the store and the migrations only."""
    return {**app_config, "SANDBOX_SECRETS_FILE": str(tmp_path / "missing.json")}


def test_the_line_waits_for_the_payee_then_names_the_urls_and_ctrl_c_ends_it_quietly(
    live_server: str, tmp_path: Path
) -> None:
    payee = tmp_path / "demo-payee"
    key = tmp_path / "demo-api-key"
    command = [
        *(sys.executable, "-m", "tools.announce_ready", "--api", live_server, "--ledger", "http://127.0.0.1:9"),
        *("--key-file", str(key), "--payee-file", str(payee)),
    ]
    with subprocess.Popen(
        command, cwd=PROJECT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as announcer:
        try:
            time.sleep(2)
            assert announcer.poll() is None  # the API is ready, the payee is not there yet: no line
            payee.write_text("G" + "A" * 55 + "\n")
            assert announcer.stdout is not None
            line = announcer.stdout.readline().strip()
            assert line == ready_line(live_server, "http://127.0.0.1:9", key, payee, console=False)
            assert line.startswith(f"ready: API {live_server}, sandbox ledger http://127.0.0.1:9; ")
            assert line.endswith("Press Ctrl-C to stop everything.")
            assert announcer.poll() is None  # stays, so honcho does not stop the stack
            announcer.send_signal(signal.SIGINT)
            assert announcer.wait(timeout=10) == 0
            assert announcer.stderr is not None and announcer.stderr.read() == ""
        finally:
            if announcer.poll() is None:
                announcer.kill()
