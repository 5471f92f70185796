"""Resetting a client's TCP connection from inside a WSGI request, for the reset fault."""

from __future__ import annotations

import socket
import struct
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask

Environ = dict[str, Any]
StartResponse = Callable[..., Any]

_RESET_KEY = "ledger.reset_connection"
_SOCKET_KEYS = ("gunicorn.socket", "werkzeug.socket")


def request_reset(environ: Environ) -> None:
    """Ask ConnectionResettingFlask to reset this request's connection instead of answering."""
    environ[_RESET_KEY] = True


class ConnectionResettingFlask(Flask):
    """Flask that turns a view's requested reset into a TCP RST the client sees as ``ConnectionResetError``.

    SO_LINGER with a zero timeout makes close() send RST instead of FIN. Raising
    ConnectionResetError afterwards tells gunicorn (and werkzeug) the peer is gone, so they
    neither write a response nor log a traceback.
    """

    def wsgi_app(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        """Flask's WSGI entry, resetting the connection when a view asked for it."""
        body = super().wsgi_app(environ, start_response)
        if not environ.get(_RESET_KEY):
            return body
        if hasattr(body, "close"):
            body.close()
        sock = next((environ[key] for key in _SOCKET_KEYS if key in environ), None)
        if isinstance(sock, socket.socket):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()
        raise ConnectionResetError("connection reset by the ledger's fault switch")
