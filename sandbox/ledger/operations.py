"""The operations the ledger supports: their static checks, thresholds and effects."""

from __future__ import annotations

from dataclasses import dataclass

from stellar_sdk import Asset, xdr
from stellar_sdk.operation import (
    AllowTrust,
    ChangeTrust,
    CreateAccount,
    Operation,
    Payment,
    SetOptions,
    SetTrustLineFlags,
)
from stellar_sdk.signer_key import SignerKeyType

from ledger import queries
from ledger.auth import Threshold
from ledger.models import Account, Signer, TrustLine

INT64_MAX = 2**63 - 1
AUTH_REQUIRED = 1
AUTH_REVOCABLE = 2
AUTH_IMMUTABLE = 4
KNOWN_ACCOUNT_FLAGS = 15
TRUSTLINE_AUTHORIZED = 1
MAX_SIGNERS = 20


@dataclass(frozen=True)
class LedgerContext:
    """What operations need to know about the ledger being closed."""

    sequence: int
    base_reserve: int


# Each SDK operation class stands for one XDR operation type. Serializing every operation to
# learn its type cost more than the rest of a payment's validation; an operation in a frame has
# already serialized once, for the frame's hash, so learning it from another instance changes nothing.
_OP_TYPES: dict[type[Operation], xdr.OperationType] = {}


def op_type(op: Operation) -> xdr.OperationType:
    """Return the XDR operation type of an SDK operation."""
    kind = _OP_TYPES.get(type(op))
    if kind is None:
        kind = _OP_TYPES[type(op)] = op.to_xdr_object().body.type
    return kind


def threshold_for(op: Operation) -> Threshold:
    """Return the threshold level the operation needs from its source account."""
    if isinstance(op, (AllowTrust, SetTrustLineFlags)):
        return Threshold.LOW
    if isinstance(op, SetOptions) and (
        op.signer is not None
        or op.master_weight is not None
        or op.low_threshold is not None
        or op.med_threshold is not None
        or op.high_threshold is not None
    ):
        return Threshold.HIGH
    return Threshold.MEDIUM


def min_balance(account: Account, context: LedgerContext, extra_subentries: int = 0) -> int:
    """Return the reserve the account must keep in native stroops."""
    return (2 + int(account.subentry_count) + extra_subentries) * context.base_reserve


def static_check(op: Operation, source_id: str) -> str | None:  # noqa: PLR0911
    """Return the malformed code stellar-core's checkValid would give, or None if well formed."""
    if isinstance(op, Payment):
        return "op_malformed" if Operation.to_xdr_amount(op.amount) <= 0 else None
    if isinstance(op, CreateAccount):
        amount = Operation.to_xdr_amount(op.starting_balance)
        return "op_malformed" if amount <= 0 or op.destination == source_id else None
    if isinstance(op, ChangeTrust):
        asset = op.asset
        if not isinstance(asset, Asset) or asset.is_native() or asset.issuer == source_id:
            return "op_malformed"
        return "op_malformed" if Operation.to_xdr_amount(op.limit) < 0 else None
    if isinstance(op, (AllowTrust, SetTrustLineFlags)):
        return "op_malformed" if op.trustor == source_id else None
    if isinstance(op, SetOptions):
        return _check_set_options(op, source_id)
    return "op_not_supported"


def _check_set_options(op: SetOptions, source_id: str) -> str | None:
    for value in (op.master_weight, op.low_threshold, op.med_threshold, op.high_threshold):
        if value is not None and not 0 <= value <= 255:
            return "op_threshold_out_of_range"
    flags = [int(f) for f in (op.set_flags, op.clear_flags) if f is not None]
    if any(f & ~KNOWN_ACCOUNT_FLAGS for f in flags):
        return "op_unknown_flag"
    if len(flags) == 2 and flags[0] & flags[1]:
        return "op_bad_flags"
    if op.signer is not None:
        key = op.signer.signer_key
        if key.signer_key_type != SignerKeyType.SIGNER_KEY_TYPE_ED25519:
            return "op_bad_signer"
        if key.encoded_signer_key == source_id or not 0 <= op.signer.weight <= 255:
            return "op_bad_signer"
    return None


def apply_operation(op: Operation, source: Account, context: LedgerContext) -> str:  # noqa: PLR0911
    """Apply one operation inside the caller's database transaction and return its code."""
    if isinstance(op, Payment):
        return _payment(op, source)
    if isinstance(op, CreateAccount):
        return _create_account(op, source, context)
    if isinstance(op, ChangeTrust):
        return _change_trust(op, source, context)
    if isinstance(op, AllowTrust):
        asset = Asset(op.asset_code, source.account_id)
        return _set_authorized(op.trustor, asset, bool(int(op.authorize) & 1), source)
    if isinstance(op, SetTrustLineFlags):
        if op.asset.issuer != source.account_id:
            return "op_malformed"
        clear = int(op.clear_flags or 0) & TRUSTLINE_AUTHORIZED
        set_ = int(op.set_flags or 0) & TRUSTLINE_AUTHORIZED
        line = _trust_line(op.trustor, op.asset)
        authorized = bool(set_) or (bool(line.authorized) and not clear) if line else False
        return _set_authorized(op.trustor, op.asset, authorized, source)
    if isinstance(op, SetOptions):
        return _set_options(op, source, context)
    return "op_not_supported"


def _account(account_id: str) -> Account | None:
    return queries.account(account_id)


