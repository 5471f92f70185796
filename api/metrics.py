"""GET /metrics: Prometheus text, outside /v1; a bearer token guards it when METRICS_TOKEN is set."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from api.request_context import unauthorized
from services.store_metrics import StoreCollector
from telemetry.metrics import CONTENT_TYPE, authorized, exposition

blueprint = Blueprint("metrics", __name__)


@blueprint.get("/metrics")
def metrics() -> Response:
    """Every server process's request metrics and the store's gauges, read now."""
    if not authorized(request.headers.get("Authorization"), current_app.config["METRICS_TOKEN"]):
        return unauthorized('Bearer realm="metrics"')
    return Response(exposition(StoreCollector()), content_type=CONTENT_TYPE, headers={"Cache-Control": "no-store"})
