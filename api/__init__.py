"""HTTP layer: blueprints, authentication, and the one place that maps errors to HTTP."""

from __future__ import annotations

from flask import Flask

from api import errors, transfers


def init_app(app: Flask) -> None:
    """Register the blueprints and error handlers."""
    app.register_blueprint(transfers.blueprint)
    errors.init_app(app)
