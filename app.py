"""The application factory. `flask --app app ...` and wsgi.py both go through `create_app`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

import api
import cli
import config
from services.context import build_service_context
from services.redaction import install_log_redaction
from storage.database import end_request, open_database


def _give_back_connection(_: BaseException | None) -> None:
    """teardown_request hook: a request takes its connection with its first statement and gives it back here."""
    end_request()


def _init_database(app: Flask) -> None:
    open_database(app.config["DATABASE_URL"])
    app.teardown_request(_give_back_connection)


def create_app(overrides: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: config from the environment (then `overrides`), storage, services, API, CLI."""
    # No static files: every answer is a pacs.002, and a route that matches nothing costs nothing.
    install_log_redaction()
    app = Flask(__name__, static_folder=None)
    app.config.update(config.from_process_environment())
    app.config.update(overrides or {})
    config.check_settings(app.config)
    app.config["MAX_CONTENT_LENGTH"] = app.config["MAX_BODY_BYTES"]
    _init_database(app)
    app.extensions["gateway"] = build_service_context(app.config)
    api.init_app(app)
    cli.init_app(app)
    return app
