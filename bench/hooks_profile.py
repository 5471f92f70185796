"""`python -m bench.hooks_profile`: what each request hook and handler of the app costs per request.

In process, no server and no load generator: the app as `create_app` builds it, on a scratch SQLite
store (or `--database-url`), answers `--requests` requests of each workload through its WSGI
callable. Every before-request, after-request and teardown function, every error handler and every
view is wrapped to add up the thread CPU time it takes. What is left of a request's CPU time is
Flask's and werkzeug's own work around them: the contexts, URL matching, the request and response
objects. Log lines go to /dev/null through the production formatter, and the metrics are kept in
prometheus_client's multiprocess files, as under gunicorn.

The wrappers cost a fraction of a microsecond each and are counted in the hooks they wrap.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import logging
import os
import re
import secrets
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

from flask import Flask
from werkzeug.test import EnvironBuilder

import api.batch_status
import api.transfers
from app import create_app
from bench.load import PAYEE
from bench.servers import BENCH_RATES
from harness.client import pacs008_body
from services.api_keys import Environment, issue_api_key
from storage.database import database
from storage.migrate import upgrade
from storage.organizations import insert_organization
from telemetry.logs import JSON, configure_logging
from telemetry.metrics import MULTIPROCESS_DIR_VARIABLE

F = TypeVar("F", bound=Callable[..., Any])
# What the busy views call, looked up by name when they run: the body, the service, the JSON answer.
_VIEW_PARTS = (
    (api.transfers, "xml_body"),
    (api.transfers, "accept"),
    (api.transfers, "answer"),
    (api.batch_status, "batch_answer"),
    (api.batch_status, "jsonify"),
)
_TRANSFER_ID = re.compile(rb"TransferId: ([0-9a-f-]{36})")
_REST = "Flask and werkzeug around them"


@dataclass
class Tally:
    """Calls of one wrapped function and the thread CPU time they took, in nanoseconds."""

    calls: int = 0
    cpu_ns: int = 0


@dataclass
class Profile:
    """One workload's requests: their total CPU time and each wrapped function's share of it."""

    workload: str
    requests: int
    statuses: dict[int, int]
    total_ns: int
    parts: dict[str, Tally] = field(default_factory=dict)

    def rest_ns(self) -> int:
        """The CPU time no wrapped function accounts for."""
        return self.total_ns - sum(t.cpu_ns for t in self.parts.values())

    def lines(self) -> list[str]:
        """The profile as a table, the costliest part first."""
        per_request = self.total_ns / self.requests / 1000
        seen = ", ".join(f"{count} x {status}" for status, count in sorted(self.statuses.items()))
        rows = sorted(((t.cpu_ns, t.calls, name) for name, t in self.parts.items() if t.calls), reverse=True)
        rows.append((self.rest_ns(), self.requests, _REST))
        out = [f"## {self.workload}: {self.requests} requests ({seen}), {per_request:.1f} µs CPU per request", ""]
        out += ["| Part | Calls per request | µs per request | Share |", "|---|---:|---:|---:|"]
        for cpu_ns, calls, name in rows:
            share = 100 * cpu_ns / self.total_ns
            out.append(
                f"| {name} | {calls / self.requests:.2f} | {cpu_ns / self.requests / 1000:.1f} | {share:.1f} % |"
            )
        return out


class Timer:
    """Wraps functions so that each adds its calls and its own CPU time to its tally: the time of a
    wrapped function it calls goes to that function's tally, not to both."""

    def __init__(self, clock: Callable[[], int] = time.thread_time_ns) -> None:
        self.tallies: dict[str, Tally] = {}
        self.clock = clock
        self._nested_ns: list[int] = []  # per wrapped call in progress, the time of those it called

    def wrap(self, label: str, function: F) -> F:
        """`function`, timed under `label`."""
        tally = self.tallies.setdefault(label, Tally())
        clock, nested = self.clock, self._nested_ns

        @functools.wraps(function)
        def timed(*args: Any, **kwargs: Any) -> Any:
            nested.append(0)
            started = clock()
            try:
                return function(*args, **kwargs)
            finally:
                spent = clock() - started
                tally.cpu_ns += spent - nested.pop()
                tally.calls += 1
                if nested:
                    nested[-1] += spent

        return cast(F, timed)  # functools.wraps keeps what callers see of `function`

    def reset(self) -> None:
        """Forget what was counted (after a warm-up)."""
        for tally in self.tallies.values():
            tally.calls = tally.cpu_ns = 0


