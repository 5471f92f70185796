"""`python -m bench.proxy`: slow clients with and without nginx, and what nginx costs per request.

Starts `make run` (SQLite, free ports), a gthread gunicorn on the same store, and nginx with the
shipped config in front of `make run`'s API, then prints the Markdown tables docs/operations.md
publishes:

1. the latency of ordinary pacs.008 requests while N slow clients (half slow in their headers,
   half in their body) hold connections, for each server;
2. wrk (W2, pacs.028) through nginx and straight to gunicorn, with nginx's CPU per request;
3. wrk (W2) on make run's sync workers and on gthread workers, for the choice of make run's class.

A measurement, not a test: nothing here asserts a number.
"""

from __future__ import annotations

import argparse
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.load import LoadResult, run_wrk, seed_transfers
from bench.servers import BENCH_RATES, process_cpu_seconds
from config import PROJECT_ROOT
from harness.client import GatewayClient
from harness.nginx import Nginx
from harness.postgres import drop_and_create
from harness.slow_clients import slow_clients
from harness.stack import RunStack, children, free_port, wait_for

BIN = Path(sys.executable).parent
SLOW_COUNTS = (0, 2, 8, 16, 50)
ORDINARY_REQUESTS = 3
ANSWER_TIMEOUT = 45.0  # gunicorn kills a worker stuck on one client after 30 s


@dataclass(frozen=True)
class Target:
    """A server to measure: how to reach it, and its CA file when it speaks TLS."""

    name: str
    url: str
    verify: str | bool = True


def _ordinary(target: Target, stack: RunStack) -> str:
    """Send ORDINARY_REQUESTS pacs.008 one after another; the slowest answer, or how many got none."""
    client = GatewayClient(target.url, stack.api_key, timeout=ANSWER_TIMEOUT, verify=target.verify)
    slowest, missing = 0.0, 0
    for sequence in range(ORDINARY_REQUESTS):
        started = time.monotonic()
        submission = client.submit(stack.payee, sequence=sequence)
        elapsed = time.monotonic() - started
        if submission.status != 201:
            missing = ORDINARY_REQUESTS - sequence  # the rest would queue behind the same clients
            break
        slowest = max(slowest, elapsed)
    if missing:
        return f"{missing} of {ORDINARY_REQUESTS} unanswered in {ANSWER_TIMEOUT:.0f} s"
    return f"{slowest * 1000:.0f} ms"


def slow_client_table(targets: list[Target], stack: RunStack, proxy: Nginx) -> list[str]:
    """Rows: slow clients; columns: each target's slowest ordinary answer while they are connected."""
    rows = ["| slow clients | " + " | ".join(t.name for t in targets) + " |", "|---" * (len(targets) + 1) + "|"]
    for count in SLOW_COUNTS:
        cells = []
        for target in targets:
            tls = target.url.startswith("https")
            context = ssl.create_default_context(cafile=str(proxy.certificate)) if tls else None
            with slow_clients(target.url, count, stack.api_key, context):
                time.sleep(0.5)
                cells.append(_ordinary(target, stack))
            _wait_until_answering(target, stack)
        rows.append(f"| {count} | " + " | ".join(cells) + " |")
        print(rows[-1], flush=True)
    return rows


def _wait_until_answering(target: Target, stack: RunStack) -> None:
    """After slow clients let go, wait until the server answers again (workers gunicorn killed restart)."""
    client = GatewayClient(target.url, stack.api_key, timeout=5, verify=target.verify)
    wait_for(lambda: client.submit(stack.payee).status == 201, 180, f"{target.name} to answer again", interval=1)


def _wrk(url: str, api_key: str, ids: Path, run: int, seconds: float, connections: int) -> LoadResult:
    return run_wrk(url, "pacs028", api_key, run, connections, seconds, ids_file=ids)


def _cpu(pids: list[int]) -> float:
    return sum(process_cpu_seconds(pid) for pid in pids)


