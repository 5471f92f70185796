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


FEE_BUMP_SUCCESS = "tx_fee_bump_inner_success"
FEE_BUMP_FAILED = "tx_fee_bump_inner_failed"
_WITH_OPERATIONS = ("tx_success", "tx_failed")


@dataclass
class TxResult:
    """The outcome of a transaction: code name, fee charged and operation results.

    A fee bump's result wraps its inner transaction's (``inner``, ``inner_hash``), as CAP-15's
    InnerTransactionResultPair does.
    """

    code: str
    fee_charged: int = 0
    operations: list[OpResult] = field(default_factory=list)
    inner: TxResult | None = None
    inner_hash: str | None = None

    @property
    def successful(self) -> bool:
        """Whether the transaction succeeded as a whole."""
        return self.code in ("tx_success", FEE_BUMP_SUCCESS)

    def wrapped(self, inner_hash: str) -> TxResult:
        """This (inner) result as a fee bump's result."""
        code = FEE_BUMP_SUCCESS if self.successful else FEE_BUMP_FAILED
        return TxResult(code, self.fee_charged, inner=TxResult(self.code, 0, self.operations), inner_hash=inner_hash)

    def result_codes(self) -> dict[str, object]:
        """Return Horizon's ``extras.result_codes`` object."""
        codes: dict[str, object] = {"transaction": self.code}
        inner = self.inner
        if inner is not None:
            codes["inner_transaction"] = inner.code
            if inner.code in _WITH_OPERATIONS:
                codes["operations"] = [op.code for op in inner.operations]
        elif self.code in _WITH_OPERATIONS:
            codes["operations"] = [op.code for op in self.operations]
        return codes

    def _result_xdr(self) -> xdr.TransactionResultResult:
        code = tx_code_from_name(self.code)
        if self.inner is not None and self.inner_hash is not None:
            inner_code = tx_code_from_name(self.inner.code)
            inner_results = None
            if self.inner.code in _WITH_OPERATIONS:
                inner_results = [_op_result_xdr(op) for op in self.inner.operations]
            pair = xdr.InnerTransactionResultPair(
                transaction_hash=xdr.Hash(bytes.fromhex(self.inner_hash)),
                result=xdr.InnerTransactionResult(
                    fee_charged=xdr.Int64(0),
                    result=xdr.InnerTransactionResultResult(code=inner_code, results=inner_results),
                    ext=xdr.InnerTransactionResultExt(v=0),
                ),
            )
            return xdr.TransactionResultResult(code=code, inner_result_pair=pair)
        results = None
        if self.code in _WITH_OPERATIONS:
            results = [_op_result_xdr(op) for op in self.operations]
        return xdr.TransactionResultResult(code=code, results=results)

    def to_xdr(self) -> str:
        """Return the base64 TransactionResult XDR."""
        result = xdr.TransactionResult(
            fee_charged=xdr.Int64(self.fee_charged),
            result=self._result_xdr(),
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
