"""GET /healthz (the process is alive) and GET /readyz (it can serve): plain JSON, no key, outside /v1."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Blueprint, Response, current_app, jsonify

from services.readiness import readiness

blueprint = Blueprint("health", __name__)


def _json(body: Mapping[str, object], status: int) -> Response:
    response = jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/healthz")
def healthz() -> Response:
    """Liveness: answers without touching the database or the ledger."""
    return _json({"status": "ok"}, 200)


@blueprint.get("/readyz")
def readyz() -> Response:
    """Readiness: 200 when every check passes, else 503; each check says what failed."""
    checks = readiness(current_app.config)
    ready = all(check.ok for check in checks.values())
    body = {
        "status": "ready" if ready else "not ready",
        "checks": {
            name: {"ok": True} if check.ok else {"ok": False, "error": check.detail} for name, check in checks.items()
        },
    }
    return _json(body, 200 if ready else 503)
