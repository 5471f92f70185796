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


# How an organization's source accounts are funded (docs/decisions.md A1): `open` accepts any
# account number and lets it go below zero; `prefunded` needs an open account that covers the amount.
FUNDING_POLICIES = ("open", "prefunded")


class Organization(BaseModel):
    """A customer of the gateway; owns keys, transfers and source accounts."""

    id = peewee.AutoField()
    name = peewee.CharField(max_length=200, unique=True)
    created_at = peewee.DateTimeField()
    funding_policy = peewee.CharField(
        max_length=16, default="open", constraints=[peewee.Check("\"funding_policy\" IN ('open', 'prefunded')")]
    )


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
    # The archive file holding the stored request once `transfers archive` emptied `raw_request` (m0016).
    request_archive = peewee.CharField(max_length=200, null=True)
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


class OrganizationBic(BaseModel):
    """A BIC registered to an organization; a pacs.008 naming another one is AG01 (m0010)."""

    id = peewee.AutoField()
    organization = peewee.ForeignKeyField(Organization, backref="bics", on_delete="CASCADE")
    bic = peewee.CharField(max_length=11, unique=True)  # always 11 characters: a BIC8 ends in XXX


# How many balance slices each account has (A12); m0012 made this many for the accounts it found.
BALANCE_SLICES = 16
_STATUSES = "('open', 'blocked', 'closed')"


class SourceAccount(BaseModel):
    """An organization's USD source account (DbtrAcct/Id/Othr/Id): its number, status and policy flag.

    Its money is in its `BalanceSlice` rows, whose sums are its balance, held and available.
    """

    id = peewee.AutoField()
    organization = peewee.ForeignKeyField(Organization, backref="accounts", on_delete="RESTRICT", index=False)
    number = peewee.CharField(max_length=70)
    currency = peewee.CharField(max_length=3, default="USD")
    status = peewee.CharField(max_length=16, default="open", constraints=[peewee.Check(f'"status" IN {_STATUSES}')])
    # TigerBeetle's flag of the same name: set on every account of a prefunded organization.
    debits_must_not_exceed_credits = peewee.BooleanField(default=False)
    created_at = peewee.DateTimeField()
    updated_at = peewee.DateTimeField()

    class Meta:
        indexes = ((("organization", "number"), True),)


class BalanceSlice(BaseModel):
    """One of an account's balance rows; the account's balance, held and available are their sums.

    A hold takes the row lock of one slice, not of the account, so holds on one hot account do not
    queue behind each other (decision A12). Each slice's CHECKs hold `held >= 0` and, for an account
    that must not overdraw, `available >= 0`, so the sums can never overdraw either. The slice
    carries the account's status and flag, written in the same transaction as the account's, so
    that a hold's one-row UPDATE sees a block, a close or a policy change under its own row lock.
    A slice's booked balance is `held + available`.
    """

    account = peewee.ForeignKeyField(SourceAccount, backref="slices", on_delete="RESTRICT", index=False)
    slice = peewee.SmallIntegerField(constraints=[peewee.Check('"slice" >= 0')])
    status = peewee.CharField(max_length=16, constraints=[peewee.Check(f'"status" IN {_STATUSES}')])
    debits_must_not_exceed_credits = peewee.BooleanField()
    held = MinorUnitsField(places=2, default=0, constraints=[peewee.Check('"held" >= 0')])
    available = MinorUnitsField(places=2, default=0)
    updated_at = peewee.DateTimeField()
    account_id: int

    class Meta:
        primary_key = peewee.CompositeKey("account", "slice")
        constraints = (peewee.Check('NOT "debits_must_not_exceed_credits" OR "available" >= 0'),)


JOURNAL_KINDS = ("funding", "hold", "post", "void", "adjustment")
COUNTER_ACCOUNTS = ("funding", "settlement", "adjustment")


class JournalEntry(BaseModel):
    """One movement on a source account: a debit of one side and a credit of the other, same amount.

    The other side is a system account named by `counter_account`. A `hold` is pending (it moves
    money from available to held); a `post` or `void` resolves exactly one hold (`pending`), which
    a partial unique index decides, as TigerBeetle's post_pending/void_pending do.
    """

    id = peewee.AutoField()
    account = peewee.ForeignKeyField(SourceAccount, backref="entries", on_delete="RESTRICT", index=False)
    kind = peewee.CharField(
        max_length=16,
        constraints=[peewee.Check("\"kind\" IN ('funding', 'hold', 'post', 'void', 'adjustment')")],
    )
    side = peewee.CharField(max_length=6, constraints=[peewee.Check("\"side\" IN ('debit', 'credit')")])
    counter_account = peewee.CharField(
        max_length=16, constraints=[peewee.Check("\"counter_account\" IN ('funding', 'settlement', 'adjustment')")]
    )
    amount = MinorUnitsField(places=2, constraints=[peewee.Check('"amount" > 0')])
    transfer = peewee.ForeignKeyField(Transfer, null=True, on_delete="RESTRICT", index=False)
    pending = peewee.ForeignKeyField("self", null=True, on_delete="RESTRICT", index=False)
    slice = peewee.SmallIntegerField(null=True)  # a hold's balance slice, which its post or void moves
    reference = peewee.CharField(max_length=100, null=True)
    at = peewee.DateTimeField()
    note = peewee.CharField(max_length=200, null=True)
    account_id: int
    transfer_id: uuid.UUID | None
    pending_id: int | None

    class Meta:
        indexes = ((("account", "at"), False),)
        constraints = (
            peewee.Check("(\"kind\" IN ('post', 'void')) = (\"pending_id\" IS NOT NULL)"),
            peewee.Check('"kind" <> \'hold\' OR "transfer_id" IS NOT NULL'),
        )


JournalEntry.add_index(
    JournalEntry.index(JournalEntry.transfer, unique=True, name="journal_entry_one_hold").where(
        JournalEntry.kind == "hold"
    )
)
JournalEntry.add_index(
    JournalEntry.index(JournalEntry.pending, unique=True, name="journal_entry_resolved_once").where(
        JournalEntry.pending.is_null(False)
    )
)
JournalEntry.add_index(
    JournalEntry.index(JournalEntry.account, JournalEntry.reference, unique=True, name="journal_entry_reference").where(
        JournalEntry.reference.is_null(False)
    )
)


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
    OrganizationBic,
    SourceAccount,
    BalanceSlice,
    JournalEntry,
)
