"""Sandbox-only admin endpoints (loopback only): close ledgers and arm fault switches."""

from __future__ import annotations

import ipaddress

from flask import Blueprint, Response, jsonify, request

from ledger import horizon_json
from ledger.api import problem_response
from ledger.faults import FaultError
from ledger.fleet import FleetShape
from ledger.state import current_state

bp = Blueprint("sandbox", __name__, url_prefix="/_sandbox")


@bp.before_request
def only_loopback() -> Response | None:
    """Refuse admin calls that do not come from this machine."""
    try:
        loopback = ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        loopback = False
    if loopback:
        return None
    return problem_response(403, "forbidden", "Forbidden", "Sandbox admin endpoints answer loopback clients only.")


@bp.post("/close_ledger")
def close_ledger() -> Response:
    """Close ``count`` ledgers (default 1) now and describe the last one."""
    payload = request.get_json(silent=True) or {}
    count = max(1, int(payload.get("count", 1)))
    state = current_state()
    header = state.engine.close_ledger()
    for _ in range(count - 1):
        header = state.engine.close_ledger()
    return jsonify(horizon_json.ledger(header, state.config.max_ops_per_ledger))


@bp.get("/status")
def status() -> Response:
    """Describe the latest ledger, the queue and the armed faults."""
    state = current_state()
    latest = state.engine.latest_ledger()
    return jsonify(
        {
            "latest_ledger": latest.sequence,
            "pending": state.engine.pending_hashes(),
            "faults": state.faults.snapshot(),
            "fleet": state.fleet.snapshot(),
            "horizon_requests": state.requests.snapshot(),
            "network_passphrase": state.config.network_passphrase,
        }
    )


@bp.post("/faults")
def arm_fault() -> Response:
    """Arm one fault from a JSON payload such as ``{"fault": "rate_limited", "count": 2}``."""
    state = current_state()
    payload = request.get_json(force=True, silent=True) or {}
    try:
        if payload.get("fault") == "lagging_fleet":
            state.fleet.arm(FleetShape.from_payload(payload))
        else:
            state.faults.arm(payload)
    except (FaultError, TypeError, ValueError) as exc:
        return problem_response(400, "bad_request", "Bad Request", str(exc))
    response = jsonify(_faults())
    response.status_code = 201
    return response


@bp.get("/faults")
def list_faults() -> Response:
    """Return the armed faults."""
    return jsonify(_faults())


@bp.delete("/faults")
def clear_faults() -> Response:
    """Disarm every fault."""
    state = current_state()
    state.faults.clear()
    state.fleet.reset()
    return jsonify(_faults())


def _faults() -> dict[str, object]:
    state = current_state()
    return {**state.faults.snapshot(), "fleet": state.fleet.snapshot()}
