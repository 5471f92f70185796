"""The faults the suite injects into a running `make run`, each returning once the fault has cleared."""

from __future__ import annotations

import json
import os
import signal
import ssl
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import requests
from ledger.bootstrap import BootstrapOptions, bootstrap, submit_ops
from ledger.config import DEFAULT_PASSPHRASE
from stellar_sdk import Asset, Keypair, Server
from stellar_sdk import Payment as PaymentOp
from stellar_sdk.exceptions import BadRequestError

from harness.client import pacs028_body
from harness.nginx import Nginx
from harness.postgres import ThrowawayPostgres
from harness.slow_clients import Slowness, slow_clients
from harness.stack import RunStack, StackError, children, wait_for


@dataclass
class Target:
    """What a fault acts on: the stack, and the throwaway Postgres or proxy when the scenario has one."""

    stack: RunStack
    short: bool
    postgres: ThrowawayPostgres | None = None
    proxy: Nginx | None = None
    breaches: list[str] = field(default_factory=list)  # what the fault itself found broken


Fault = Callable[[Target], str]
HOSTILE_BODIES = 1_000  # at least this many in a full run (issue 17: RSS within 10 % after 1,000)
RSS_GROWTH_ALLOWED = 0.10
# The probe's slow bodies: 70 addresses, each under the site's 32 connections per address.
SLOW_ADDRESSES = 70
SLOW_PER_ADDRESS = 29
ANSWERED_WITHIN = 5.0  # seconds: a status query slower than this, or unanswered, counts against the proxy
FUNDING_OUTAGE_SECONDS = 150
FUNDING_OUTAGE_SHORT_SECONDS = 15
LEFT_TO_SPEND = Decimal(50)  # TKN left in the distribution account by the funding outage: 10 to 50 payments


def _running(stack: RunStack, name: str) -> int:
    pid = stack.supervised(name)
    if pid is None:
        raise StackError(f"{name} is not running")
    return pid


def kill_worker(target: Target) -> str:
    """kill -9 the settlement worker."""
    os.kill(_running(target.stack, "settle"), signal.SIGKILL)
    return "kill -9 settlement worker"


def kill_api_worker(target: Target) -> str:
    """kill -9 one of the API's gunicorn workers."""
    workers = target.stack.gunicorn_workers("web")
    if not workers:
        raise StackError("the API has no workers")
    os.kill(workers[0], signal.SIGKILL)
    return "kill -9 API worker"


def restart_postgres(target: Target) -> str:
    """Stop the (throwaway) Postgres, fast, for 5 s, then start it again."""
    assert target.postgres is not None
    target.postgres.stop("fast")
    time.sleep(5)
    target.postgres.start()
    return "Postgres stopped (fast) for 5 s"


def ledger_down(target: Target) -> str:
    """Kill the ledger and keep it down 30 s (10 s short) by pausing its respawner meanwhile."""
    seconds = 10 if target.short else 30
    stack = target.stack
    respawner = stack.respawner("ledger")
    master = _running(stack, "ledger")
    assert respawner is not None
    os.kill(respawner, signal.SIGSTOP)
    try:
        for pid in [master, *children(master)]:
            os.kill(pid, signal.SIGKILL)
        time.sleep(seconds)
    finally:
        os.kill(respawner, signal.SIGCONT)
    wait_for(lambda: _ledger_answers(stack), 60, "the ledger to come back")
    return f"ledger down {seconds} s"


def _ledger_answers(stack: RunStack) -> bool:
    try:
        return requests.get(stack.ledger_url, timeout=2).status_code == 200
    except requests.RequestException:
        return False


def _secrets(stack: RunStack) -> dict[str, dict[str, str]]:
    loaded: dict[str, dict[str, str]] = json.loads((stack.directory / "ledger-secrets.json").read_text())
    return loaded