def _trust_line(account_id: str, asset: Asset) -> TrustLine | None:
    return queries.trust_line(account_id, asset.code, asset.issuer)


def _payment(op: Payment, source: Account) -> str:  # noqa: PLR0911
    amount = Operation.to_xdr_amount(op.amount)
    destination = _account(op.destination.account_id)
    if destination is None:
        return "op_no_destination"
    if op.asset.is_native():
        return _native_payment(source, destination, amount)
    issuer = op.asset.issuer
    if destination.account_id != issuer:
        line = _trust_line(destination.account_id, op.asset)
        if line is None:
            return "op_no_trust"
        if not line.authorized:
            return "op_not_authorized"
        if line.balance + amount > line.limit:
            return "op_line_full"
        line.balance += amount
        queries.set_trust_line_balance(line)
    if source.account_id != issuer:
        src_line = _trust_line(source.account_id, op.asset)
        if src_line is None:
            return "op_src_no_trust"
        if not src_line.authorized:
            return "op_src_not_authorized"
        if src_line.balance < amount:
            return "op_underfunded"
        src_line.balance -= amount
        queries.set_trust_line_balance(src_line)
    return "op_success"


def _native_payment(source: Account, destination: Account, amount: int) -> str:
    source = queries.existing_account(source.account_id)
    if source.balance - amount < 0:
        return "op_underfunded"
    if destination.account_id == source.account_id:
        return "op_success"
    if destination.balance + amount > INT64_MAX:
        return "op_line_full"
    queries.debit(source.account_id, amount)
    queries.credit(destination.account_id, amount)
    return "op_success"


def _create_account(op: CreateAccount, source: Account, context: LedgerContext) -> str:
    amount = Operation.to_xdr_amount(op.starting_balance)
    if _account(op.destination) is not None:
        return "op_already_exists"
    if amount < 2 * context.base_reserve:
        return "op_low_reserve"
    source = Account.get_by_id(source.account_id)
    if source.balance - amount < min_balance(source, context):
        return "op_underfunded"
    Account.update(balance=Account.balance - amount).where(Account.account_id == source.account_id).execute()
    Account.create(
        account_id=op.destination,
        balance=amount,
        sequence=context.sequence << 32,
        last_modified_ledger=context.sequence,
    )
    return "op_success"


def _change_trust(op: ChangeTrust, source: Account, context: LedgerContext) -> str:  # noqa: PLR0911
    asset = op.asset
    assert isinstance(asset, Asset)
    limit = Operation.to_xdr_amount(op.limit)
    line = _trust_line(source.account_id, asset)
    source = Account.get_by_id(source.account_id)
    if line is not None:
        if limit < line.balance:
            return "op_invalid_limit"
        if limit == 0:
            line.delete_instance()
            source.subentry_count -= 1
            source.save()
            return "op_success"
        line.limit = limit
        line.last_modified_ledger = context.sequence
        line.save()
        return "op_success"
    if limit == 0:
        return "op_trust_line_missing"
    issuer = _account(asset.issuer) if asset.issuer else None
    if issuer is None:
        return "op_no_issuer"
    if source.balance < min_balance(source, context, extra_subentries=1):
        return "op_low_reserve"
    TrustLine.create(
        account=source.account_id,
        asset_code=asset.code,
        asset_issuer=asset.issuer,
        limit=limit,
        authorized=not (issuer.flags & AUTH_REQUIRED),
        last_modified_ledger=context.sequence,
    )
    source.subentry_count += 1
    source.save()
    return "op_success"


def _set_authorized(trustor: str, asset: Asset, authorized: bool, issuer: Account) -> str:
    line = _trust_line(trustor, asset)
    if line is None:
        return "op_no_trust_line"
    if line.authorized and not authorized and not issuer.flags & AUTH_REVOCABLE:
        return "op_cant_revoke"
    line.authorized = authorized
    line.save()
    return "op_success"


def _set_options(op: SetOptions, source: Account, context: LedgerContext) -> str:
    source = Account.get_by_id(source.account_id)
    if (op.set_flags or op.clear_flags) and source.flags & AUTH_IMMUTABLE:
        return "op_cant_change"
    source.flags = (source.flags | int(op.set_flags or 0)) & ~int(op.clear_flags or 0)
    for name in ("master_weight", "low_threshold", "med_threshold", "high_threshold"):
        value = getattr(op, name)
        if value is not None:
            setattr(source, name, value)
    if op.signer is not None:
        code = _set_signer(source, op.signer.signer_key.encoded_signer_key, op.signer.weight, context)
        if code != "op_success":
            return code
    source.last_modified_ledger = context.sequence
    source.save()
    return "op_success"


def _set_signer(source: Account, key: str, weight: int, context: LedgerContext) -> str:
    existing = Signer.get_or_none((Signer.account == source.account_id) & (Signer.key == key))
    if existing is not None and weight == 0:
        existing.delete_instance()
        source.subentry_count -= 1
    elif existing is not None:
        existing.weight = weight
        existing.save()
    elif weight > 0:
        if Signer.select().where(Signer.account == source.account_id).count() >= MAX_SIGNERS:
            return "op_too_many_signers"
        if source.balance < min_balance(source, context, extra_subentries=1):
            return "op_low_reserve"
        Signer.create(account=source.account_id, key=key, weight=weight)
        source.subentry_count += 1
    return "op_success"