def _name(function: Callable[..., Any]) -> str:
    return f"{function.__module__}.{function.__qualname__}"


def _wrap_each(timer: Timer, kind: str, registry: dict[Any, list[F]]) -> None:
    for scope, functions in registry.items():
        where = f" [{scope}]" if scope else ""
        registry[scope] = [timer.wrap(f"{kind} {_name(f)}{where}", f) for f in functions]


def instrument(app: Flask, timer: Timer) -> None:
    """Wrap every hook, error handler and view of `app` in `timer`."""
    _wrap_each(timer, "before", app.before_request_funcs)
    _wrap_each(timer, "after", app.after_request_funcs)
    _wrap_each(timer, "teardown", app.teardown_request_funcs)
    _wrap_each(timer, "url value", app.url_value_preprocessors)
    app.teardown_appcontext_funcs = [timer.wrap(f"app teardown {_name(f)}", f) for f in app.teardown_appcontext_funcs]
    for by_code in app.error_handler_spec.values():
        for handlers in by_code.values():
            for error, handler in handlers.items():
                handlers[error] = timer.wrap(f"error handler {_name(handler)} ({error.__name__})", handler)
    for endpoint, view in app.view_functions.items():
        app.view_functions[endpoint] = timer.wrap(f"view {endpoint} (the rest of it)", view)
    for module, name in _VIEW_PARTS:
        setattr(module, name, timer.wrap(f"in view: {name}", getattr(module, name)))


@dataclass(frozen=True)
class Workload:
    """Requests of one kind: a path, headers and a body per request number."""

    name: str
    path: str
    headers: dict[str, str]
    body: Callable[[int], bytes]


def _pacs028_body(transfer_id: str) -> bytes:
    msg_id = f"{int(time.time()):010d}{secrets.token_hex(5).upper()}"
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.028.001.06"><FIToFIPmtStsReq>'
        f"<GrpHdr><MsgId>{msg_id}</MsgId></GrpHdr><TxInf><OrgnlInstrId>{transfer_id}</OrgnlInstrId></TxInf>"
        "</FIToFIPmtStsReq></Document>"
    ).encode()


def workloads(api_key: str, transfer_ids: list[str]) -> list[Workload]:
    """The busy routes' requests, and a refusal: what the bench's W1, W2 and W6 send."""
    xml = {"Content-Type": "application/xml", "NET-API-KEY": api_key}
    batch = json.dumps({"transfer_ids": transfer_ids[:100]}).encode()
    return [
        Workload("pacs.008 accepted (W1)", "/v1/pacs008/net", xml, lambda n: pacs008_body(n, PAYEE, "10.00")),
        Workload("pacs.028 (W2)", "/v1/pacs028/net", xml, lambda n: _pacs028_body(transfer_ids[n % len(transfer_ids)])),
        Workload(
            "batch-status of 100 IDs (W6)",
            "/v1/transfers/batch-status",
            {**xml, "Content-Type": "application/json"},
            lambda n: batch,
        ),
        Workload(
            "pacs.008 without a key (401)", "/v1/pacs008/net", {"Content-Type": "application/xml"}, lambda n: b"<x/>"
        ),
    ]


