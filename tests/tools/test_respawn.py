"""tools.respawn: a command that exits is started again, with backoff, and every exit is logged."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from config import PROJECT_ROOT
from harness.stack import children, wait_for
from tools.respawn import Backoff, describe_exit


def test_the_wait_doubles_up_to_its_cap_and_starts_over_after_a_healthy_run() -> None:
    backoff = Backoff(first_seconds=1, max_seconds=5, healthy_after_seconds=60)
    delays = [backoff.next_delay(None, 0.1)]
    for _ in range(4):
        delays.append(backoff.next_delay(delays[-1], 0.1))
    assert delays == [1, 2, 4, 5, 5]
    assert backoff.next_delay(5, 60) == 1


def test_an_exit_is_described_by_its_code_or_its_signal() -> None:
    assert describe_exit(3) == "exited with code 3"
    assert describe_exit(-signal.SIGKILL) == "killed by SIGKILL"


def _starts(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def test_a_command_that_exits_or_is_killed_comes_back_until_sigterm(tmp_path: Path) -> None:
    starts = tmp_path / "starts"
    log = tmp_path / "respawn.log"
    # Each run notes its start, then exits with 3 on its first two runs and sleeps after that.
    script = (
        "import pathlib, sys, time; p = pathlib.Path(sys.argv[1]); "
        "p.open('a').write('start\\n'); n = len(p.read_text().splitlines()); "
        "sys.exit(3) if n <= 2 else time.sleep(600)"
    )
    with log.open("wb") as output:
        wrapper = subprocess.Popen(
            [sys.executable, "-m", "tools.respawn", "probe", "--first-delay", "0.05", "--",
             sys.executable, "-c", script, str(starts)],
            cwd=PROJECT_ROOT, stdout=output, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        wait_for(lambda: _starts(starts) == 3 and bool(children(wrapper.pid)), 30, "the third start")
        sleeper = children(wrapper.pid)[0]
        os.kill(sleeper, signal.SIGKILL)
        wait_for(lambda: _starts(starts) == 4 and children(wrapper.pid) not in ([], [sleeper]), 30, "a fourth start")
        last = children(wrapper.pid)[0]
        wrapper.send_signal(signal.SIGTERM)
        assert wrapper.wait(timeout=30) == 128 + signal.SIGTERM
        assert not Path(f"/proc/{last}").exists() or "zombie" in Path(f"/proc/{last}/status").read_text()
    finally:
        if wrapper.poll() is None:
            wrapper.kill()
    text = log.read_text()
    assert text.count("probe exited with code 3 after") == 2
    assert "restarting in 0 s" in text
    assert "probe killed by SIGKILL after" in text
    assert _starts(starts) == 4
