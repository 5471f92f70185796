"""The load: wrk over loopback keep-alive connections, driven by bench/load.lua; and the W2 seed."""

from __future__ import annotations

import http.client
import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from harness.client import pacs008_body

LUA_SCRIPT = Path(__file__).resolve().parent / "load.lua"
_RESULT_PREFIX = "BENCH_RESULT "
_TRANSFER_ID = re.compile(rb"TransferId: ([0-9a-f-]{36})")
PAYEE = "GADMQUMF5SMLUNG432CAYZMXBJFXDK6ERLMDE46IRYU34LXWDJZSJ6HY"


@dataclass(frozen=True)
class LoadResult:
    """One wrk run: completed requests, failures, and latency of the completed ones."""

    requests: int
    seconds: float
    errors: int  # socket errors, timeouts and non-2xx answers
    p50_ms: float
    p99_ms: float
    max_ms: float

    @property
    def throughput(self) -> float:
        """Completed requests per second."""
        return self.requests / self.seconds if self.seconds else 0.0


def wrk_path() -> str:
    """The wrk binary; `make bench` installs it when missing."""
    found = shutil.which("wrk")
    if found is None:
        raise RuntimeError("wrk is not installed: run `make bench`, which installs it with apt-get")
    return found


def run_wrk(
    url: str,
    mode: str,
    api_key: str,
    run_number: int,
    connections: int,
    seconds: float,
    ids_file: Path | None = None,
) -> LoadResult:
    """One wrk run, bounded by `seconds`."""
    threads = min(2, connections)
    args = [mode, api_key, str(run_number), str(ids_file) if ids_file else ""]
    command = [
        wrk_path(),
        f"--threads={threads}",
        f"--connections={connections}",
        f"--duration={max(1, round(seconds))}s",
        "--timeout=10s",
        f"--script={LUA_SCRIPT}",
        url,
        "--",
        *args,
    ]
    done = subprocess.run(  # noqa: S603 - fixed argv, no shell
        command, capture_output=True, text=True, check=False, timeout=seconds + 60
    )
    for line in done.stdout.splitlines():
        if line.startswith(_RESULT_PREFIX):
            raw = json.loads(line[len(_RESULT_PREFIX) :])
            break
    else:
        raise RuntimeError(f"wrk printed no result (exit {done.returncode}): {done.stderr.strip() or done.stdout}")
    errors = sum(
        int(raw[k]) for k in ("errors_connect", "errors_read", "errors_write", "errors_status", "errors_timeout")
    )
    return LoadResult(
        requests=int(raw["requests"]),
        seconds=int(raw["duration_us"]) / 1e6,
        errors=errors,
        p50_ms=int(raw["p50_us"]) / 1000,
        p99_ms=int(raw["p99_us"]) / 1000,
        max_ms=int(raw["max_us"]) / 1000,
    )


def _pacs008(sequence: int) -> bytes:
    return pacs008_body(sequence, PAYEE, "10.00")


def seed_transfers(host: str, port: int, api_key: str, count: int, path: Path) -> list[str]:
    """Create `count` transfers over one keep-alive connection; write their IDs to `path`, one a line."""
    # A minute, not seconds: a loaded machine's first requests wait for a worker's imports.
    connection = http.client.HTTPConnection(host, port, timeout=60)
    headers = {"Content-Type": "application/xml", "NET-API-KEY": api_key}
    ids: list[str] = []
    try:
        for sequence in range(count):
            connection.request("POST", "/v1/pacs008/net", body=_pacs008(sequence), headers=headers)
            response = connection.getresponse()
            body = response.read()
            found = _TRANSFER_ID.search(body)
            if response.status != 201 or found is None:
                raise RuntimeError(f"seeding transfer {sequence} got HTTP {response.status}: {body[:300]!r}")
            ids.append(found.group(1).decode())
            if response.will_close:
                connection.close()
    finally:
        connection.close()
    path.write_text("\n".join(ids) + "\n")
    return ids
