"""The metrics every process records, and their Prometheus exposition.

Under gunicorn, PROMETHEUS_MULTIPROC_DIR makes prometheus_client keep each worker's values in a
file of that directory, and a scrape adds them up (gunicorn.conf.py wipes the directory at start
and marks exited workers dead). Without it, as in the settlement worker, a process exposes its own.
"""

from __future__ import annotations

import hmac
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Histogram, generate_latest, make_wsgi_app
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

MULTIPROCESS_DIR_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

# A request takes about 1 ms of CPU; the buckets reach from well under that to a timeout.
_REQUEST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
# A submission waits for its ledger to close (about 5 s on Stellar, 1 s in the sandbox).
_LEDGER_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 40.0)

HTTP_REQUESTS = Counter(
    "tkn_http_requests_total", "HTTP requests answered, by endpoint, status and reason code.",
    ["endpoint", "status", "reason"],
)  # fmt: skip
HTTP_REQUEST_SECONDS = Histogram(
    "tkn_http_request_duration_seconds", "Time from a request's first hook to its answer.",
    ["endpoint", "status", "reason"], buckets=_REQUEST_BUCKETS,
)  # fmt: skip
ENVELOPES_SUBMITTED = Counter(
    "tkn_settlement_envelopes_submitted_total",
    "Envelopes submitted to a ledger, by the answer on receipt (PENDING, DUPLICATE, TRY_AGAIN_LATER, "
    "the ledger's result code of an ERROR such as tx_bad_seq, http_<status>, or connection_error).",
    ["result"],
)
# Submission is asynchronous, so the answer on receipt never says whether an envelope was applied;
# this counts what the ledger finally did with each envelope, which is what a stall shows in.
ENVELOPES_CLOSED = Counter(
    "tkn_settlement_envelopes_closed_total",
    "Envelopes the ledger applied, by outcome: applied (every payment made) or failed (applied with a failed "
    "operation, fee charged).",
    ["environment", "result"],
)
ENVELOPE_OUTCOMES = ("applied", "failed")
# Labelled, so that nothing is written at import: under gunicorn the multiprocess directory is
# made only after gunicorn.conf.py (which imports this module) has been read.
FEES_CHARGED = Counter(
    "tkn_settlement_fees_charged_stroops_total",
    "Fees the ledger charged for our applied envelopes (fee bumps included), in stroops.",
    ["environment"],
)
FEE_BUMPS = Counter("tkn_settlement_fee_bumps_total", "Fee bumps signed around stored envelopes.", ["environment"])
LEDGER_REQUEST_SECONDS = Histogram(
    "tkn_ledger_request_duration_seconds", "Round trips to a ledger's Horizon API, by operation.",
    ["operation"], buckets=_LEDGER_BUCKETS,
)  # fmt: skip


def start_envelope_series(environments: Iterable[str]) -> None:
    """Create the closed-envelope series at 0, so a worker that has closed none yet still shows a flat line.

    A rule that asks whether anything was applied lately (`increase(...) == 0`) needs the series to
    exist; a counter child appears only on its first increment otherwise.
    """
    for environment in environments:
        for outcome in ENVELOPE_OUTCOMES:
            ENVELOPES_CLOSED.labels(environment, outcome)


def multiprocess_dir() -> str | None:
    """The directory of the multiprocess mode, when this process runs in it."""
    return os.environ.get(MULTIPROCESS_DIR_VARIABLE) or None


def _process_collector() -> Collector:
    """This process's metrics, or, in multiprocess mode, those of every process writing to the directory."""
    directory = multiprocess_dir()
    if directory is None:
        return REGISTRY
    return MultiProcessCollector(None, directory)


class _Collectors(Collector):
    def __init__(self, collectors: Iterable[Collector]) -> None:
        self.collectors = tuple(collectors)

    def collect(self) -> Iterator[Any]:
        for collector in self.collectors:
            yield from collector.collect()


def registry_with(*collectors: Collector) -> CollectorRegistry:
    """A registry for one scrape: the process metrics, then `collectors` (read at scrape time)."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Collectors([_process_collector(), *collectors]))
    return registry


def exposition(*collectors: Collector) -> bytes:
    """The Prometheus text of the process metrics and `collectors`."""
    return generate_latest(registry_with(*collectors))


def authorized(authorization: str | None, token: str) -> bool:
    """True when no token is set, or `authorization` is `Bearer <token>` (compared in constant time)."""
    if not token:
        return True
    return hmac.compare_digest((authorization or "").encode(), f"Bearer {token}".encode())


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Scrapes are not logged: one every few seconds would drown the worker's own lines."""


def serve_metrics(host: str, port: int, token: str, collectors: Callable[[], Iterable[Collector]]) -> WSGIServer:
    """Serve GET /metrics on host:port from a daemon thread; `shutdown()` the returned server to stop."""
    registry = CollectorRegistry(auto_describe=False)

    class _ScrapeTime(Collector):
        def collect(self) -> Iterator[Any]:
            yield from _Collectors([_process_collector(), *collectors()]).collect()

    registry.register(_ScrapeTime())
    metrics_app = make_wsgi_app(registry)

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if not authorized(environ.get("HTTP_AUTHORIZATION"), token):
            start_response("401 Unauthorized", [("WWW-Authenticate", 'Bearer realm="metrics"')])
            return [b""]
        answer: Iterable[bytes] = metrics_app(environ, start_response)
        return answer

    server = make_server(host, port, app, handler_class=_QuietHandler)
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()
    return server