def _answer(app: Flask, workload: Workload, number: int) -> tuple[int, bytes, int]:
    """Status, body and CPU nanoseconds of one request through the app's WSGI callable."""
    headers = list(workload.headers.items())
    builder = EnvironBuilder(path=workload.path, method="POST", headers=headers, data=workload.body(number))
    environ = builder.get_environ()
    builder.close()
    status: list[str] = []

    def start_response(line: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[[bytes], Any]:
        status.append(line)
        return lambda _: None

    started = time.thread_time_ns()
    answer = app.wsgi_app(environ, start_response)
    try:
        body = b"".join(answer)
    finally:
        close = getattr(answer, "close", None)
        if close is not None:
            close()
    spent = time.thread_time_ns() - started
    return int(status[0].split()[0]), body, spent


def run_workload(
    app: Flask, timer: Timer, workload: Workload, requests: int, warmup: int
) -> tuple[Profile, list[bytes]]:
    """`warmup` requests, then `requests` counted ones; the profile and the counted answers' bodies."""
    for number in range(warmup):
        _answer(app, workload, number)
    timer.reset()
    statuses: dict[int, int] = {}
    bodies: list[bytes] = []
    total = 0
    for number in range(warmup, warmup + requests):
        status, body, spent = _answer(app, workload, number)
        statuses[status] = statuses.get(status, 0) + 1
        bodies.append(body)
        total += spent
    parts = {name: Tally(t.calls, t.cpu_ns) for name, t in timer.tallies.items() if t.calls}
    return Profile(workload.name, requests, statuses, total, parts), bodies


@contextmanager
def profiled_app(database_url: str | None) -> Iterator[tuple[Flask, Timer, str]]:
    """The app on a migrated store with a fresh organization, instrumented; its timer and API key."""
    with tempfile.TemporaryDirectory(prefix="hooks-profile-") as scratch:
        url = database_url or f"sqlite:///{Path(scratch) / 'gateway.sqlite3'}"
        app = create_app(
            {
                "DATABASE_URL": url,
                "DEMO_KEY_FILE": str(Path(scratch) / "demo-api-key"),
                "SANDBOX_SECRETS_FILE": str(Path(scratch) / "ledger-secrets.json"),
                **{name: float(rate) for name, rate in BENCH_RATES.items()},
            }
        )
        upgrade()
        organization = f"hooks-profile-{secrets.token_hex(4)}"
        with database.connection_context():
            insert_organization(organization)
            api_key, _ = issue_api_key(organization, Environment.SANDBOX)
        timer = Timer()
        instrument(app, timer)
        gc.freeze()  # as gunicorn.conf.py's post_worker_init: start-up objects are not collected
        try:
            yield app, timer, api_key
        finally:
            if not database.is_closed():
                database.close()


def profile(database_url: str | None, requests: int, warmup: int) -> list[Profile]:
    """Profile every workload; the pacs.008s made first give the transfers the queries ask about."""
    with profiled_app(database_url) as (app, timer, api_key):
        submit = workloads(api_key, [])[0]
        first, bodies = run_workload(app, timer, submit, requests, warmup)
        transfer_ids = [m.group(1).decode() for b in bodies if (m := _TRANSFER_ID.search(b))]
        if not transfer_ids:
            raise RuntimeError(f"no pacs.008 was accepted: {bodies[:1]!r}")
        results = [first]
        for workload in workloads(api_key, transfer_ids)[1:]:
            results.append(run_workload(app, timer, workload, requests, warmup)[0])
        return results


def main(argv: list[str] | None = None) -> int:
    """Print each workload's table."""
    parser = argparse.ArgumentParser(prog="python -m bench.hooks_profile", description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="counted requests per workload (2000)")
    parser.add_argument("--warmup", type=int, default=100, help="requests per workload before counting (100)")
    parser.add_argument("--database-url", help="a migrated or empty store to use; default a scratch SQLite file")
    args = parser.parse_args(argv)
    if MULTIPROCESS_DIR_VARIABLE not in os.environ:
        # prometheus_client picks its value store at import: start again with the directory set.
        os.environ[MULTIPROCESS_DIR_VARIABLE] = tempfile.mkdtemp(prefix="hooks-profile-metrics-")
        again = argv if argv is not None else sys.argv[1:]
        os.execv(sys.executable, [sys.executable, "-m", "bench.hooks_profile", *again])  # noqa: S606 - fixed argv
    configure_logging(JSON)
    with Path(os.devnull).open("w") as devnull:  # the production formatter, writing nowhere
        for handler in logging.getLogger().handlers:
            if isinstance(handler, logging.StreamHandler):
                handler.setStream(devnull)
        for result in profile(args.database_url, args.requests, args.warmup):
            print("\n".join(result.lines()), end="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
