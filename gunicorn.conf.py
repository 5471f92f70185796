"""Settings gunicorn reads from the working directory for every server of this project.

Command-line flags (Procfile, `make bench`) still set the bind address and workers.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

from telemetry.logs import gunicorn_logconfig
from telemetry.metrics import multiprocess_dir

# gunicorn's own messages and the app's go to stderr as JSON lines (LOG_FORMAT=console: readable).
logconfig_dict = gunicorn_logconfig()
# An access line's fields are built only when the line is written (the API turns its access line off).
logger_class = "telemetry.gunicorn_logger.AccessOnDemandLogger"
# The sync worker, but what it refuses before the app sees a request (a malformed request line or
# header, one over a limit) is answered with a pacs.002 RJCT, not gunicorn's HTML page. The ledger
# names its own worker class (gthread) on its command line, which overrides this.
worker_class = "api.gunicorn_worker.RefusalReportingWorker"

# A backstop, not the fix: a worker is replaced after this many requests (plus up to the jitter,
# so workers started together do not all restart together). The pre-scan is what keeps memory flat
# (services/xml_prescan.py); each body it lets through can still leave at most about 1.2 KiB of
# new names in libxml2's dictionary, and this bounds what a stream of such bodies, or a leak not
# yet found, leaves in one worker. It stays above the ~100,000 requests one worker serves in a
# whole `make bench`, whose soak memory check needs the same PIDs throughout (docs/decisions.md, D12).
max_requests = 200_000
max_requests_jitter = 20_000


def post_worker_init(worker: Any) -> None:
    """Freeze what the worker built at start-up, so the collector never scans it again.

    The schemas, bindings and libraries loaded with the app are about 95,000 objects that live as
    long as the worker. Left in the collector's oldest generation, each full collection walked them
    all: a 50 ms pause in the middle of a request, which showed in the p99 latency
    (docs/performance.md). Frozen, a full collection takes under a millisecond.
    """
    gc.freeze()


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    """Free a chunked request when it ends, not when the cyclic collector next runs.

    gunicorn's chunked reader refers back to its request (for the trailers), and its decoder, a
    generator, refers back to the reader until the body is read to its end. So every chunked
    request, with what its readers read ahead (up to a whole chunk: a megabyte or more), is a
    reference cycle that only the collector frees, dozens of requests later (with the start-up
    objects frozen, it seldom runs). The API stops reading a chunked body one byte past the limit,
    and a 401 reads none of it: each such request left a megabyte or two waiting, and a worker fed
    them grew by 15 to 40 % (docs/reliability.md, decision L4). Both links are cut here. A decoder
    still open means the body was not read to its end, so the connection is marked as not reusable:
    where a next request would start on it is unknown (the sync worker closes every connection).
    """
    reader: Any = getattr(getattr(req, "body", None), "reader", None)
    decoder = getattr(reader, "parser", None)
    if decoder is not None:
        decoder.close()
        reader.parser = None
        req.body.failed = True
    if getattr(reader, "req", None) is req:
        reader.req = None


# No control socket: nothing here uses gunicornc, and its default path (~/.gunicorn/gunicorn.ctl) is
# one file shared by every gunicorn of the user (the API and the ledger both) and unwritable under
# systemd's ProtectHome.
control_socket_disable = True


def on_starting(server: Any) -> None:
    """Empty the metrics directory (PROMETHEUS_MULTIPROC_DIR, when set), so no earlier run's counts add in."""
    directory = multiprocess_dir()
    if directory is None:
        return
    Path(directory).mkdir(parents=True, exist_ok=True)
    for stale in Path(directory).glob("*.db"):
        stale.unlink()


def child_exit(server: Any, worker: Any) -> None:
    """Tell the metrics that an exited worker's live gauges are gone; its counters keep counting."""
    if multiprocess_dir() is not None:
        from prometheus_client import multiprocess  # noqa: PLC0415 - only in multiprocess mode

        multiprocess.mark_process_dead(worker.pid)
