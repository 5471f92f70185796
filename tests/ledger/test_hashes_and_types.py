"""What validation takes instead of serializing again: the frame's hashes, each operation class's type."""

from __future__ import annotations

from ledger.config import DEFAULT_PASSPHRASE
from ledger.frames import parse_frame
from ledger.operations import op_type
from stellar_sdk import Account, Asset, Keypair, TransactionBuilder
from stellar_sdk.operation import (
    ChangeTrust,
    CreateAccount,
    ManageData,
    Operation,
    Payment,
    SetOptions,
    SetTrustLineFlags,
)

ISSUER = Keypair.random()
ASSET = Asset("TKN", ISSUER.public_key)


def test_op_type_is_the_serialized_type_for_every_instance_of_a_class() -> None:
    holder = Keypair.random().public_key
    operations: list[Operation] = [
        Payment(holder, Asset.native(), "1"),
        Payment(holder, ASSET, "2", source=ISSUER.public_key),
        CreateAccount(holder, "10"),
        ChangeTrust(ASSET),
        ChangeTrust(ASSET, "0"),
        SetOptions(master_weight=1),
        SetOptions(),
        SetTrustLineFlags(holder, ASSET),
        ManageData("name", "value"),
    ]
    for operation in operations * 2:
        assert op_type(operation) == operation.to_xdr_object().body.type


def test_signed_hash_is_the_hash_the_inner_signatures_sign() -> None:
    source, fee_source = Keypair.random(), Keypair.random()
    builder = TransactionBuilder(Account(source.public_key, 1), DEFAULT_PASSPHRASE, base_fee=100)
    envelope = builder.append_operation(Payment(ISSUER.public_key, Asset.native(), "1")).set_timeout(60).build()
    envelope.sign(source)
    plain = parse_frame(envelope.to_xdr(), DEFAULT_PASSPHRASE)
    assert plain.signed_hash == envelope.hash()
    bump = TransactionBuilder.build_fee_bump_transaction(fee_source.public_key, 200, envelope, DEFAULT_PASSPHRASE)
    bump.sign(fee_source)
    bumped = parse_frame(bump.to_xdr(), DEFAULT_PASSPHRASE)
    assert bumped.signed_hash == envelope.hash() != bump.hash()
