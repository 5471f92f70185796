"""A store an operator would look at: transfers over the last hour in every state, failures, a blocked one, channels."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal

from storage.database import database
from storage.models import ChannelLease, Transfer
from storage.webhook_endpoints import insert_endpoint, set_disabled
from tests.support.transfers import create_transfer, move, transfer_fields

NOW = datetime(2026, 11, 25, 10, 2, 30)
CHANNELS = ["GCHANNELA" + "A" * 47, "GCHANNELB" + "B" * 47, "GCHANNELC" + "C" * 47]
WEBHOOK_URL = "https://ops:hook-password@hooks.acme.example/tkn?token=hook-query-token"
WEBHOOK_SECRET = "whsec_c2VjcmV0LXRoYXQtbXVzdC1uZXZlci1zaG93"
REASONS = [
    "the creditor account does not exist on the ledger (ledger result op_no_destination)",
    "the creditor account has no TKN trustline (ledger result op_no_trust)",
]


@dataclass
class SeededStore:
    """What `seed` wrote, for the assertions."""

    by_state: dict[str, list[uuid.UUID]] = field(default_factory=dict)
    blocked: uuid.UUID | None = None

    def count(self, state: str) -> int:
        """How many transfers were left in `state`."""
        return len(self.by_state.get(state, []))


def _transfer(organization_id: int, created_at: datetime, states: list[str], seeded: SeededStore, n: int) -> uuid.UUID:
    values = transfer_fields(
        organization_id, f"OPS-{uuid.uuid4().hex[:10]}", created_at=created_at, updated_at=created_at
    )
    with database.connection_context():
        create_transfer(values, reason="accepted")
    at = created_at + timedelta(seconds=5)
    for state in states:
        move(str(values["id"]), state, at, ledger_hash=f"{n:064x}", amount_tkn=Decimal(1), error_code="AC01")
    key = uuid.UUID(str(values["id"]))
    if states and states[-1] == "Failed":
        with database.connection_context():
            Transfer.update(failure_reason=REASONS[n % len(REASONS)]).where(Transfer.id == key).execute()
    seeded.by_state.setdefault(states[-1] if states else "Created", []).append(key)
    return key


def seed(organization_id: int, now: datetime = NOW) -> SeededStore:
    """Transfers spread over the hour before `now`: most Completed, some Failed, a few open, one blocked."""
    seeded = SeededStore()
    for n in range(36):
        created = now - timedelta(minutes=57) + timedelta(seconds=n * 95)
        if n % 9 == 4:
            states = ["Processing", "Failed"]
        elif n >= 33:
            states = ["Processing"] if n == 33 else []
        else:
            states = ["Processing", "Completed"]
        _transfer(organization_id, created, states, seeded, n)
    blocked = seeded.by_state["Processing"][0]
    seeded.blocked = blocked
    with database.connection_context():
        Transfer.update(
            blocked_since=now - timedelta(minutes=3),
            last_error="distribution account underfunded (op_underfunded); retrying",
        ).where(Transfer.id == blocked).execute()
        for n, account in enumerate(CHANNELS):
            ChannelLease.create(
                environment="Sandbox",
                account_id=account,
                holder="worker-1" if n == 0 else None,
                leased_at=now - timedelta(seconds=4) if n == 0 else None,
            )
        insert_endpoint(organization_id, WEBHOOK_URL, None, WEBHOOK_SECRET, now - timedelta(days=1))
        broken = insert_endpoint(organization_id, "https://down.acme.example/hook", None, WEBHOOK_SECRET, now)
        set_disabled(broken.id, now, "disabled after 24 h of failures")
    return seeded