def funding_outage(target: Target) -> str:
    """Send all but LEFT_TO_SPEND of the distribution's TKN back to the issuer; top it up 150 s later (15 s short).

    The probe's outage (issue 33); its load runs on through it, so a backlog builds up to settle after the top-up.
    """
    stack = target.stack
    secrets = _secrets(stack)
    passphrase = stack.environment().get("SANDBOX_NETWORK_PASSPHRASE") or DEFAULT_PASSPHRASE
    server = Server(stack.ledger_url)
    distribution = Keypair.from_secret(secrets["distribution"]["secret"])
    issuer = secrets["issuer"]["public_key"]
    asset = Asset("TKN", issuer)
    for _ in range(10):
        account = requests.get(f"{stack.ledger_url}/accounts/{distribution.public_key}", timeout=10).json()
        balance = Decimal(next(b["balance"] for b in account["balances"] if b.get("asset_code") == "TKN"))
        # The worker's payments land in the same ledger, before ours: leave it a little, which it
        # spends within a few seconds, and the account runs dry.
        drained = balance - LEFT_TO_SPEND
        try:
            submit_ops(server, passphrase, distribution, [PaymentOp(issuer, asset, f"{drained:.7f}")])
            break
        except BadRequestError:
            time.sleep(0.5)
    else:
        raise StackError("could not drain the distribution account")
    seconds = FUNDING_OUTAGE_SHORT_SECONDS if target.short else FUNDING_OUTAGE_SECONDS
    time.sleep(seconds)
    options = BootstrapOptions(stack.ledger_url, passphrase, stack.directory / "ledger-secrets.json", channels=20)
    bootstrap(options)
    return f"distribution drained to {LEFT_TO_SPEND} TKN, topped up {seconds} s later"


def ledger_504_after_apply(target: Target) -> str:
    """Arm the ledger's timeout_then_apply for the next 5 submissions; clear it once they are used."""
    admin = f"{target.stack.ledger_url}/_sandbox/faults"
    requests.post(admin, json={"fault": "timeout_then_apply", "count": 5}, timeout=10).raise_for_status()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and requests.get(admin, timeout=10).json()["submission"]:
        time.sleep(0.5)
    left = requests.get(admin, timeout=10).json()["submission"]
    requests.delete(admin, timeout=10).raise_for_status()
    used = 5 - (left[0]["remaining"] if left else 0)
    return f"{used} submissions answered 504, then applied"


def slow_clients_fault(target: Target) -> str:
    """2,030 slow bodies (29 from each of 70 addresses) held through nginx for 30 s (10 s short).

    Each sends a byte every 5 s, so client_body_timeout (10 s between reads) never ends it. While
    they are held, a pacs.028 every quarter second on a new connection must be answered by the app
    within ANSWERED_WITHIN s, 95 % of them at least; fewer breaks the scenario, and so does nginx
    dropping more than 5 % of the slow clients (then they did not load it).
    """
    assert target.proxy is not None
    context = ssl.create_default_context(cafile=str(target.proxy.certificate))
    seconds = 10 if target.short else 30
    count = SLOW_ADDRESSES * SLOW_PER_ADDRESS
    with slow_clients(
        target.proxy.url,
        count,
        target.stack.api_key,
        context,
        Slowness.BODY,
        per_address=SLOW_PER_ADDRESS,
        skip_refused=True,  # counted below as not held
    ) as clients:
        probe = _StatusProbe(target.proxy.url, target.stack.api_key, str(target.proxy.certificate))
        probe.start()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for client in clients:  # first at once: the last were opened up to a drip's interval ago
                client.drip()
            time.sleep(min(5.0, max(0.0, deadline - time.monotonic())))
        probe.stop()
        held = sum(client.open() for client in clients)
    answered = probe.answered_within(ANSWERED_WITHIN)
    if answered < 0.95 * len(probe.times):
        target.breaches.append(
            f"only {answered} of {len(probe.times)} status queries answered within {ANSWERED_WITHIN:.0f} s"
        )
    if held < 0.95 * count:
        target.breaches.append(
            f"nginx refused or dropped {count - held:,} of {count:,} slow clients: they did not hold it"
        )
    slowest = max((t for t in probe.times if t is not None), default=None)
    return (
        f"{count:,} slow bodies from {SLOW_ADDRESSES} addresses through nginx for {seconds} s, a byte each every"
        f" 5 s ({held:,} still held); {answered} of {len(probe.times)} pacs.028 answered within"
        f" {ANSWERED_WITHIN:.0f} s" + (f" (slowest {slowest:.2f} s)" if slowest is not None else "")
    )


class _StatusProbe:
    """A pacs.028 every quarter second on a new connection, from a thread; how long each took to be answered."""

    def __init__(self, base_url: str, api_key: str, verify: str) -> None:
        self.url = f"{base_url}/v1/pacs028/net"
        self.headers = {"NET-API-KEY": api_key, "Content-Type": "application/xml"}
        self.verify = verify
        self.times: list[float | None] = []  # None: no answer from the app (none at all, or nginx's 50x)
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="status-probe", daemon=True)

    def start(self) -> None:
        """Start asking."""
        self._thread.start()

    def stop(self) -> None:
        """Stop asking; wait for the question in flight."""
        self._stopped.set()
        self._thread.join()

    def answered_within(self, seconds: float) -> int:
        """How many questions the app answered within `seconds`."""
        return sum(1 for taken in self.times if taken is not None and taken <= seconds)

    def _run(self) -> None:
        while not self._stopped.wait(0.25):
            started = time.monotonic()
            try:
                answer = requests.post(
                    self.url, data=pacs028_body("NOTATRANSFER"), headers=self.headers, verify=self.verify, timeout=30
                )
                status = answer.status_code
            except requests.RequestException:
                status = 0
            self.times.append(None if status in (0, 502, 503, 504) else time.monotonic() - started)


