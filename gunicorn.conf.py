"""Settings gunicorn reads from the working directory for every server of this project.

Command-line flags (Procfile, `make bench`) still set the bind address, workers and logs.
"""

from __future__ import annotations

import gc
from typing import Any


def post_worker_init(worker: Any) -> None:
    """Freeze what the worker built at start-up, so the collector never scans it again.

    The schemas, bindings and libraries loaded with the app are about 95,000 objects that live as
    long as the worker. Left in the collector's oldest generation, each full collection walked them
    all: a 50 ms pause in the middle of a request, which showed in the p99 latency
    (docs/performance.md). Frozen, a full collection takes under a millisecond.
    """
    gc.freeze()
