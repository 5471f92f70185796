"""What a bench run does, from BENCH_* environment variables (the defaults make `make bench` take about 40 minutes)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
# The tree before issue 30's single request path: the revision its speed target is a ratio of.
DEFAULT_BASELINE = "3f05075"


@dataclass(frozen=True)
class BenchSettings:
    """One bench run's knobs."""

    database_url: str  # a dedicated database: it is dropped and recreated
    host: str
    port: int
    floor_port: int
    workers: int
    worker_class: str
    threads: int
    concurrency: tuple[int, ...]
    seconds: float  # per point (workload x concurrency)
    warmup_seconds: float
    rounds: int  # floor, W1, W2 in turn at 32 connections, this many times: what the targets are judged on
    seed_transfers: int  # transfers created before W2/W3
    soak_requests: int  # the RSS check: W3 requests after which worker memory must be flat
    soak_seconds: float  # and its time bound
    workloads: tuple[str, ...]
    settlement_seconds: float
    settlement_workers: tuple[int, ...]
    settlement_apis: tuple[str, ...]  # W4: the ledger APIs each worker count runs on, in turn: horizon, rpc
    settlement_transfers: int
    webhook_events: int  # W5: outbox events one deliverer sends
    latency_rate: float  # W4-latency and W4-congested: pacs.008 offered per second
    latency_seconds: float  # and for how long
    latency_apis: tuple[str, ...]  # and through which ledger APIs, side by side: horizon, rpc
    output: Path
    baseline: str  # the git revision `python -m bench compare` measures this tree against
    baseline_port: int  # where the baseline's gunicorn listens, beside this tree's on `port`
    compare_workloads: tuple[str, ...]  # what the comparison measures on both trees: W1, W2, W4
    compare_settlement_workers: tuple[int, ...]  # the comparison's W4: settle processes per run
    compare_settlement_rounds: int  # and how many times each tree runs it, in turn

    @property
    def base_url(self) -> str:
        """The service under test."""
        return f"http://{self.host}:{self.port}"


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(",") if part.strip())


def load_settings(environ: Mapping[str, str] = os.environ) -> BenchSettings:
    """The settings of this run; every knob has a default."""

    def get(name: str, default: str) -> str:
        return environ.get(name) or default

    return BenchSettings(
        database_url=get("BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/bench"),
        host="127.0.0.1",  # loopback only: the load never leaves this machine
        port=int(get("BENCH_PORT", "8800")),
        floor_port=int(get("BENCH_FLOOR_PORT", "8801")),
        workers=int(get("BENCH_WORKERS", "4")),
        worker_class=get("BENCH_WORKER_CLASS", "sync"),
        threads=int(get("BENCH_THREADS", "1")),
        concurrency=_ints(get("BENCH_CONCURRENCY", "1,8,32,64")),
        seconds=float(get("BENCH_SECONDS", "10")),
        warmup_seconds=float(get("BENCH_WARMUP_SECONDS", "3")),
        rounds=int(get("BENCH_ROUNDS", "3")),
        seed_transfers=int(get("BENCH_SEED_TRANSFERS", "300")),
        soak_requests=int(get("BENCH_SOAK_REQUESTS", "100000")),
        soak_seconds=float(get("BENCH_SOAK_SECONDS", "300")),
        workloads=tuple(
            w.strip().upper()
            for w in get("BENCH_WORKLOADS", "W1,W1-PREFUNDED,W2,W3,W4,W4-LATENCY,W4-CONGESTED,W5,W6,COMPARE").split(",")
        ),
        settlement_seconds=float(get("BENCH_SETTLEMENT_SECONDS", "30")),
        settlement_workers=_ints(get("BENCH_SETTLEMENT_WORKERS", "1,4,8")),
        settlement_apis=tuple(a.strip().lower() for a in get("BENCH_SETTLEMENT_APIS", "horizon,rpc").split(",")),
        settlement_transfers=int(get("BENCH_SETTLEMENT_TRANSFERS", "6000")),
        webhook_events=int(get("BENCH_WEBHOOK_EVENTS", "5000")),
        latency_rate=float(get("BENCH_LATENCY_RATE", "150")),
        latency_seconds=float(get("BENCH_LATENCY_SECONDS", "60")),
        latency_apis=tuple(a.strip().lower() for a in get("BENCH_LATENCY_APIS", "horizon,rpc").split(",")),
        output=Path(get("BENCH_OUTPUT", str(PROJECT_ROOT / "docs" / "performance.md"))),
        baseline=get("BENCH_BASELINE", DEFAULT_BASELINE),
        baseline_port=int(get("BENCH_BASELINE_PORT", "8802")),
        compare_workloads=tuple(w.strip().upper() for w in get("BENCH_COMPARE_WORKLOADS", "W1,W2,W4").split(",")),
        compare_settlement_workers=_ints(get("BENCH_COMPARE_SETTLEMENT_WORKERS", "4")),
        compare_settlement_rounds=int(get("BENCH_COMPARE_SETTLEMENT_ROUNDS", "2")),
    )
