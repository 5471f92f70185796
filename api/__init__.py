"""HTTP layer: blueprints, authentication, and the one place that maps errors to HTTP."""

from __future__ import annotations

from flask import Flask

from api import batch_status, cancellations, errors, health, metrics, openapi, ops, request_log, transfers
from api.json_provider import OrjsonProvider


def init_app(app: Flask) -> None:
    """Register the blueprints and error handlers."""
    # Routing never redirects (a redirect is an HTML answer, not a pacs.002): a path with `//`
    # matches no route (404), and a trailing slash is the same endpoint (docs/decisions.md, P9).
    app.url_map.merge_slashes = False
    app.url_map.strict_slashes = False
    app.json = OrjsonProvider(app)
    request_log.init_app(app)
    app.register_blueprint(transfers.blueprint)
    app.register_blueprint(cancellations.blueprint)
    app.register_blueprint(batch_status.blueprint)
    app.register_blueprint(health.blueprint)
    app.register_blueprint(metrics.blueprint)
    app.register_blueprint(openapi.blueprint)
    # The console exists only when it has a token to ask for (its length: config.check_settings).
    if app.config["OPS_TOKEN"]:
        app.register_blueprint(ops.blueprint)
    errors.init_app(app)
