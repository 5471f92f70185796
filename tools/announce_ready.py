"""`make run`'s ready line: once the API is ready and the demo payee exists, say where everything is.

Ready means `GET /readyz` answers 200 (the store answers, every migration is applied, the sandbox
ledger answers and is set up) and the ledger's setup has written the demo payee. The line is
printed once; the process then waits for Ctrl-C (SIGINT) or SIGTERM and exits 0, so honcho, which
stops everything when one process exits, never sees it end on its own. Until then it says every
30 s which check it is waiting for.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from pathlib import Path
from types import FrameType

import requests

from telemetry.signals import set_from_signal_handler

STILL_WAITING_EVERY_SECONDS = 30.0


def _not_ready(api_url: str, payee_file: Path) -> str | None:
    """What is not ready yet, in words, or None."""
    try:
        answer = requests.get(f"{api_url}/readyz", timeout=5)
    except requests.RequestException as error:
        return f"the API at {api_url} does not answer ({type(error).__name__})"
    if answer.status_code != 200:
        failed = [name for name, check in answer.json().get("checks", {}).items() if not check.get("ok")]
        return f"the API is not ready: {', '.join(failed) or answer.status_code}"
    if not payee_file.exists():
        return f"the ledger's setup has not written {payee_file} yet"
    return None


def ready_line(
    api_url: str, ledger_url: str, key_file: Path, payee_file: Path, console: bool, stack_file: Path | None = None
) -> str:
    """The line a newcomer reads: the URLs, where the demo key, payee and settings are, and how to stop."""
    where = f"API {api_url}, sandbox ledger {ledger_url}"
    if console:
        where += f", console {api_url}/ops"
    files = f"demo key in {key_file}, demo payee in {payee_file}"
    if stack_file is not None:
        files += f"; other terminals read the settings in {stack_file}"
    return f"ready: {where}; {files}. Press Ctrl-C to stop everything."


def main(argv: list[str] | None = None) -> int:
    """Wait for readiness, print the ready line once, then wait for a signal."""
    parser = argparse.ArgumentParser(prog="python -m tools.announce_ready", description=__doc__)
    parser.add_argument("--api", required=True, help="the API's base URL")
    parser.add_argument("--ledger", required=True, help="the sandbox ledger's base URL")
    parser.add_argument("--key-file", type=Path, required=True)
    parser.add_argument("--payee-file", type=Path, required=True)
    parser.add_argument("--console", action="store_true", help="OPS_TOKEN is set: name the console too")
    parser.add_argument("--stack-file", default="", help="the stack file make run wrote (empty: none)")
    options = parser.parse_args(argv)

    stop = threading.Event()

    def _stop(_signum: int, _frame: FrameType | None) -> None:
        set_from_signal_handler(stop)

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    last_said = time.monotonic()
    while not stop.is_set():
        missing = _not_ready(options.api, options.payee_file)
        if missing is None:
            stack_file = Path(options.stack_file) if options.stack_file else None
            line = ready_line(
                options.api, options.ledger, options.key_file, options.payee_file, options.console, stack_file
            )
            print(line, flush=True)
            break
        if time.monotonic() - last_said >= STILL_WAITING_EVERY_SECONDS:
            print(f"not ready yet: {missing}", flush=True)
            last_said = time.monotonic()
        stop.wait(0.5)
    stop.wait()
    # A second signal on the way out (Ctrl-C reaches us from the terminal and from honcho) is no news.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return 0


if __name__ == "__main__":
    sys.exit(main())
