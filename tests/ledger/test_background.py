"""Background traffic is other people's transactions, each one a record of the ledger that applied it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ledger.background import BackgroundAccounts, BackgroundTransaction, interleaved
from ledger.config import DEFAULT_PASSPHRASE, LedgerConfig, root_keypair
from ledger.engine import LedgerEngine, SubmitStatus
from ledger.frames import parse_frame
from ledger.models import Account, LedgerHeader, TransactionRecord, db, ensure_genesis, open_database
from stellar_sdk import Account as SdkAccount
from stellar_sdk import Keypair, TransactionBuilder, TransactionEnvelope, xdr
from stellar_sdk.operation import CreateAccount

MAX_OPS = 1000
OPS_PER_TX = 100
BACKGROUND_FEE = 200


def open_ledger(path: Path, share: float) -> LedgerEngine:
    """An engine on the ledger file at `path`, its background taking `share` of each ledger at 200."""
    config = LedgerConfig(
        database=str(path), ledger_close_seconds=0, max_ops_per_ledger=MAX_OPS,
        background_share=share, background_fee=BACKGROUND_FEE,
    )  # fmt: skip
    open_database(config.database)
    ensure_genesis(config.network_passphrase, config.base_fee, config.base_reserve)
    return LedgerEngine(config)


@pytest.fixture
def half(tmp_path: Path) -> Iterator[LedgerEngine]:
    """A ledger whose background bids for half of every ledger: five transactions of 100 payments."""
    yield open_ledger(tmp_path / "ledger.sqlite3", 0.5)
    db.close()


def ours(engine: LedgerEngine, fee: int = 100) -> TransactionEnvelope:
    """One of our transactions, from root (one operation), queued."""
    root = root_keypair(DEFAULT_PASSPHRASE)
    sequence = int(Account.get_by_id(root.public_key).sequence)
    builder = TransactionBuilder(SdkAccount(root.public_key, sequence), DEFAULT_PASSPHRASE, base_fee=fee)
    envelope = builder.append_operation(CreateAccount(Keypair.random().public_key, "10")).set_timeout(300).build()
    envelope.sign(root)
    assert engine.submit(envelope.to_xdr()).status is SubmitStatus.PENDING
    return envelope


def records(ledger: int) -> list[TransactionRecord]:
    query = TransactionRecord.select().where(TransactionRecord.ledger == ledger)
    return list(query.order_by(TransactionRecord.application_order))


def test_each_background_transaction_is_a_signed_envelope_of_payments_recorded_in_its_ledger(
    half: LedgerEngine,
) -> None:
    mine = ours(half)
    header = half.close_ledger()
    applied = records(header.sequence)
    theirs = [record for record in applied if record.hash != mine.hash_hex()]
    assert [record.application_order for record in applied] == list(range(1, 7))
    assert len(theirs) == 5 and len({record.source_account for record in theirs}) == 5
    for record in theirs:
        frame = parse_frame(record.envelope_xdr, DEFAULT_PASSPHRASE)
        assert frame.hash == record.hash and frame.fee_bump is None
        assert (
            frame.source_id
            == record.source_account
            == record.fee_account
            != root_keypair(DEFAULT_PASSPHRASE).public_key
        )
        assert frame.sequence == record.source_account_sequence
        operations = frame.inner.transaction.operations
        assert len(operations) == record.operation_count == OPS_PER_TX
        assert {type(op).__name__ for op in operations} == {"Payment"}
        assert frame.bid == record.max_fee == BACKGROUND_FEE * OPS_PER_TX
        (signature,) = frame.inner.signatures
        Keypair.from_public_key(record.source_account).verify(bytes.fromhex(record.hash), signature.signature)
        # Not surge-priced: the ledger held them all, so each pays the base fee.
        result = xdr.TransactionResult.from_xdr(record.result_xdr)
        assert result.result.code is xdr.TransactionResultCode.txSUCCESS
        assert record.fee_charged == result.fee_charged.int64 == 100 * OPS_PER_TX
        assert result.result.results is not None and len(result.result.results) == OPS_PER_TX
    assert header.successful_transaction_count == 6 and header.operation_count == 501
    assert header.fee_pool == 100 * 501


def test_a_surge_priced_ledger_charges_the_background_the_clearing_price(tmp_path: Path) -> None:
    engine = open_ledger(tmp_path / "ledger.sqlite3", 1.0)  # ten transactions, one more op than a ledger holds
    try:
        ours(engine, fee=300)
        header = engine.close_ledger()
        theirs = [record for record in records(header.sequence) if record.operation_count == OPS_PER_TX]
        assert len(theirs) == 9 and header.operation_count == 901
        assert {record.fee_charged for record in theirs} == {BACKGROUND_FEE * OPS_PER_TX}
        assert {record.max_fee for record in theirs} == {BACKGROUND_FEE * OPS_PER_TX}
    finally:
        db.close()


def test_a_background_account_uses_its_next_sequence_number_even_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    engine = open_ledger(path, 0.1)
    first = engine.close_ledger().sequence
    engine.close_ledger()
    db.close()
    engine = open_ledger(path, 0.1)
    engine.close_ledger()
    try:
        assert len({record.source_account for record in TransactionRecord.select()}) == 1
        sequences = [int(record.source_account_sequence) for record in records(first)]
        sequences += [int(record.source_account_sequence) for record in records(first + 1)]
        sequences += [int(record.source_account_sequence) for record in records(first + 2)]
        assert sequences == [(1 << 32) + 1, (1 << 32) + 2, (1 << 32) + 3]
        assert LedgerHeader.select().count() == first + 2
    finally:
        db.close()


def test_ours_keep_their_order_and_the_background_is_slotted_among_them_by_hash() -> None:
    assert interleaved([1, 2, 3], []) == [1, 2, 3]
    background = [BackgroundTransaction(f"{slot:08x}" + "0" * 56, "G", 1, 1, 100, "") for slot in (3, 0, 1, 7)]
    merged = interleaved([1, 2, 3], background)
    assert [item if isinstance(item, int) else int(item.hash[:8], 16) for item in merged] == [0, 1, 1, 2, 3, 3, 7]
    assert interleaved([1, 2, 3], list(reversed(background))) == merged


def test_each_account_signs_with_a_key_of_its_own_derived_from_the_network() -> None:
    accounts, again = BackgroundAccounts(DEFAULT_PASSPHRASE), BackgroundAccounts(DEFAULT_PASSPHRASE)
    assert accounts.keypair(3).public_key == again.keypair(3).public_key != accounts.keypair(2).public_key
    assert BackgroundAccounts("another network").keypair(0).public_key != accounts.keypair(0).public_key
