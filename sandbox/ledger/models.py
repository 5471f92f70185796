"""Peewee tables holding the ledger state and its history, in one SQLite file."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import ClassVar

import peewee

from ledger.config import root_keypair

db = peewee.DatabaseProxy()

TOTAL_COINS = 100_000_000_000 * 10_000_000
GENESIS_LEDGER = 1


class BaseModel(peewee.Model):
    """Binds every table to the ledger database."""

    # peewee's metaclass gives each model its own subclass of peewee.DoesNotExist; the stubs omit it.
    DoesNotExist: ClassVar[type[peewee.DoesNotExist]]

    class Meta:
        database = db


class Account(BaseModel):
    """An account entry: native balance in stroops, sequence, thresholds and flags."""

    account_id = peewee.CharField(primary_key=True, max_length=56)
    balance = peewee.BigIntegerField()
    sequence = peewee.BigIntegerField()
    master_weight = peewee.IntegerField(default=1)
    low_threshold = peewee.IntegerField(default=0)
    med_threshold = peewee.IntegerField(default=0)
    high_threshold = peewee.IntegerField(default=0)
    flags = peewee.IntegerField(default=0)
    subentry_count = peewee.IntegerField(default=0)
    last_modified_ledger = peewee.IntegerField()


class Signer(BaseModel):
    """An extra ed25519 signer of an account (the master key lives on Account)."""

    account = peewee.ForeignKeyField(Account, backref="signers", on_delete="CASCADE")
    key = peewee.CharField(max_length=56)
    weight = peewee.IntegerField()

    class Meta:
        indexes = ((("account", "key"), True),)


class TrustLine(BaseModel):
    """A trust line of an account for a credit asset, balance and limit in stroops."""

    id = peewee.AutoField()
    account = peewee.ForeignKeyField(Account, backref="trust_lines", on_delete="CASCADE")
    asset_code = peewee.CharField(max_length=12)
    asset_issuer = peewee.CharField(max_length=56)
    balance = peewee.BigIntegerField(default=0)
    limit = peewee.BigIntegerField()
    authorized = peewee.BooleanField(default=True)
    last_modified_ledger = peewee.IntegerField()

    class Meta:
        indexes = ((("account", "asset_code", "asset_issuer"), True),)


class LedgerHeader(BaseModel):
    """A closed ledger."""

    sequence = peewee.IntegerField(primary_key=True)
    hash = peewee.CharField(max_length=64)
    prev_hash = peewee.CharField(max_length=64)
    closed_at = peewee.DateTimeField()
    successful_transaction_count = peewee.IntegerField(default=0)
    failed_transaction_count = peewee.IntegerField(default=0)
    operation_count = peewee.IntegerField(default=0)
    tx_set_operation_count = peewee.IntegerField(default=0)
    fee_pool = peewee.BigIntegerField(default=0)
    base_fee = peewee.IntegerField()
    base_reserve = peewee.IntegerField()


class TransactionRecord(BaseModel):
    """A transaction included in a ledger, successful or failed."""

    hash = peewee.CharField(primary_key=True, max_length=64)
    ledger = peewee.IntegerField(index=True)
    application_order = peewee.IntegerField()
    created_at = peewee.DateTimeField()
    source_account = peewee.CharField(max_length=56, index=True)
    source_account_sequence = peewee.BigIntegerField()
    fee_account = peewee.CharField(max_length=56)
    fee_charged = peewee.BigIntegerField()
    max_fee = peewee.BigIntegerField()
    operation_count = peewee.IntegerField()
    successful = peewee.BooleanField()
    envelope_xdr = peewee.TextField()
    result_xdr = peewee.TextField()
    result_codes = peewee.TextField()
    # A fee bump's wrapped transaction: a lookup by either hash finds the row, as Horizon's does.
    inner_hash = peewee.CharField(max_length=64, null=True, index=True)


ALL_TABLES: list[type[peewee.Model]] = [
    Account,
    Signer,
    TrustLine,
    LedgerHeader,
    TransactionRecord,
]


def find_record(tx_hash: str) -> TransactionRecord | None:
    """The applied transaction with this hash, or the fee bump that wrapped it."""
    tx_hash = tx_hash.lower()
    record: TransactionRecord | None = TransactionRecord.get_or_none(TransactionRecord.hash == tx_hash)
    if record is None:
        record = TransactionRecord.get_or_none(TransactionRecord.inner_hash == tx_hash)
    return record


def utcnow() -> datetime:
    """Return the current UTC time, truncated to whole seconds as ledger close times are."""
    return datetime.now(UTC).replace(microsecond=0, tzinfo=None)


def open_database(path: str) -> peewee.SqliteDatabase:
    """Open (creating if needed) the SQLite file and bind the models to it."""
    if path != ":memory:":
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    database = peewee.SqliteDatabase(
        path,
        pragmas={"journal_mode": "wal", "busy_timeout": 10_000, "foreign_keys": 1},
        check_same_thread=False,
    )
    db.initialize(database)
    database.connect(reuse_if_open=True)
    database.create_tables(ALL_TABLES)
    _add_missing_columns(database)
    return database


def _add_missing_columns(database: peewee.SqliteDatabase) -> None:
    """Bring a ledger file written before a column existed up to date (nullable columns only)."""
    for model in ALL_TABLES:
        table = model._meta.table_name
        present = {column.name for column in database.get_columns(table)}
        for field in model._meta.sorted_fields:
            if field.column_name not in present and field.null:
                sql = f'ALTER TABLE "{table}" ADD COLUMN "{field.column_name}" {field.field_type}'
                db.execute_sql(sql)  # the proxy, bound to `database` above


def ensure_genesis(network_passphrase: str, base_fee: int, base_reserve: int) -> None:
    """Create ledger 1 with the root account holding every lumen, as real networks start."""
    if LedgerHeader.select().exists():
        return
    root = root_keypair(network_passphrase).public_key
    with db.atomic():
        Account.create(
            account_id=root,
            balance=TOTAL_COINS,
            sequence=0,
            last_modified_ledger=GENESIS_LEDGER,
        )
        LedgerHeader.create(
            sequence=GENESIS_LEDGER,
            hash=os.urandom(32).hex(),
            prev_hash="0" * 64,
            closed_at=utcnow(),
            base_fee=base_fee,
            base_reserve=base_reserve,
        )
