"""The ledger server's WSGI application factory."""

from __future__ import annotations

import atexit
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response
from werkzeug.exceptions import HTTPException

from ledger import admin, api, friendbot, rpc
from ledger.config import LedgerConfig, load_config
from ledger.engine import LedgerEngine
from ledger.faults import FaultSwitches
from ledger.fleet import Fleet, FleetShape
from ledger.models import ensure_genesis, open_database
from ledger.ratelimit import RateLimiter, init_rate_limit
from ledger.request_counts import init_request_counter
from ledger.state import LedgerState, init_app
from ledger.transport import ConnectionResettingFlask


def create_app(overrides: Mapping[str, Any] | None = None) -> Flask:
    """Build the ledger app: config, storage, engine and closer, blueprints, error handlers.

    Run it in ONE process (gunicorn ``-w 1 -k gthread``): the queue and the closer thread
    live in memory.
    """
    config = load_config(overrides=overrides)
    app = ConnectionResettingFlask(__name__)
    app.config["LEDGER"] = config
    state = _init_state(config)
    init_app(app, state)
    init_request_counter(app, state.requests)  # before the rate limit, which may refuse the request
    app.register_blueprint(api.bp)
    app.register_blueprint(admin.bp)
    app.register_blueprint(friendbot.bp)
    app.register_blueprint(rpc.bp)
    app.after_request(api.add_latest_ledger)
    _register_error_handlers(app)
    if config.rate_limit_per_hour > 0:
        limiter = RateLimiter(config.rate_limit_per_hour, config.rate_limit_burst)
        init_rate_limit(app, limiter, rpc.or_horizon(api.rate_limit_exceeded))
    state.engine.start_closer()
    atexit.register(state.engine.stop_closer)
    return app


def _init_state(config: LedgerConfig) -> LedgerState:
    open_database(config.database)
    ensure_genesis(config.network_passphrase, config.base_fee, config.base_reserve)
    shape = FleetShape(config.fleet_instances, config.fleet_min_lag, config.fleet_max_lag, config.fleet_seed)
    return LedgerState(config=config, engine=LedgerEngine(config), faults=FaultSwitches(), fleet=Fleet(shape))


def _register_error_handlers(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        if error.code == 404:
            return api.not_found()
        status = error.code or 500
        return api.problem_response(
            status,
            "bad_request" if status < 500 else "server_error",
            error.name,
            error.description or error.name,
        )

    @app.errorhandler(Exception)
    def server_error(error: Exception) -> Response:
        app.logger.exception("unhandled error", exc_info=error)
        return api.problem_response(500, "server_error", "Internal Server Error", "An unexpected error occurred.")
