"""Result codes as Horizon names them, and the TransactionResult XDR stellar-core would emit."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from stellar_sdk import xdr

_TX_NAME_OVERRIDES = {"txNO_ACCOUNT": "tx_no_source_account"}

_OP_GENERIC = {
    "op_bad_auth": xdr.OperationResultCode.opBAD_AUTH,
    "op_no_source_account": xdr.OperationResultCode.opNO_ACCOUNT,
    "op_not_supported": xdr.OperationResultCode.opNOT_SUPPORTED,
    "op_too_many_subentries": xdr.OperationResultCode.opTOO_MANY_SUBENTRIES,
}

# Per operation type: the inner result class, its code enum, the attribute of
# OperationResultTr that carries it, and the prefix of the enum's member names.
_OP_INNER: dict[xdr.OperationType, tuple[type, type[IntEnum], str, str]] = {
    xdr.OperationType.CREATE_ACCOUNT: (
        xdr.CreateAccountResult,
        xdr.CreateAccountResultCode,
        "create_account_result",
        "CREATE_ACCOUNT_",
    ),
    xdr.OperationType.PAYMENT: (
        xdr.PaymentResult,
        xdr.PaymentResultCode,
        "payment_result",
        "PAYMENT_",
    ),
    xdr.OperationType.SET_OPTIONS: (
        xdr.SetOptionsResult,
        xdr.SetOptionsResultCode,
        "set_options_result",
        "SET_OPTIONS_",
    ),
    xdr.OperationType.CHANGE_TRUST: (
        xdr.ChangeTrustResult,
        xdr.ChangeTrustResultCode,
        "change_trust_result",
        "CHANGE_TRUST_",
    ),
    xdr.OperationType.ALLOW_TRUST: (
        xdr.AllowTrustResult,
        xdr.AllowTrustResultCode,
        "allow_trust_result",
        "ALLOW_TRUST_",
    ),
    xdr.OperationType.SET_TRUST_LINE_FLAGS: (
        xdr.SetTrustLineFlagsResult,
        xdr.SetTrustLineFlagsResultCode,
        "set_trust_line_flags_result",
        "SET_TRUST_LINE_FLAGS_",
    ),
}

# Horizon spells a few inner codes differently from the enum member names.
_OP_NAME_OVERRIDES = {"ALREADY_EXIST": "op_already_exists", "TRUST_NOT_REQUIRED": "op_not_required"}


def tx_code_name(code: xdr.TransactionResultCode) -> str:
    """Return Horizon's name for a transaction result code, e.g. ``tx_bad_seq``."""
    return _TX_NAME_OVERRIDES.get(code.name, "tx_" + code.name[2:].lower())


def tx_code_from_name(name: str) -> xdr.TransactionResultCode:
    """Return the transaction result code Horizon calls ``name``."""
    for code in xdr.TransactionResultCode:
        if tx_code_name(code) == name:
            return code
    raise KeyError(name)


def _inner_name(member_name: str, prefix: str) -> str:
    suffix = member_name[len(prefix) :]
    return _OP_NAME_OVERRIDES.get(suffix, "op_" + suffix.lower())


@dataclass(frozen=True)
class OpResult:
    """The outcome of one operation, by operation type and Horizon code name."""

    op_type: xdr.OperationType
    code: str = "op_success"

    @property
    def ok(self) -> bool:
        """Whether the operation succeeded."""
        return self.code == "op_success"


@dataclass
class TxResult:
    """The outcome of a transaction: code name, fee charged and operation results."""

    code: str
    fee_charged: int = 0
    operations: list[OpResult] = field(default_factory=list)

    @property
    def successful(self) -> bool:
        """Whether the transaction succeeded as a whole."""
        return self.code == "tx_success"

    def result_codes(self) -> dict[str, object]:
        """Return Horizon's ``extras.result_codes`` object."""
        codes: dict[str, object] = {"transaction": self.code}
        if self.code in ("tx_success", "tx_failed"):
            codes["operations"] = [op.code for op in self.operations]
        return codes

    def to_xdr(self) -> str:
        """Return the base64 TransactionResult XDR."""
        code = tx_code_from_name(self.code)
        results = None
        if code in (xdr.TransactionResultCode.txSUCCESS, xdr.TransactionResultCode.txFAILED):
            results = [_op_result_xdr(op) for op in self.operations]
        result = xdr.TransactionResult(
            fee_charged=xdr.Int64(self.fee_charged),
            result=xdr.TransactionResultResult(code=code, results=results),
            ext=xdr.TransactionResultExt(v=0),
        )
        return result.to_xdr()


def _op_result_xdr(op: OpResult) -> xdr.OperationResult:
    generic = _OP_GENERIC.get(op.code)
    if generic is not None:
        return xdr.OperationResult(code=generic)
    result_class, code_enum, attribute, prefix = _OP_INNER[op.op_type]
    for member in code_enum:
        if _inner_name(member.name, prefix) == op.code:
            inner = result_class(code=member)
            break
    else:
        raise KeyError(f"{op.code} is not a result of {op.op_type.name}")
    tr = xdr.OperationResultTr(type=op.op_type, **{attribute: inner})
    return xdr.OperationResult(code=xdr.OperationResultCode.opINNER, tr=tr)
