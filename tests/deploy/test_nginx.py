"""deploy/nginx: the shipped proxy config, run by a real nginx in front of a real `make run`.

Slow clients wait in nginx, not in gunicorn's two sync workers; bodies over the app's limit get the
app's own answer; one address cannot hold more than its share of connections, nor all clients
together more than the cap on requests still sending; a header must arrive within its deadline in all.
"""

from __future__ import annotations

import os
import re
import socket
import ssl
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from config import load_config
from harness.client import GatewayClient
from harness.nginx import MAIN_CONFIG, SITE_CONFIG, Nginx, nginx_path
from harness.slow_clients import Slowness, slow_clients
from harness.stack import RunStack, StackError, free_port, wait_for
from tests.support.databases import postgres_url
from tests.support.reports import parse_report

MAX_BODY_BYTES = int(load_config({})["MAX_BODY_BYTES"])
SENDING_CAP = "limit_conn tkn_gateway_sending 4096;"


def _nginx_missing() -> str | None:
    try:
        nginx_path()
    except StackError as missing:
        return str(missing)
    return None


pytestmark = [
    pytest.mark.skipif(postgres_url() is not None, reason="runs once, on SQLite: the proxy is the same on both"),
    pytest.mark.skipif(_nginx_missing() is not None and not os.environ.get("CI"), reason=str(_nginx_missing())),
]


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunStack]:
    running = RunStack(tmp_path_factory.mktemp("stack"))
    try:
        running.start()
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def proxy(stack: RunStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Nginx]:
    nginx = Nginx(tmp_path_factory.mktemp("nginx"), stack.api_port)
    try:
        nginx.start()
        yield nginx
    finally:
        nginx.stop()


def _tls(proxy: Nginx) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(proxy.certificate))


def test_the_proxy_limits_bodies_to_the_apps_limit() -> None:
    text = SITE_CONFIG.read_text()
    size = re.search(r"client_max_body_size (\d+)k;", text)
    assert size is not None and int(size.group(1)) * 1024 == MAX_BODY_BYTES
    assert f"proxy_set_header Content-Length {MAX_BODY_BYTES + 1};" in text


def test_ordinary_requests_are_answered_while_50_slow_clients_are_connected(stack: RunStack, proxy: Nginx) -> None:
    client = GatewayClient(proxy.url, stack.api_key, verify=str(proxy.certificate))
    with slow_clients(proxy.url, 50, stack.api_key, _tls(proxy)) as slow:
        submissions = [client.submit(stack.payee, sequence=n) for n in range(5)]
        statuses = [client.status(s.transfer_id) for s in submissions if s.transfer_id]
        held = sum(c.open() for c in slow)
    assert [s.status for s in submissions] == [201] * 5
    assert len(statuses) == 5 and None not in statuses
    assert held == 50  # all of them were still connected while the requests above were answered


def test_ordinary_requests_are_answered_while_2100_slow_bodies_are_held(stack: RunStack, proxy: Nginx) -> None:
    # More than Debian's nginx.conf allows (768 connections per worker) and than the harness used to
    # (1,024 per worker, one worker per core on a 2-core machine): the shipped main config holds them.
    client = GatewayClient(proxy.url, stack.api_key, verify=str(proxy.certificate))
    tls = _tls(proxy)
    with slow_clients(proxy.url, 2100, stack.api_key, tls, slowness=Slowness.BODY, per_address=30) as slow:
        submissions = [client.submit(stack.payee, sequence=n) for n in range(3)]
        held = sum(c.open() for c in slow)
    assert [s.status for s in submissions] == [201] * 3
    assert held == 2100


def _closed_by_server(sock: socket.socket) -> bool:
    sock.settimeout(0)
    try:
        return sock.recv(1) == b""  # no answer came first: nginx sends none after a timeout
    except (BlockingIOError, ssl.SSLWantReadError):
        return False
    except OSError:
        return True  # reset: reset_timedout_connection
    finally:
        sock.settimeout(10)


def _sent_until_closed(sock: socket.socket, give_up_after: float) -> bool:
    """Send a byte a second until nginx closes the connection; False if it has not after `give_up_after` s."""
    give_up = time.monotonic() + give_up_after
    while time.monotonic() < give_up:
        if _closed_by_server(sock):
            return True
        try:
            sock.sendall(b"x")
        except OSError:
            return True
        time.sleep(1)
    return False


def test_a_header_sent_byte_by_byte_is_cut_off_at_its_total_deadline(stack: RunStack, proxy: Nginx) -> None:
    # One byte a second is well within client_header_timeout between any two bytes: only a deadline
    # on the whole header (10 s) ends it, and the 40 s bound here only keeps the test from hanging.
    with slow_clients(proxy.url, 1, stack.api_key, _tls(proxy), slowness=Slowness.HEADERS) as (slow,):
        assert _sent_until_closed(slow.sock, 40)


def test_a_body_shorter_than_its_content_length_never_holds_a_gunicorn_worker(stack: RunStack, proxy: Nginx) -> None:
    # More such requests than make run's two sync workers: were any passed on, gunicorn would
    # wait for the rest of its body (30 s) and the ordinary request below would not be answered.
    client = GatewayClient(proxy.url, stack.api_key, verify=str(proxy.certificate))
    with slow_clients(proxy.url, 3, stack.api_key, _tls(proxy), slowness=Slowness.BODY) as short:
        assert client.submit(stack.payee).status == 201
        wait_for(lambda: all(_closed_by_server(c.sock) for c in short), 40, "nginx to close the short bodies")
    access_log = (proxy.directory / "access.log").read_text()
    assert access_log.count('"POST /v1/pacs008/net HTTP/1.1" 408 0') >= 3  # nginx's own account: no answer sent
    assert '" 500 ' not in access_log


