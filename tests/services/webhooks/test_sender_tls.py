"""HTTPS delivery: the connection goes to the checked address, and the certificate is verified for the URL's host."""

from __future__ import annotations

import shutil
import ssl
import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from services.webhooks.sender import post
from services.webhooks.targets import resolve

needs_openssl = pytest.mark.skipif(shutil.which("openssl") is None, reason="the openssl command is not installed")


class _Ok(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        return None


@pytest.fixture()
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    """A self-signed certificate for `localhost` only (not for 127.0.0.1), and its key."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


@pytest.fixture()
def https_port(certificate: tuple[Path, Path]) -> Iterator[int]:
    cert, key = certificate
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Ok)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port
    server.shutdown()
    server.server_close()


@needs_openssl
def test_https_is_delivered_when_the_certificate_names_the_host(
    certificate: tuple[Path, Path], https_port: int
) -> None:
    trusted = ssl.create_default_context(cafile=str(certificate[0]))
    target = resolve(f"https://localhost:{https_port}/hooks", production=False)
    result = post(target, b"<Document/>", {}, 5.0, trusted)
    assert (result.delivered, result.status) == (True, 200)


@needs_openssl
def test_a_certificate_for_another_name_or_an_untrusted_one_is_refused(
    certificate: tuple[Path, Path], https_port: int
) -> None:
    trusted = ssl.create_default_context(cafile=str(certificate[0]))
    wrong_name = post(resolve(f"https://127.0.0.1:{https_port}/", production=False), b"<x/>", {}, 5.0, trusted)
    assert (wrong_name.status, (wrong_name.error or "")[:10]) == (None, "TLS error:")
    untrusted = post(resolve(f"https://localhost:{https_port}/", production=False), b"<x/>", {}, 5.0)
    assert (untrusted.status, (untrusted.error or "")[:10]) == (None, "TLS error:")
