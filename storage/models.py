"""Peewee models: organizations, API keys and transfers."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import peewee

from storage.database import database
from storage.fields import MinorUnitsField
from storage.transfer_states import TransferState


def _a_transfer_state(column: str, null: bool = False) -> list[peewee.Node]:
    """A CHECK that holds `column` to the TransferState values (m0004 adds it to migrated stores)."""
    values = ", ".join(f"'{state.value}'" for state in TransferState)
    condition = f'"{column}" IN ({values})'
    return [peewee.Check(f'"{column}" IS NULL OR {condition}' if null else condition)]


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
    organization_id: int  # peewee's accessor for the foreign key's raw value
    # Written at most once a minute per key, not on every request (m0006, docs/decisions.md U1).
    last_used_at = peewee.DateTimeField(null=True)


class Transfer(BaseModel):
    """One credit transfer, from acceptance to settlement."""

    id = peewee.UUIDField(primary_key=True)
    # No index of its own: (organization, message_id) below serves look-ups by organization.
    organization = peewee.ForeignKeyField(Organization, backref="transfers", on_delete="RESTRICT", index=False)
    environment = peewee.CharField(max_length=16)
    network = peewee.CharField(max_length=16)
    state = peewee.CharField(max_length=16, index=True, constraints=_a_transfer_state("state"))
    created_at = peewee.DateTimeField()
    updated_at = peewee.DateTimeField()
    completed_at = peewee.DateTimeField(null=True)
    amount_usd = MinorUnitsField(places=2)  # cents
    amount_tkn = MinorUnitsField(places=7, null=True)  # stroops
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
    # Settlement: a worker's short claim, the retry schedule and what the operator sees.
    ledger_sequence = peewee.IntegerField(null=True)
    claimed_by = peewee.CharField(max_length=64, null=True)
    claimed_until = peewee.DateTimeField(null=True)
    next_attempt_at = peewee.DateTimeField(null=True)
    attempt_count = peewee.IntegerField(default=0)
    blocked_since = peewee.DateTimeField(null=True)
    last_error = peewee.CharField(max_length=200, null=True)
    # Why a Failed transfer failed, in words; pacs.028 reports it (m0005).
    failure_reason = peewee.CharField(max_length=200, null=True)
    organization_id: int  # peewee's accessor for the foreign key's raw value

    class Meta:
        indexes = (
            # A reused MsgId is detected by this constraint, not by read-then-write.
            (("organization", "message_id"), True),
        )


class TransferEvent(BaseModel):
    """One state change of a transfer; UpdatedAt and CompletedAt in reports come from these."""

    id = peewee.AutoField()
    # No index of its own: (transfer, id) below serves look-ups by transfer.
    transfer = peewee.ForeignKeyField(Transfer, backref="events", on_delete="CASCADE", index=False)
    from_state = peewee.CharField(max_length=16, null=True, constraints=_a_transfer_state("from_state", null=True))
    to_state = peewee.CharField(max_length=16, constraints=_a_transfer_state("to_state"))
    at = peewee.DateTimeField()
    reason = peewee.CharField(max_length=200, null=True)
    attempt = peewee.IntegerField(default=0)
    # The outbox mark (m0008): NULL until the deliverer has turned the event into webhook deliveries.
    dispatched_at = peewee.DateTimeField(null=True)
    transfer_id: uuid.UUID

    class Meta:
        indexes = ((("transfer", "id"), False),)


# The deliverer finds the events it has not yet dispatched through this small index alone.
TransferEvent.add_index(
    TransferEvent.index(TransferEvent.id, name="transfer_event_undispatched").where(
        TransferEvent.dispatched_at.is_null()
    )
)


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
    status = peewee.CharField(max_length=4)  # TxSts of the answer
    reason_code = peewee.CharField(max_length=4, null=True)

    class Meta:
        indexes = ((("organization", "queried_at"), False), (("organization", "queried_transfer_id"), False))


class SettlementAttempt(BaseModel):
    """One signed envelope (up to SETTLEMENT_BATCH_OPS payments), stored before it is submitted.

    `outcome` is NULL while the envelope might still be applied; only such an envelope may be
    (re)submitted. The transfers it pays are its `payments` (one row per operation).
    """

    id = peewee.AutoField()
    channel_account = peewee.CharField(max_length=56)
    sequence = peewee.BigIntegerField()
    fee = peewee.IntegerField()
    max_ledger = peewee.IntegerField()
    max_time = peewee.BigIntegerField()
    tx_hash = peewee.CharField(max_length=64, unique=True)
    envelope_xdr = peewee.TextField()
    created_at = peewee.DateTimeField()
    submitted_at = peewee.DateTimeField(null=True)
    submissions = peewee.IntegerField(default=0)
    outcome = peewee.CharField(max_length=16, null=True)  # applied | failed | expired
    result_code = peewee.CharField(max_length=64, null=True)
    ledger_sequence = peewee.IntegerField(null=True)
    resolved_at = peewee.DateTimeField(null=True)
    op_count = peewee.IntegerField(default=1)
    # The latest fee bump around this envelope (m0009): the same inner hash and sequence number.
    bump_hash = peewee.CharField(max_length=64, null=True)
    bump_fee = peewee.BigIntegerField(null=True)  # its total fee, stroops
    bump_xdr = peewee.TextField(null=True)
    fee_charged = peewee.BigIntegerField(null=True)  # what the ledger charged, once applied

    class Meta:
        # The highest sequence number our envelopes spent on a channel floors the next one's.
        indexes = ((("channel_account", "sequence"), False),)


class SettlementPayment(BaseModel):
    """One transfer's payment operation in one envelope.

    `outcome` is NULL while its envelope is open; at most one such row exists per transfer
    (a partial unique index says so to the database too). `number` counts the transfer's envelopes.
    """

    id = peewee.AutoField()
    transfer = peewee.ForeignKeyField(Transfer, backref="payments", on_delete="CASCADE")
    attempt = peewee.ForeignKeyField(SettlementAttempt, backref="payments", on_delete="CASCADE")
    number = peewee.IntegerField()
    op_index = peewee.IntegerField()
    outcome = peewee.CharField(max_length=16, null=True)  # applied | failed | expired | requeued
    result_code = peewee.CharField(max_length=64, null=True)
    created_at = peewee.DateTimeField()
    resolved_at = peewee.DateTimeField(null=True)
    transfer_id: uuid.UUID  # peewee's accessors for the foreign keys' raw values
    attempt_id: int

    class Meta:
        indexes = ((("transfer", "number"), True),)


SettlementPayment.add_index(
    SettlementPayment.index(SettlementPayment.transfer, unique=True, name="settlementpayment_one_open").where(
        SettlementPayment.outcome.is_null()
    )
)


class ChannelLease(BaseModel):
    """A channel account (transaction source), leased to one envelope while it is built and in flight.

    `holder` is set when leased; `attempt` once the envelope is stored. A lease whose envelope was
    never stored (the builder crashed) is stale after the claim time and may be taken again: no
    stored envelope uses that sequence number.
    """

    id = peewee.AutoField()
    environment = peewee.CharField(max_length=16)
    account_id = peewee.CharField(max_length=56)
    holder = peewee.CharField(max_length=100, null=True)
    attempt = peewee.ForeignKeyField(SettlementAttempt, null=True, on_delete="SET NULL")
    leased_at = peewee.DateTimeField(null=True)

    class Meta:
        indexes = ((("environment", "account_id"), True),)


class SettlementWorker(BaseModel):
    """A settlement worker incarnation that holds a liveness token (storage/liveness.py) while it lives.

    Its claims and channel leases are taken back as soon as another worker finds the token
    released (decision L1); an incarnation's ID is never used again.
    """

    worker_id = peewee.CharField(max_length=64, primary_key=True)
    started_at = peewee.DateTimeField()


def utc_now() -> datetime:
    """The current UTC time, naive, as every timestamp column stores it."""
    return datetime.now(UTC).replace(tzinfo=None)


ALL_MODELS: tuple[type[BaseModel], ...] = (
    Organization,
    ApiKey,
    Transfer,
    TransferEvent,
    StatusQuery,
    SettlementAttempt,
    SettlementPayment,
    ChannelLease,
    SettlementWorker,
)
