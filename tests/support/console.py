"""Money and one transfer's story as the console shows them: accounts, holds, refusals, envelopes, deliveries."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from services.accounts import operations
from services.accounts.holds import accept_with_hold
from storage.database import database
from storage.models import ChannelLease, SettlementAttempt, SettlementPayment, Transfer, TransferEvent
from storage.organizations import insert_organization
from storage.refusals import count_am04
from storage.webhook_endpoints import insert_endpoint
from storage.webhook_models import WebhookDelivery, WebhookMessage
from tests.support.transfers import create_transfer, move, transfer_fields

STORY_URL = "https://ops:story-password@receiver.acme.example/hooks?sig=story-query"
STORY_SECRET = "whsec_c3Rvcnktc2VjcmV0LW5ldmVyLXNob3du"
STUCK_CHANNEL = "GSTUCK" + "S" * 50


@dataclass(frozen=True)
class Story:
    """What `seed_story` wrote."""

    transfer_id: uuid.UUID
    message_id: str
    end_to_end_id: str
    hashes: tuple[str, str]  # the expired envelope's, then the applied one's (the ledger hash)


def seed_accounts(organization_id: int, now: datetime) -> int:
    """Three prefunded accounts of two organizations, holds on one, AM04 refusals on two; returns the other's ID."""
    with database.connection_context():
        other = int(insert_organization("Other Bank").id)
        for org, number, funding in ((organization_id, "ACC-RICH", "1000.00"), (organization_id, "ACC-DRY", "20.00")):
            operations.set_funding_policy(org, "prefunded", now)
            operations.open_account(org, number, now)
            operations.fund_account(org, number, Decimal(funding), f"wire {number}", now)
        operations.set_funding_policy(other, "prefunded", now)
        operations.open_account(other, "ACC-OTHER", now)
        operations.fund_account(other, "ACC-OTHER", Decimal("5.00"), "wire other", now)
        for n, amount in enumerate(("125.50", "74.50")):
            values = transfer_fields(organization_id, f"HOLD-{n}", created_at=now, updated_at=now, amount_usd=amount)
            held = {**values, "source_account": "ACC-RICH"}
            assert accept_with_hold(held, "accepted", organization_id, "ACC-RICH", Decimal(amount), now) is None
        for _ in range(3):
            count_am04(organization_id, "ACC-DRY", now.date())
        count_am04(other, "ACC-OTHER", now.date())
        count_am04(organization_id, "ACC-RICH", now.date() - timedelta(days=1))  # yesterday's: not today's
    return other


def seed_story(organization_id: int, now: datetime, end_to_end_id: str = "E2E-STORY-1") -> Story:
    """A Completed transfer paid by its second envelope (the first expired); one webhook delivered, one failed."""
    message_id = f"STORY-{uuid.uuid4().hex[:10]}"
    values = transfer_fields(
        organization_id,
        message_id,
        end_to_end_id=end_to_end_id,
        created_at=now,
        updated_at=now,
        source_account="ACC-RICH",
    )
    transfer_id = uuid.UUID(str(values["id"]))
    hashes = (uuid.uuid4().hex * 2, uuid.uuid4().hex * 2)
    with database.connection_context():
        create_transfer(values, reason="accepted")
    move(str(transfer_id), "Processing", now + timedelta(seconds=2))
    with database.connection_context():
        for number, (tx_hash, outcome) in enumerate(zip(hashes, ("expired", "applied"), strict=True), start=1):
            attempt = SettlementAttempt.create(
                channel_account="GCHANNELA" + "A" * 47,
                sequence=100 + number,
                fee=100,
                max_ledger=50,
                max_time=0,
                tx_hash=tx_hash,
                envelope_xdr="AAAA-envelope-xdr-never-shown",
                created_at=now + timedelta(seconds=number * 10),
                submissions=number + 1,
                outcome=outcome,
                ledger_sequence=42 if outcome == "applied" else None,
            )
            SettlementPayment.create(
                transfer=transfer_id,
                attempt=attempt,
                number=number,
                op_index=0,
                outcome=outcome,
                result_code="tx_too_late" if outcome == "expired" else None,
                created_at=attempt.created_at,
            )
    move(str(transfer_id), "Completed", now + timedelta(seconds=30), ledger_hash=hashes[1], amount_tkn=Decimal("125.5"))
    with database.connection_context():
        Transfer.update(ledger_sequence=42, attempt_count=2).where(Transfer.id == transfer_id).execute()
        endpoint = insert_endpoint(organization_id, STORY_URL, None, STORY_SECRET, now)
        events = TransferEvent.select().where(TransferEvent.transfer == transfer_id).order_by(TransferEvent.id)
        for event, state in zip(events[1:], ("delivered", "failed"), strict=True):
            message = WebhookMessage.create(
                id=f"msg_{uuid.uuid4().hex}",
                event=event,
                organization=organization_id,
                transfer=transfer_id,
                event_type=f"transfer.{event.to_state.lower()}",
                payload=b"<Document>payload-never-shown</Document>",
                created_at=event.at,
            )
            WebhookDelivery.create(
                message=message,
                endpoint=endpoint.id,
                state=state,
                attempts=1 if state == "delivered" else 9,
                next_attempt_at=event.at,
                give_up_at=event.at + timedelta(days=1),
                created_at=event.at,
                delivered_at=event.at + timedelta(seconds=1) if state == "delivered" else None,
                last_status=200 if state == "delivered" else 503,
                last_error=None if state == "delivered" else "the receiver answered 503",
            )
    return Story(transfer_id, message_id, end_to_end_id, hashes)


def stick_a_channel(now: datetime, for_seconds: int) -> None:
    """A channel leased `for_seconds` ago by a worker, its envelope never resolved."""
    with database.connection_context():
        ChannelLease.create(
            environment="Sandbox",
            account_id=STUCK_CHANNEL,
            holder="worker-9",
            leased_at=now - timedelta(seconds=for_seconds),
        )
