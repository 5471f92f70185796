"""Helpers for tests that run the project's servers and workers as real processes."""

from __future__ import annotations

import queue
import subprocess
import threading
from typing import IO


def stream_lines(stream: IO[str]) -> tuple[queue.Queue[str], threading.Thread]:
    """A queue that receives each line of `stream` as it comes, filled by the returned (started) thread."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in iter(stream.readline, ""):
            lines.put(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return lines, reader


def terminate(process: subprocess.Popen[str], timeout: float = 30.0) -> None:
    """SIGTERM, then SIGKILL if the process has not ended within `timeout` seconds."""
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
