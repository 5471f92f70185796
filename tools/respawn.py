"""`python -m tools.respawn NAME -- COMMAND...`: run COMMAND and start it again whenever it exits.

`make run` wraps each Procfile line in it, so honcho, which stops every process as soon as one
exits, only ever sees a process exit when it asked for it (SIGTERM or SIGINT). Each exit is logged
with its exit code or signal and how long the process ran; restarts back off exponentially, and a
process that ran long enough starts the count again. It never gives up: a gateway whose worker
stays down pays nobody (docs/operations.md, docs/decisions.md H1). In production systemd does this
job (deploy/systemd/).
"""

from __future__ import annotations

import argparse
import logging
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from types import FrameType

from telemetry.logs import configure_logging
from telemetry.signals import set_from_signal_handler

log = logging.getLogger("respawn")


@dataclass(frozen=True)
class Backoff:
    """How long to wait before each restart."""

    first_seconds: float = 1.0
    max_seconds: float = 30.0
    # A run at least this long counts as healthy: the next restart waits first_seconds again.
    healthy_after_seconds: float = 60.0

    def next_delay(self, previous: float | None, ran_seconds: float) -> float:
        """The wait before the next start, given the last wait and how long the last run lasted."""
        if previous is None or ran_seconds >= self.healthy_after_seconds:
            return self.first_seconds
        return min(previous * 2, self.max_seconds)


def describe_exit(returncode: int) -> str:
    """'exited with code N' or 'killed by SIGNAME', as Popen reports it."""
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"killed by {name}"
    return f"exited with code {returncode}"


class Respawner:
    """Runs one command until asked to stop, restarting it with backoff."""

    def __init__(self, name: str, command: list[str], backoff: Backoff) -> None:
        self.name = name
        self.command = command
        self.backoff = backoff
        # Read and written without a lock: the signal handler sets it in the thread it interrupts.
        self.stop_requested = False
        self._wake = threading.Event()  # ends the wait before a restart
        self._child: subprocess.Popen[bytes] | None = None

    def stop(self, signum: int, _: FrameType | None = None) -> None:
        """Stop restarting and pass the signal on to the running command."""
        self.stop_requested = True
        set_from_signal_handler(self._wake)
        child = self._child
        if child is not None and child.poll() is None:
            child.send_signal(signum)

    def run(self) -> int:
        """Run until stopped; the last run's exit status as a shell gives it (128 + N for signal N)."""
        delay: float | None = None
        returncode = 0
        while not self.stop_requested:
            started = time.monotonic()
            # Same process group as this wrapper: honcho signals the whole group on stop.
            self._child = subprocess.Popen(self.command)
            if self.stop_requested:  # the signal came between the check above and the start
                self._child.terminate()
            returncode = self._child.wait()
            if self.stop_requested:
                break
            ran = time.monotonic() - started
            delay = self.backoff.next_delay(delay, ran)
            log.warning("%s %s after %.1f s; restarting in %.0f s", self.name, describe_exit(returncode), ran, delay)
            self._wake.wait(delay)
        return returncode if returncode >= 0 else 128 - returncode


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tools.respawn",
        usage="%(prog)s NAME [options] -- COMMAND...",
        description=__doc__.splitlines()[0],
    )
    defaults = Backoff()
    parser.add_argument("name", help="the process's name in the log")
    parser.add_argument("--first-delay", type=float, default=defaults.first_seconds)
    parser.add_argument("--max-delay", type=float, default=defaults.max_seconds)
    parser.add_argument("--healthy-after", type=float, default=defaults.healthy_after_seconds)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, then respawn the command until SIGTERM or SIGINT."""
    arguments = sys.argv[1:] if argv is None else argv
    if "--" not in arguments or arguments.index("--") == len(arguments) - 1:
        _parser().error("give the command after --")
    split = arguments.index("--")
    args, command = _parser().parse_args(arguments[:split]), arguments[split + 1 :]
    configure_logging()
    respawner = Respawner(args.name, command, Backoff(args.first_delay, args.max_delay, args.healthy_after))
    signal.signal(signal.SIGTERM, respawner.stop)
    signal.signal(signal.SIGINT, respawner.stop)
    returncode = respawner.run()
    # Stopping already: a second signal (honcho's SIGTERM after the terminal's SIGINT) must not kill
    # the interpreter on its way out, which would report 143 for a clean stop.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return returncode


if __name__ == "__main__":
    sys.exit(main())
