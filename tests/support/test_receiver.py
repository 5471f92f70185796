"""The test receiver records only requests that arrived whole, as any HTTP server would."""

from __future__ import annotations

import socket
import time

import requests

from tests.support.receiver import Receiver


def test_a_request_cut_off_mid_body_is_not_recorded_and_a_whole_one_is() -> None:
    receiver = Receiver().start()
    try:
        with socket.create_connection(("127.0.0.1", receiver.port), timeout=5) as sender:
            head = b"POST /hooks HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nwebhook-id: cut\r\n\r\n"
            sender.sendall(head + b"0123456789")
        # The sender died (kill -9) before the rest of its body: wait for the receiver to see the close.
        time.sleep(0.5)
        whole = requests.post(receiver.url, data=b"{}", headers={"webhook-id": "whole"}, timeout=5)
        assert whole.status_code == 200
        assert receiver.ids() == ["whole"]
        assert receiver.snapshot()[0].body == b"{}"
    finally:
        receiver.stop()
