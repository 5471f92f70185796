"""Following a transfer with pacs.028 until it is Completed or Failed, as spec 8 advises."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import requests
from rich.console import Console

from tkn_client.messages import StatusReport, build_pacs028, new_message_id, parse_pacs002
from tkn_client.transport import Answer, Gateway, send

# Spec 8: at least 5-10 s between checks, backing off while the transfer is processing, and stop
# after a reasonable timeout such as 5 minutes.
FIRST_INTERVAL_SECONDS = 5.0
BACKOFF = 1.5
MAX_INTERVAL_SECONDS = 60.0
TIMEOUT_SECONDS = 300.0
FINAL_STATUSES = frozenset({"ACSC", "RJCT"})


class WaitingStopped(Exception):
    """The user asked to stop waiting (Ctrl-C); the transfer goes on."""


def stop_from_signal_handler(stop: threading.Event) -> None:
    """Set `stop` from a Ctrl-C handler without waiting on the thread the handler interrupted.

    The handler may run inside `stop.wait()`, while this same thread holds the lock `stop.set()`
    takes; a second Ctrl-C there would hang the client. A short-lived thread sets it instead.
    """
    if not stop.is_set():
        threading.Thread(target=stop.set, daemon=True).start()


@dataclass(frozen=True)
class Polling:
    """How often to ask and for how long."""

    first_interval: float = FIRST_INTERVAL_SECONDS
    backoff: float = BACKOFF
    max_interval: float = MAX_INTERVAL_SECONDS
    timeout: float = TIMEOUT_SECONDS


def ask_status(
    gateway: Gateway, transfer_id: str, session: requests.Session, on_retry: Callable[[str, float, int], None]
) -> tuple[Answer, StatusReport]:
    """One pacs.028 for `transfer_id`, with a fresh MsgId, and the pacs.002 it gets."""
    answer = send(gateway, "pacs028", build_pacs028(transfer_id, new_message_id()), session=session, on_retry=on_retry)
    return answer, parse_pacs002(answer.body)


def wait_for_final_state(
    gateway: Gateway,
    transfer_id: str,
    polling: Polling,
    *,
    session: requests.Session,
    console: Console,
    on_retry: Callable[[str, float, int], None],
    stop: threading.Event,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[Answer, StatusReport] | None:
    """Ask until the transfer is final (ACSC or RJCT) or any answer other than 200; None after the timeout.

    Setting `stop` ends the wait between checks with WaitingStopped.
    """
    started = clock()
    interval = polling.first_interval
    checks = 0
    state = "Created"
    # On a terminal one line is redrawn in place; elsewhere (a log, a pipe) each check gets its own line.
    live = console.status("") if console.is_terminal else contextlib.nullcontext(None)
    with live as progress:
        while True:
            remaining = polling.timeout - (clock() - started)
            if remaining <= 0:
                return None
            pause = min(interval, remaining)  # the last check falls on the timeout
            line = f"Transfer {transfer_id}: {state}; next check in {pause:.1f} s ({checks} so far)"
            if progress is None:
                console.print(line)
            else:
                progress.update(line)
            if stop.wait(pause):
                raise WaitingStopped(transfer_id)
            answer, report = ask_status(gateway, transfer_id, session, on_retry)
            checks += 1
            if answer.status != 200 or report.status in FINAL_STATUSES:
                return answer, report
            state = report.info.get("Status", state)
            interval = min(interval * polling.backoff, polling.max_interval)