def _hostile_bodies(size: int) -> dict[str, bytes]:
    names = "".join(f"<n{i} a{i}='1' xmlns:p{i}='u{i}'/>" for i in range(size // 40))
    return {
        "entity expansion": (
            b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><d>&b;</d>'
        ),
        "unique names": f"<Document>{names}</Document>".encode()[:size],
        "deep nesting": b"<a>" * 50_000 + b"</a>" * 50_000,
        "not XML": b"\x00\xff" * 1000,
    }


def hostile_bodies(target: Target) -> str:
    """Hostile pacs.008 bodies, one after another, for 10 s and at least HOSTILE_BODIES (short: 3 s).

    Counts the answers, and reads each API worker's RSS before and after: the issue asks that it
    stays within 10 % after 1,000 hostile bodies, so more is a breach that fails the scenario.
    """
    stack = target.stack
    headers = {"NET-API-KEY": stack.api_key, "Content-Type": "application/xml"}
    answers: Counter[str] = Counter()
    deadline = time.monotonic() + (3 if target.short else 10)
    enough = 0 if target.short else HOSTILE_BODIES
    bodies = _hostile_bodies(512 * 1024)
    before = api_worker_rss_kib(stack)
    while time.monotonic() < deadline or sum(answers.values()) < enough:
        for body in bodies.values():
            try:
                url = f"{stack.api_url}/v1/pacs008/net"
                status = requests.post(url, data=body, headers=headers, timeout=30).status_code
            except requests.RequestException:
                status = 0
            answers[str(status) if status else "no answer"] += 1
        answers.update(_chunked_over_limit(stack))
    after = api_worker_rss_kib(stack)
    growth = rss_growth(before, after)
    if growth is not None and growth > RSS_GROWTH_ALLOWED:
        target.breaches.append(f"API worker RSS grew {growth * 100:+.1f} %, over {RSS_GROWTH_ALLOWED * 100:.0f} %")
    answered = ", ".join(f"{n}x{status}" for status, n in sorted(answers.items()))
    return f"hostile bodies: {answered}; {describe_rss(before, after)}"


def api_worker_rss_kib(stack: RunStack) -> dict[int, int]:
    """Each API gunicorn worker's resident set (KiB), by PID, from /proc."""
    found: dict[int, int] = {}
    for pid in stack.gunicorn_workers("web"):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                found[pid] = int(line.split()[1])
    return found


def rss_growth(before: dict[int, int], after: dict[int, int]) -> float | None:
    """The largest relative growth of the workers alive at both reads (None when none was)."""
    both = set(before) & set(after)
    return max((after[pid] - before[pid]) / before[pid] for pid in both) if both else None


def describe_rss(before: dict[int, int], after: dict[int, int]) -> str:
    """`API worker RSS 95/96 -> 95/97 MiB (max +1.0 %)`, over the workers alive at both reads."""
    both = sorted(set(before) & set(after))
    growth = rss_growth(before, after)
    if growth is None:
        return "API worker RSS not comparable (workers replaced)"
    start = "/".join(f"{before[pid] / 1024:.0f}" for pid in both)
    end = "/".join(f"{after[pid] / 1024:.0f}" for pid in both)
    return f"API worker RSS {start} -> {end} MiB (max {growth * 100:+.1f} %)"


def _chunked_over_limit(stack: RunStack) -> Counter[str]:
    body = iter([b"<Document>", b" " * (1024 * 1024), b"</Document>"])
    try:
        status = requests.post(
            f"{stack.api_url}/v1/pacs008/net",
            data=body,
            headers={"NET-API-KEY": stack.api_key, "Content-Type": "application/xml"},
            timeout=30,
        ).status_code
    except requests.RequestException:
        return Counter({"no answer": 1})
    return Counter({str(status): 1})


def no_fault(target: Target) -> str:
    """Nothing: a scenario whose own loads are the fault (chaos/noisy.py)."""
    return "none"
