"""A failed ledger request's cause in a few words, whatever the HTTP library wrapped it in."""

from __future__ import annotations

import pytest
from ledger.testing import free_port

from services.settlement.ledger_client import HorizonLedgerClient, LedgerUnavailable
from services.settlement.ledger_errors import short_reason, unanswered


def test_a_closed_port_is_connection_refused() -> None:
    client = HorizonLedgerClient(f"http://127.0.0.1:{free_port()}", "any passphrase", 2.0)  # nothing listens
    with pytest.raises(LedgerUnavailable) as raised:
        client.latest_ledger()
    assert short_reason(raised.value) == "connection refused"
    assert unanswered("Sandbox", client, raised.value) == (
        f"the Sandbox ledger at {client.horizon_url} does not answer (connection refused)"
    )


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("HTTPConnectionPool(host='h', port=1): Read timed out. (read timeout=5)", "timed out"),
        (
            "... NameResolutionError(\"Failed to resolve 'h' ([Errno -2] Name or service not known)\")",
            "name or service not known",
        ),
        ("HTTP 503 on /ledgers", "HTTP 503 on /ledgers"),
        ("x" * 300, "x" * 117 + "..."),
    ],
)
def test_the_reason_is_short(message: str, reason: str) -> None:
    assert short_reason(LedgerUnavailable(message)) == reason