def _per_request(cpu_seconds: float, requests: int) -> str:
    return f"{cpu_seconds / requests * 1e6:.0f} µs" if requests else "-"


def _fmt(result: LoadResult) -> str:
    return f"{result.throughput:.0f}/s | {result.p50_ms:.1f} | {result.p99_ms:.1f} | {result.errors}"


def main(argv: list[str] | None = None) -> int:
    """Start everything, measure, print the tables, stop everything."""
    parser = argparse.ArgumentParser(prog="python -m bench.proxy", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each wrk run")
    parser.add_argument("--connections", type=int, default=8, help="wrk connections")
    parser.add_argument("--rounds", type=int, default=2, help="wrk runs per server, interleaved")
    parser.add_argument("--wrk-only", action="store_true", help="skip the slow-client table")
    parser.add_argument("--database-url", help="a Postgres chaos_* database to recreate and use (default: SQLite)")
    args = parser.parse_args(argv)
    directory = Path(tempfile.mkdtemp(prefix="bench-proxy-"))
    if args.database_url:
        drop_and_create(args.database_url, "chaos_")
    stack = RunStack(directory / "stack", database_url=args.database_url, extra_environment=BENCH_RATES)
    gthread_port = free_port()
    gthread: subprocess.Popen[bytes] | None = None
    proxy = Nginx(directory / "nginx", stack.api_port)
    try:
        stack.start()
        with (directory / "gthread.log").open("ab") as log:
            gthread = subprocess.Popen(  # noqa: S603 - fixed argv
                [str(BIN / "gunicorn"), "--bind", f"127.0.0.1:{gthread_port}", "--workers", "2",
                 "--worker-class", "gthread", "--threads", "8", "app:create_app()"],
                cwd=PROJECT_ROOT, env=stack.environment(), stdout=log, stderr=subprocess.STDOUT,
            )  # fmt: skip
        proxy.start()
        gthread_url = f"http://127.0.0.1:{gthread_port}"
        targets = [
            Target("sync, 2 workers (make run)", stack.api_url),
            Target("gthread, 2 x 8 threads", gthread_url),
            Target("nginx → sync, 2 workers", proxy.url, str(proxy.certificate)),
        ]
        for target in targets:
            _wait_until_answering(target, stack)
        if not args.wrk_only:
            print("\n## Slowest of 3 ordinary pacs.008 while slow clients are connected\n")
            print("\n".join(["", *slow_client_table(targets, stack, proxy), ""]))
        ids = directory / "ids"
        seed_transfers("127.0.0.1", stack.api_port, stack.api_key, 200, ids)
        print(f"## wrk W2 (pacs.028), {args.connections} connections, {args.seconds:.0f} s each\n")
        print("| server | throughput | p50 ms | p99 ms | errors | nginx CPU per request | gunicorn CPU per request |")
        print("|---|---|---|---|---|---|---|")
        runs: list[tuple[str, str, Callable[[], list[int]]]] = [
            ("sync", stack.api_url, lambda: stack.gunicorn_workers("web")),
            ("nginx → sync", proxy.url, lambda: stack.gunicorn_workers("web")),
            ("gthread", gthread_url, lambda: children(gthread.pid) if gthread else []),
        ]
        for run, (name, url, workers) in enumerate(runs * args.rounds, start=1):
            before = _cpu(proxy.worker_pids()), _cpu(workers())
            result = _wrk(url, stack.api_key, ids, run, args.seconds, args.connections)
            nginx_cpu, gunicorn_cpu = _cpu(proxy.worker_pids()) - before[0], _cpu(workers()) - before[1]
            cells = " | ".join(_per_request(cpu, result.requests) for cpu in (nginx_cpu, gunicorn_cpu))
            print(f"| {name} | {_fmt(result)} | {cells} |", flush=True)
    finally:
        proxy.stop()
        if gthread is not None:
            gthread.terminate()
            gthread.wait(timeout=30)
        stack.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
