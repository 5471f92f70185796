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


def utc_now() -> datetime:
    """The current UTC time, naive, as every timestamp column stores it."""
    return datetime.now(UTC).replace(tzinfo=None)


ALL_MODELS: tuple[type[BaseModel], ...] = (Organization, ApiKey, Transfer)
