"""One POST against a real local receiver: success, error statuses, redirects, slow and dribbling receivers."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from harness.stack import free_port
from services.webhooks.sender import MAX_BODY_READ, post
from services.webhooks.targets import resolve
from tests.support.receiver import Answer, Receiver, running


@pytest.fixture()
def receiver() -> Iterator[Receiver]:
    yield from running()


def send(url: str, timeout: float = 5.0):  # type: ignore[no-untyped-def]
    return post(resolve(url, production=False), b"<Document/>", {"Content-Type": "application/xml"}, timeout)


def test_a_2xx_is_delivered_and_the_body_and_headers_arrive(receiver: Receiver) -> None:
    receiver.policy = lambda _: Answer(204, body=b"")
    result = send(receiver.url + "?org=1")
    assert (result.delivered, result.status, result.error) == (True, 204, None)
    (got,) = receiver.snapshot()
    assert (got.path, got.body, got.headers["content-type"]) == ("/hooks?org=1", b"<Document/>", "application/xml")
    assert got.headers["user-agent"].startswith("tkn-gateway-webhooks/")


@pytest.mark.parametrize("status", [400, 404, 410, 500, 503])
def test_an_error_status_is_not_delivered(receiver: Receiver, status: int) -> None:
    receiver.policy = lambda _: Answer(status)
    result = send(receiver.url)
    assert (result.delivered, result.status, result.error) == (False, status, f"HTTP {status}")


def test_redirects_are_failures_and_their_target_is_not_called(receiver: Receiver) -> None:
    other = Receiver().start()
    try:
        for status in (301, 302, 307, 308):
            receiver.policy = lambda _, s=status: Answer(s, headers={"Location": other.url})  # type: ignore[misc]
            result = send(receiver.url)
            assert (result.delivered, result.status) == (False, status)
        assert other.snapshot() == []
    finally:
        other.stop()


def test_a_refused_connection_is_an_error_without_status() -> None:
    result = send(f"http://127.0.0.1:{free_port()}/hooks")
    assert (result.status, result.error) == (None, "connection refused")


def test_a_receiver_slower_than_the_timeout_is_cut_off(receiver: Receiver) -> None:
    receiver.policy = lambda _: Answer(200, delay=4.0)
    result = send(receiver.url, timeout=1.0)
    assert (result.delivered, result.status, result.error) == (False, None, "no answer within 1 s")


def _dribbler(stop: threading.Event) -> tuple[int, threading.Thread]:
    """A receiver that sends its status line one byte every 0.3 s: each read is quick, the whole is not."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            with conn:
                for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n":
                    if stop.is_set():
                        break
                    try:
                        conn.sendall(bytes([byte]))
                    except OSError:
                        break
                    time.sleep(0.3)
        listener.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return listener.getsockname()[1], thread


def test_a_receiver_that_dribbles_its_answer_is_cut_at_the_deadline() -> None:
    stop = threading.Event()
    port, thread = _dribbler(stop)
    try:
        result = send(f"http://127.0.0.1:{port}/hooks", timeout=1.0)
    finally:
        stop.set()
        thread.join()
    assert (result.delivered, result.error) == (False, "no answer within 1 s")


def test_a_huge_answer_is_not_read_past_64_kib(receiver: Receiver) -> None:
    receiver.policy = lambda _: Answer(200, body=b"x" * (MAX_BODY_READ * 16))
    assert send(receiver.url).delivered
