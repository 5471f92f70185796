"""The app under a real gunicorn whose output goes to a file, for tests that read what the processes log."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests

from config import PROJECT_ROOT
from harness.stack import free_port
from tests.support.databases import sqlite_url


@contextmanager
def running_gunicorn(directory: Path, workers: int = 2, **environment: str) -> Iterator[tuple[str, Path]]:
    """Start gunicorn with `environment` added; yield its base URL and its log; SIGTERM it on exit."""
    env = {**os.environ, "DATABASE_URL": sqlite_url(directory), **environment}
    upgrade = [sys.executable, "-m", "flask", "--app", "app", "db", "upgrade"]
    subprocess.run(upgrade, env=env, check=True, cwd=PROJECT_ROOT, capture_output=True)
    port = free_port()
    log = directory / "gunicorn.log"
    command = [
        sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
        "--no-control-socket", "app:create_app()",
    ]  # fmt: skip
    with log.open("wb") as sink:
        process = subprocess.Popen(command, env=env, cwd=PROJECT_ROOT, stdout=sink, stderr=sink)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                requests.get(base + "/healthz", timeout=5)
                break
            except requests.RequestException:
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        yield base, log
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