def test_clients_together_cannot_hold_more_bodies_than_the_cap(stack: RunStack, tmp_path: Path) -> None:
    cap = 12  # the shipped 4,096, lowered so that a test reaches it
    nginx = Nginx(
        tmp_path / "nginx", stack.api_port, site_changes={SENDING_CAP: f"limit_conn tkn_gateway_sending {cap};"}
    )
    try:
        nginx.start()
        client = GatewayClient(nginx.url, stack.api_key, verify=str(nginx.certificate))
        with slow_clients(nginx.url, cap, stack.api_key, _tls(nginx), slowness=Slowness.BODY, per_address=3):
            refused = requests.post(
                f"{nginx.url}/v1/pacs008/net",
                data=b"<Document/>",
                headers={"NET-API-KEY": stack.api_key, "Content-Type": "application/xml"},
                verify=str(nginx.certificate),
                timeout=10,
            )
            health = requests.get(f"{nginx.url}/healthz", verify=str(nginx.certificate), timeout=10)
        assert refused.status_code == 503
        assert refused.headers["Retry-After"] == "1"
        assert parse_report(refused.content).codes == ["TECH"]
        assert health.status_code == 200  # a request without a body is not counted
        wait_for(lambda: client.submit(stack.payee).status == 201, 30, "a pacs.008 to be accepted once the cap frees")
    finally:
        nginx.stop()


def test_the_cap_leaves_room_in_each_worker_for_everyone_else() -> None:
    main = MAIN_CONFIG.read_text()
    connections = re.search(r"worker_connections (\d+);", main)
    files = re.search(r"worker_rlimit_nofile (\d+);", main)
    cap = re.search(r"limit_conn tkn_gateway_sending (\d+);", SITE_CONFIG.read_text())
    assert connections is not None and files is not None and cap is not None
    # Each request being proxied takes two connections (client and gunicorn), and one worker may
    # accept nearly all of them; each connection is an open file, and the worker has its logs too.
    assert int(connections.group(1)) >= 2 * int(cap.group(1))
    assert int(files.group(1)) > int(connections.group(1))


@pytest.mark.parametrize("slowness", list(Slowness))
def test_a_slow_client_is_cut_off_by_the_proxy(stack: RunStack, proxy: Nginx, slowness: Slowness) -> None:
    with slow_clients(proxy.url, 1, stack.api_key, _tls(proxy), slowness=slowness) as (slow,):
        wait_for(lambda: not slow.open(), 30, f"nginx to close a client slow in its {slowness.value}")


def test_one_address_cannot_hold_more_connections_than_its_limit(stack: RunStack, proxy: Nginx) -> None:
    limit = int(re.findall(r"limit_conn tkn_gateway_per_client (\d+);", SITE_CONFIG.read_text())[0])
    address = "127.0.0.250"
    with slow_clients(proxy.url, limit, stack.api_key, _tls(proxy), slowness=Slowness.BODY, address=address):
        raw = socket.create_connection(("127.0.0.1", proxy.port), timeout=10, source_address=(address, 0))
        with _tls(proxy).wrap_socket(raw, server_hostname="127.0.0.1") as extra:
            extra.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := extra.recv(65536):
                answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503")
    assert b"\r\nRetry-After: 1" in head
    assert parse_report(body).codes == ["TECH"]
    other = GatewayClient(proxy.url, stack.api_key, verify=str(proxy.certificate))
    assert other.submit(stack.payee).status == 201  # another address is not affected


def test_a_gunicorn_that_does_not_answer_is_a_503_pacs002_with_retry_after(tmp_path: Path) -> None:
    nginx = Nginx(tmp_path / "nginx", upstream_port=free_port())  # nothing listens there
    try:
        nginx.start()
        answer = requests.post(
            f"{nginx.url}/v1/pacs008/net", data=b"<Document/>", verify=str(nginx.certificate), timeout=10
        )
    finally:
        nginx.stop()
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "1"
    assert answer.headers["Content-Type"].startswith("application/xml")
    report = parse_report(answer.content)
    assert (report.status, report.codes) == ("RJCT", ["TECH"])


def _oversized(proxy: Nginx, api_key: str, chunked: bool) -> requests.Response:
    body = b"<Document>" + b" " * MAX_BODY_BYTES + b"</Document>"
    data: bytes | Iterator[bytes] = iter([body[:1000], body[1000:]]) if chunked else body
    return requests.post(
        f"{proxy.url}/v1/pacs008/net",
        data=data,
        headers={"NET-API-KEY": api_key, "Content-Type": "application/xml"},
        verify=str(proxy.certificate),
        timeout=30,
    )


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_body_over_the_limit_gets_the_apps_own_ff01(stack: RunStack, proxy: Nginx, chunked: bool) -> None:
    answer = _oversized(proxy, stack.api_key, chunked)
    assert answer.status_code == 400
    report = parse_report(answer.content)
    assert report.codes == ["FF01"]
