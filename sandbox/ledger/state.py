"""The per-process objects the ledger's views share, stored on the Flask app."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Flask, current_app

from ledger.config import LedgerConfig
from ledger.engine import LedgerEngine
from ledger.faults import FaultSwitches
from ledger.fleet import Fleet
from ledger.request_counts import RequestCounter

EXTENSION_KEY = "ledger"


@dataclass
class LedgerState:
    """Config, engine, fault switches and read fleet of one ledger server."""

    config: LedgerConfig
    engine: LedgerEngine
    faults: FaultSwitches
    fleet: Fleet
    requests: RequestCounter = field(default_factory=RequestCounter)


def init_app(app: Flask, state: LedgerState) -> None:
    """Attach the ledger state to the app."""
    app.extensions[EXTENSION_KEY] = state


def current_state() -> LedgerState:
    """Return the ledger state of the app handling the current request."""
    state: LedgerState = current_app.extensions[EXTENSION_KEY]
    return state
