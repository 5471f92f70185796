"""Peewee models: organizations, API keys and transfers."""

from __future__ import annotations

from datetime import UTC, datetime

import peewee

from storage.database import database


class BaseModel(peewee.Model):
    """Binds every model to the one database proxy."""

    class Meta:
        database = database
        legacy_table_names = False


class Organization(BaseModel):
    """A customer of the gateway; owns keys and transfers."""

    id = peewee.AutoField()
    name = peewee.CharField(max_length=200, unique=True)
    created_at = peewee.DateTimeField()


class ApiKey(BaseModel):
    """An API key; only its SHA-256 is kept. `key_id` is the public part used for lookup."""

    id = peewee.AutoField()
    key_id = peewee.CharField(max_length=32, unique=True)
    key_hash = peewee.CharField(max_length=64)
    organization = peewee.ForeignKeyField(Organization, backref="api_keys", on_delete="RESTRICT")
    environment = peewee.CharField(max_length=16)  # Sandbox | Production
    created_at = peewee.DateTimeField()
    revoked_at = peewee.DateTimeField(null=True)


class Transfer(BaseModel):
    """One credit transfer, from acceptance to settlement."""

    id = peewee.UUIDField(primary_key=True)
    organization = peewee.ForeignKeyField(Organization, backref="transfers", on_delete="RESTRICT")
    environment = peewee.CharField(max_length=16)
    network = peewee.CharField(max_length=16)
    state = peewee.CharField(max_length=16, index=True)  # Created|Processing|Completed|Failed
    created_at = peewee.DateTimeField()
    updated_at = peewee.DateTimeField()
    completed_at = peewee.DateTimeField(null=True)
    amount_usd = peewee.DecimalField(max_digits=14, decimal_places=2, auto_round=False)
    amount_tkn = peewee.DecimalField(max_digits=26, decimal_places=7, null=True, auto_round=False)
    source_account = peewee.CharField(max_length=70)
    destination_account = peewee.CharField(max_length=56)
    memo = peewee.CharField(max_length=70, null=True)
    message_id = peewee.CharField(max_length=35)
    instruction_id = peewee.CharField(max_length=35, null=True)
    end_to_end_id = peewee.CharField(max_length=35, null=True)
    transaction_id = peewee.CharField(max_length=35, null=True)
    request_sha256 = peewee.CharField(max_length=64)
    raw_request = peewee.BlobField()
    acceptance_report = peewee.BlobField()
    ledger_hash = peewee.CharField(max_length=64, null=True)
    error_code = peewee.CharField(max_length=8, null=True)

    class Meta:
        indexes = (
            # A reused MsgId is detected by this constraint, not by read-then-write.
            (("organization", "message_id"), True),
        )


class TransferEvent(BaseModel):
    """One state change of a transfer; UpdatedAt and CompletedAt in reports come from these."""

    id = peewee.AutoField()
    transfer = peewee.ForeignKeyField(Transfer, backref="events", on_delete="CASCADE")
    from_state = peewee.CharField(max_length=16, null=True)
    to_state = peewee.CharField(max_length=16)
    at = peewee.DateTimeField()
    reason = peewee.CharField(max_length=200, null=True)
    attempt = peewee.IntegerField(default=0)

    class Meta:
        indexes = ((("transfer", "id"), False),)


class StatusQuery(BaseModel):
    """A recorded pacs.028 request (spec 2.6), kept whether it was answered or rejected."""

    id = peewee.AutoField()
    message_type = peewee.CharField(max_length=16)
    message_id = peewee.CharField(max_length=64, null=True)
    queried_transfer_id = peewee.CharField(max_length=64, null=True)
    alternative_id = peewee.CharField(max_length=64, null=True)
    original_message_id = peewee.CharField(max_length=64, null=True)
    raw_request = peewee.BlobField()
    organization = peewee.ForeignKeyField(Organization, backref="status_queries", on_delete="RESTRICT")
    environment = peewee.CharField(max_length=16)
    network = peewee.CharField(max_length=64)
    queried_at = peewee.DateTimeField()
    http_status = peewee.IntegerField()
    outcome = peewee.CharField(max_length=8)

    class Meta:
        indexes = ((("organization", "queried_at"), False), (("organization", "queried_transfer_id"), False))


def utc_now() -> datetime:
    """The current UTC time, naive, as every timestamp column stores it."""
    return datetime.now(UTC).replace(tzinfo=None)


ALL_MODELS: tuple[type[BaseModel], ...] = (Organization, ApiKey, Transfer, TransferEvent, StatusQuery)
