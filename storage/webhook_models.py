"""Peewee models of webhooks: endpoints, the messages events become, their deliveries and attempts."""

from __future__ import annotations

import uuid

import peewee

from storage.cancellations import CancellationRequest
from storage.models import BaseModel, Organization, Transfer, TransferEvent


class WebhookEndpoint(BaseModel):
    """A receiver URL of one organization, with its signing secret (and the previous one while it overlaps)."""

    id = peewee.AutoField()
    organization = peewee.ForeignKeyField(Organization, backref="webhook_endpoints", on_delete="RESTRICT")
    url = peewee.CharField(max_length=2000)
    event_types = peewee.CharField(max_length=200, null=True)  # comma-separated; NULL: every kind
    # As stored: `whsec_...`, or sealed as `fernet:<token>` (about 170 characters, m0011).
    secret = peewee.CharField(max_length=255)
    previous_secret = peewee.CharField(max_length=255, null=True)
    previous_secret_until = peewee.DateTimeField(null=True)
    created_at = peewee.DateTimeField()
    disabled_at = peewee.DateTimeField(null=True)
    disabled_reason = peewee.CharField(max_length=200, null=True)
    failing_since = peewee.DateTimeField(null=True)  # first failure since the last success
    organization_id: int  # peewee's accessors for the foreign keys' raw values


class WebhookMessage(BaseModel):
    """One event as it is sent: its stable `webhook-id`, its kind and its payload, rendered once.

    It comes from a transfer's state change (`event`, a pacs.002) or a cancellation request's final
    decision (`cancellation`, its camt.029; m0018): exactly one of the two is set.
    """

    id = peewee.CharField(max_length=40, primary_key=True)
    event = peewee.ForeignKeyField(TransferEvent, unique=True, null=True, on_delete="CASCADE")
    organization = peewee.ForeignKeyField(Organization, on_delete="RESTRICT", index=False)
    transfer = peewee.ForeignKeyField(Transfer, on_delete="CASCADE", index=False)
    event_type = peewee.CharField(max_length=32)
    payload = peewee.BlobField()
    created_at = peewee.DateTimeField(index=True)
    cancellation = peewee.ForeignKeyField(CancellationRequest, unique=True, null=True, on_delete="CASCADE")
    event_id: int | None
    cancellation_id: int | None
    organization_id: int
    transfer_id: uuid.UUID


class WebhookDelivery(BaseModel):
    """One message to one endpoint: `pending` until a 2xx (`delivered`) or its retry window ends (`failed`)."""

    id = peewee.AutoField()
    message = peewee.ForeignKeyField(WebhookMessage, backref="deliveries", on_delete="CASCADE", index=False)
    endpoint = peewee.ForeignKeyField(WebhookEndpoint, backref="deliveries", on_delete="CASCADE", index=False)
    state = peewee.CharField(max_length=16)  # pending | delivered | failed
    attempts = peewee.IntegerField(default=0)
    next_attempt_at = peewee.DateTimeField()
    give_up_at = peewee.DateTimeField()
    claimed_by = peewee.CharField(max_length=64, null=True)
    claimed_until = peewee.DateTimeField(null=True)
    created_at = peewee.DateTimeField()
    delivered_at = peewee.DateTimeField(null=True)
    last_status = peewee.IntegerField(null=True)
    last_error = peewee.CharField(max_length=200, null=True)
    message_id: str
    endpoint_id: int

    class Meta:
        indexes = ((("message", "endpoint"), True), (("endpoint", "id"), False))


WebhookDelivery.add_index(
    WebhookDelivery.index(WebhookDelivery.next_attempt_at, name="webhook_delivery_due").where(
        WebhookDelivery.state == "pending"
    )
)
# Each endpoint's pending deliveries in the order they are due: a claim reads the head of each
# endpoint's range instead of ranking the whole backlog (storage/webhook_deliveries.py, fair_share).
WebhookDelivery.add_index(
    WebhookDelivery.index(
        WebhookDelivery.endpoint,
        WebhookDelivery.next_attempt_at,
        WebhookDelivery.id,
        name="webhook_delivery_endpoint_due",
    ).where(WebhookDelivery.state == "pending")
)


class WebhookAttempt(BaseModel):
    """One try of a delivery: when, the receiver's status (none on a timeout or connection error), how long, why."""

    id = peewee.AutoField()
    delivery = peewee.ForeignKeyField(WebhookDelivery, backref="attempt_rows", on_delete="CASCADE")
    at = peewee.DateTimeField()
    status_code = peewee.IntegerField(null=True)
    latency_ms = peewee.IntegerField()
    error = peewee.CharField(max_length=200, null=True)


WEBHOOK_MODELS: tuple[type[BaseModel], ...] = (WebhookEndpoint, WebhookMessage, WebhookDelivery, WebhookAttempt)
