"""Validating a many-operation transaction: each key verified and each op source read once, same codes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ledger import queries
from ledger.config import DEFAULT_PASSPHRASE, LedgerConfig
from ledger.engine import LedgerEngine, SubmitStatus
from ledger.models import Account, Signer, ensure_genesis, open_database
from ledger.results import TxResult
from stellar_sdk import Account as SdkAccount
from stellar_sdk import Asset, DecoratedSignature, Keypair, TransactionBuilder, TransactionEnvelope
from stellar_sdk.operation import Payment

OPS = 100
START_SEQUENCE = 2 << 32


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[LedgerEngine]:
    """An engine on a fresh ledger file that closes ledgers only when asked."""
    config = LedgerConfig(database=str(tmp_path / "ledger.sqlite3"), ledger_close_seconds=0)
    database = open_database(config.database)
    ensure_genesis(config.network_passphrase, config.base_fee, config.base_reserve)
    yield LedgerEngine(config)
    database.close()


@pytest.fixture
def verifications(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The public key of every ed25519 verification made, in order."""
    made: list[str] = []
    verify = Keypair.verify

    def counted(self: Keypair, data: bytes, signature: bytes) -> None:
        made.append(self.public_key)
        verify(self, data, signature)

    monkeypatch.setattr(Keypair, "verify", counted)
    return made


def _accounts(*keypairs: Keypair) -> None:
    for keypair in keypairs:
        Account.create(
            account_id=keypair.public_key, balance=1_000_000_000, sequence=START_SEQUENCE, last_modified_ledger=2
        )


def _payments(channel: Keypair, op_sources: list[Keypair]) -> TransactionEnvelope:
    """A channel's transaction of native payments to itself, operation i from ``op_sources[i]``."""
    builder = TransactionBuilder(SdkAccount(channel.public_key, START_SEQUENCE), DEFAULT_PASSPHRASE, base_fee=100)
    for source in op_sources:
        builder.append_operation(Payment(channel.public_key, Asset.native(), "1", source=source.public_key))
    return builder.set_timeout(300).build()


def _forged(envelope: TransactionEnvelope, keypair: Keypair) -> None:
    """Add a signature with the key's hint that does not verify over the envelope's hash."""
    envelope.signatures.append(DecoratedSignature(keypair.signature_hint(), keypair.sign(b"something else")))


def _refusal(engine: LedgerEngine, envelope: TransactionEnvelope) -> TxResult:
    submission = engine.submit(envelope.to_xdr())
    assert submission.status is SubmitStatus.ERROR
    assert submission.error is not None
    return submission.error


def test_one_verification_per_signing_key(engine: LedgerEngine, verifications: list[str]) -> None:
    channel, distribution = Keypair.random(), Keypair.random()
    _accounts(channel, distribution)
    envelope = _payments(channel, [distribution] * OPS)
    envelope.sign(channel)
    envelope.sign(distribution)
    assert engine.submit(envelope.to_xdr()).status is SubmitStatus.PENDING
    assert sorted(verifications) == sorted([channel.public_key, distribution.public_key])
    verifications.clear()
    header = engine.close_ledger()
    assert (header.successful_transaction_count, header.operation_count) == (1, OPS)
    assert sorted(verifications) == sorted([channel.public_key, distribution.public_key])


def test_a_key_signing_for_several_accounts_is_verified_once(engine: LedgerEngine, verifications: list[str]) -> None:
    channel, distribution = Keypair.random(), Keypair.random()
    _accounts(channel, distribution)
    Account.update(master_weight=0).where(Account.account_id == distribution.public_key).execute()
    Signer.create(account=distribution.public_key, key=channel.public_key, weight=1)
    envelope = _payments(channel, [distribution] * OPS)
    envelope.sign(channel)
    assert engine.submit(envelope.to_xdr()).status is SubmitStatus.PENDING
    assert verifications == [channel.public_key]


def test_a_forged_source_signature_is_bad_auth(engine: LedgerEngine, verifications: list[str]) -> None:
    channel, distribution = Keypair.random(), Keypair.random()
    _accounts(channel, distribution)
    envelope = _payments(channel, [distribution] * OPS)
    _forged(envelope, channel)
    envelope.sign(distribution)
    assert _refusal(engine, envelope).result_codes() == {"transaction": "tx_bad_auth"}
    assert verifications == [channel.public_key]


def test_a_forged_op_source_signature_fails_each_of_its_operations(
    engine: LedgerEngine, verifications: list[str]
) -> None:
    channel, distribution = Keypair.random(), Keypair.random()
    _accounts(channel, distribution)
    sources = [distribution if index % 3 else channel for index in range(OPS)]
    envelope = _payments(channel, sources)
    envelope.sign(channel)
    _forged(envelope, distribution)
    codes = _refusal(engine, envelope).result_codes()
    assert codes == {
        "transaction": "tx_failed",
        "operations": ["op_bad_auth" if source is distribution else "op_success" for source in sources],
    }
    assert sorted(verifications) == sorted([channel.public_key, distribution.public_key])


def test_a_signature_no_operation_needed_is_bad_auth_extra(engine: LedgerEngine) -> None:
    channel, distribution, stranger = Keypair.random(), Keypair.random(), Keypair.random()
    _accounts(channel, distribution)
    envelope = _payments(channel, [distribution] * OPS)
    envelope.sign(channel)
    envelope.sign(distribution)
    envelope.sign(stranger)
    assert _refusal(engine, envelope).result_codes() == {"transaction": "tx_bad_auth_extra"}


def test_each_op_source_is_read_once(engine: LedgerEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    channel, distribution, ghost = Keypair.random(), Keypair.random(), Keypair.random()
    _accounts(channel, distribution)
    read: list[str] = []
    lookup = queries.account

    def counted(account_id: str) -> Account | None:
        read.append(account_id)
        return lookup(account_id)

    monkeypatch.setattr(queries, "account", counted)
    sources = [ghost if index % 10 == 9 else distribution for index in range(OPS)]
    envelope = _payments(channel, sources)
    envelope.sign(channel)
    envelope.sign(distribution)
    codes = _refusal(engine, envelope).result_codes()
    assert codes == {
        "transaction": "tx_failed",
        "operations": ["op_no_source_account" if source is ghost else "op_success" for source in sources],
    }
    assert read == [channel.public_key, distribution.public_key, ghost.public_key]
