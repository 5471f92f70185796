"""Credit and native payment rules, trust lines and account creation."""

from __future__ import annotations

from decimal import Decimal

from stellar_sdk import Asset, Keypair, TrustLineFlags
from stellar_sdk.operation import (
    AuthorizationFlag,
    ChangeTrust,
    CreateAccount,
    Payment,
    SetOptions,
    SetTrustLineFlags,
)

from tests.ledger.conftest import Kit


def test_payment_to_trusting_payee(kit: Kit) -> None:
    _, distribution, asset = kit.issue()
    (payee,) = kit.fund()
    kit.trust(payee, asset)
    kit.submit(kit.build(distribution, [Payment(payee.public_key, asset, "12.3456789")]))
    assert kit.balance(payee, asset) == Decimal("12.3456789")
    assert kit.balance(distribution, asset) == Decimal("1000") - Decimal("12.3456789")


def test_no_destination(kit: Kit) -> None:
    _, distribution, asset = kit.issue()
    ghost = Keypair.random()
    codes = kit.failure(kit.build(distribution, [Payment(ghost.public_key, asset, "1")]))
    assert codes["operations"] == ["op_no_destination"]


def test_no_trust(kit: Kit) -> None:
    _, distribution, asset = kit.issue()
    (payee,) = kit.fund()
    codes = kit.failure(kit.build(distribution, [Payment(payee.public_key, asset, "1")]))
    assert codes["operations"] == ["op_no_trust"]


def test_not_authorized_after_issuer_revokes(kit: Kit) -> None:
    issuer, distribution, asset = kit.issue()
    kit.submit(kit.build(issuer, [SetOptions(set_flags=AuthorizationFlag.AUTHORIZATION_REVOCABLE)]))
    (payee,) = kit.fund()
    kit.trust(payee, asset)
    revoke = SetTrustLineFlags(payee.public_key, asset, clear_flags=TrustLineFlags.AUTHORIZED_FLAG)
    kit.submit(kit.build(issuer, [revoke]))
    assert kit.account(payee)["balances"][0]["is_authorized"] is False
    codes = kit.failure(kit.build(distribution, [Payment(payee.public_key, asset, "1")]))
    assert codes["operations"] == ["op_not_authorized"]


def test_auth_required_issuer_makes_new_lines_unauthorized(kit: Kit) -> None:
    issuer, distribution = kit.fund(2)
    kit.submit(kit.build(issuer, [SetOptions(set_flags=AuthorizationFlag.AUTHORIZATION_REQUIRED)]))
    asset = Asset("TKN", issuer.public_key)
    kit.trust(distribution, asset)
    codes = kit.failure(kit.build(issuer, [Payment(distribution.public_key, asset, "1")]))
    assert codes["operations"] == ["op_not_authorized"]


def test_source_without_trust_line(kit: Kit) -> None:
    issuer, payee = kit.fund(2)
    asset = Asset("TKN", issuer.public_key)
    kit.trust(payee, asset)
    (stranger,) = kit.fund()
    codes = kit.failure(kit.build(stranger, [Payment(payee.public_key, asset, "1")]))
    assert codes["operations"] == ["op_src_no_trust"]


def test_underfunded(kit: Kit) -> None:
    _, distribution, asset = kit.issue(mint="5")
    (payee,) = kit.fund()
    kit.trust(payee, asset)
    codes = kit.failure(kit.build(distribution, [Payment(payee.public_key, asset, "5.0000001")]))
    assert codes["operations"] == ["op_underfunded"]


def test_line_full(kit: Kit) -> None:
    _, distribution, asset = kit.issue()
    (payee,) = kit.fund()
    kit.trust(payee, asset, limit="10")
    codes = kit.failure(kit.build(distribution, [Payment(payee.public_key, asset, "10.5")]))
    assert codes["operations"] == ["op_line_full"]


def test_issuer_mints_and_burns_without_trust_line(kit: Kit) -> None:
    issuer, distribution, asset = kit.issue(mint="100")
    kit.submit(kit.build(distribution, [Payment(issuer.public_key, asset, "40")]))
    assert kit.balance(distribution, asset) == Decimal("60")
    assert [b["asset_type"] for b in kit.account(issuer)["balances"]] == ["native"]


def test_native_payment_and_underfunded(kit: Kit) -> None:
    payer, payee = kit.fund(2)
    kit.submit(kit.build(payer, [Payment(payee.public_key, Asset.native(), "25")]))
    assert kit.balance(payee) == Decimal("125")
    codes = kit.failure(kit.build(payer, [Payment(payee.public_key, Asset.native(), "500")]))
    assert codes["operations"] == ["op_underfunded"]


def test_create_account_rules(kit: Kit) -> None:
    (existing,) = kit.fund()
    codes = kit.failure(kit.build(kit.root, [CreateAccount(existing.public_key, "10")]))
    assert codes["operations"] == ["op_already_exists"]
    fresh = Keypair.random()
    codes = kit.failure(kit.build(kit.root, [CreateAccount(fresh.public_key, "0.5")]))
    assert codes["operations"] == ["op_low_reserve"]


def test_change_trust_counts_as_subentry(kit: Kit) -> None:
    issuer, holder = kit.fund(2)
    kit.submit(kit.build(holder, [ChangeTrust(Asset("TKN", issuer.public_key))]))
    assert kit.account(holder)["subentry_count"] == 1
