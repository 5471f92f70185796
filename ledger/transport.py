"""Resetting a client's TCP connection from inside a WSGI request, for the reset fault."""

from __future__ import annotations

import socket
import struct
from collections.abc import Callable, Iterable
from typing import Any

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
WSGIApp = Callable[[Environ, StartResponse], Iterable[bytes]]

_RESET_KEY = "ledger.reset_connection"
_SOCKET_KEYS = ("gunicorn.socket", "werkzeug.socket")


def request_reset(environ: Environ) -> None:
    """Ask the middleware to reset this request's connection instead of answering."""
    environ[_RESET_KEY] = True


class ConnectionResetMiddleware:
    """Turns a requested reset into a TCP RST the client sees as ``ConnectionResetError``.

    SO_LINGER with a zero timeout makes close() send RST instead of FIN. Raising
    ConnectionResetError afterwards tells gunicorn (and werkzeug) the peer is gone, so they
    neither write a response nor log a traceback.
    """

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        """Run the wrapped app, resetting the connection when a view asked for it."""
        body = self.app(environ, start_response)
        if not environ.get(_RESET_KEY):
            return body
        if hasattr(body, "close"):
            body.close()
        sock = next((environ[key] for key in _SOCKET_KEYS if key in environ), None)
        if isinstance(sock, socket.socket):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()
        raise ConnectionResetError("connection reset by the ledger's fault switch")
