"""gunicorn's logger for every server of this project (gunicorn.conf.py names it)."""

from __future__ import annotations

import logging
from collections.abc import MutableMapping
from datetime import timedelta
from typing import Any

from gunicorn.glogging import Logger
from gunicorn.http.message import Request
from gunicorn.http.wsgi import Response


class AccessOnDemandLogger(Logger):
    """gunicorn's logger, building a request's access-line fields only when the line will be written.

    With `logconfig_dict` set, gunicorn builds every request's access fields (a dict of some twenty
    entries, headers walked, the time formatted) before its logger's level is asked. The API turns
    its access line off (it writes its own request line), so that work was thrown away on every
    request (docs/performance.md).
    """

    def access(self, resp: Response, req: Request, environ: MutableMapping[str, Any], request_time: timedelta) -> None:
        """Write the access line, unless the access logger would drop it anyway."""
        if self.access_log.isEnabledFor(logging.INFO):
            super().access(resp, req, environ, request_time)
