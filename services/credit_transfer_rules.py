"""Business rules of a pacs.008 credit transfer (spec 2.1, 4.1 and 8): pure functions on bindings."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from stellar_sdk import StrKey

from bindings.pacs_008_001_13 import CashAccount40, CreditTransferTransaction70, Document
from services.message_ids import check_message_id
from services.redaction import shortened
from services.rejections import ReasonCode, Violation

CURRENCY = "USD"
MIN_AMOUNT = Decimal("0.01")
MAX_AMOUNT = Decimal("10000")
MAX_DECIMALS = 2
MAX_MEMO_BYTES = 28
# A StrKey public key is always this long; only such texts are remembered (below).
PUBLIC_KEY_LENGTH = 56


@dataclass(frozen=True)
class CreditTransferInstruction:
    """What a valid pacs.008 asks for, in plain values."""

    message_id: str
    instruction_id: str | None
    end_to_end_id: str | None
    transaction_id: str | None
    amount_usd: Decimal
    source_account: str
    destination_account: str
    memo: str | None


def _account_id(account: CashAccount40 | None) -> str | None:
    if account is None or account.id is None or account.id.othr is None:
        return None
    return account.id.othr.id


def check_amount(amount: Decimal, currency: str) -> list[Violation]:
    """Currency USD only; amount in [0.01, 10000] with at most two decimals."""
    if currency != CURRENCY:
        return [Violation(ReasonCode.CUST, f"Currency {currency} is not supported; only {CURRENCY} is accepted.")]
    shown = f"{amount} {currency}"
    if amount <= 0:
        return [Violation(ReasonCode.AM09, f"Amount {shown} must be greater than zero.")]
    violations = []
    exponent = amount.normalize().as_tuple().exponent
    if isinstance(exponent, int) and -exponent > MAX_DECIMALS:
        violations.append(Violation(ReasonCode.AM09, f"Amount {shown} has more than {MAX_DECIMALS} decimal places."))
    if amount < MIN_AMOUNT:
        violations.append(Violation(ReasonCode.AM09, f"Amount {shown} is below the minimum {MIN_AMOUNT} {CURRENCY}."))
    if amount > MAX_AMOUNT:
        violations.append(Violation(ReasonCode.AM09, f"Amount {shown} exceeds the maximum {MAX_AMOUNT} {CURRENCY}."))
    return violations


# A bank pays the same creditors again and again, and stellar-sdk decodes the key's base32 and CRC in
# Python (about 20 µs of a pacs.008). Its answer depends on the text alone, so it is kept for the
# most recent keys; texts of any other length are never valid and never kept, so a body full of long
# keys cannot grow the cache.
_remembered_public_key_check = functools.lru_cache(maxsize=4096)(StrKey.is_valid_ed25519_public_key)


def is_valid_public_key(key: str) -> bool:
    """stellar-sdk's `StrKey.is_valid_ed25519_public_key`, remembered for 56-character texts."""
    if len(key) != PUBLIC_KEY_LENGTH:
        return False
    return bool(_remembered_public_key_check(key))


def check_creditor_key(key: str | None) -> list[Violation]:
    """The creditor account must be a valid Ed25519 public key (G...), checked by stellar-sdk."""
    if key is None:
        return [
            Violation(ReasonCode.FF01, "The required field CdtrAcct/Id/Othr/Id (destination public key) is missing.")
        ]
    if not is_valid_public_key(key):
        return [
            Violation(
                ReasonCode.AC01,
                f"Creditor account '{shortened(key, 60)}' has an invalid public key format: a 56-character "
                "Stellar public key starting with G and a valid checksum is expected.",
            )
        ]
    return []


def check_memo(memo: str | None) -> list[Violation]:
    """A Stellar text memo holds 28 bytes, so CdtrAcct/Nm is measured in UTF-8 bytes."""
    if memo is None:
        return []
    size = len(memo.encode("utf-8"))
    if size > MAX_MEMO_BYTES:
        return [
            Violation(
                ReasonCode.FF01,
                f"CdtrAcct/Nm is {size} bytes in UTF-8; the ledger memo holds at most {MAX_MEMO_BYTES} bytes.",
            )
        ]
    return []


def _check_transaction(tx: CreditTransferTransaction70) -> list[Violation]:
    violations = check_amount(tx.intr_bk_sttlm_amt.value, tx.intr_bk_sttlm_amt.ccy)
    if _account_id(tx.dbtr_acct) is None:
        violations.append(
            Violation(ReasonCode.FF01, "The required field DbtrAcct/Id/Othr/Id (source account number) is missing.")
        )
    violations += check_creditor_key(_account_id(tx.cdtr_acct))
    violations += check_memo(tx.cdtr_acct.nm if tx.cdtr_acct else None)
    return violations


def check_credit_transfer(document: Document, now: datetime) -> list[Violation]:
    """Every violation of the service's rules by a schema-valid pacs.008, most basic first."""
    message = document.fito_ficstmr_cdt_trf
    violation = check_message_id(message.grp_hdr.msg_id, now, ReasonCode.NARR)
    if violation is not None:
        return [violation]
    if len(message.cdt_trf_tx_inf) != 1:
        return [
            Violation(
                ReasonCode.NARR,
                f"Only one CdtTrfTxInf per message is supported; found {len(message.cdt_trf_tx_inf)}. "
                "Send one pacs.008 per transfer.",
            )
        ]
    return _check_transaction(message.cdt_trf_tx_inf[0])


def original_ids(document: Document) -> tuple[str | None, str | None]:
    """(InstrId, EndToEndId) of the first transaction, to echo in any answer."""
    transactions = document.fito_ficstmr_cdt_trf.cdt_trf_tx_inf
    if not transactions or transactions[0].pmt_id is None:
        return None, None
    return transactions[0].pmt_id.instr_id, transactions[0].pmt_id.end_to_end_id


def instruction_of(document: Document) -> CreditTransferInstruction:
    """The plain instruction of a pacs.008 that passed `check_credit_transfer`."""
    message = document.fito_ficstmr_cdt_trf
    tx = message.cdt_trf_tx_inf[0]
    source, destination = _account_id(tx.dbtr_acct), _account_id(tx.cdtr_acct)
    assert message.grp_hdr.msg_id and source and destination and tx.cdtr_acct, "checked first"
    instruction_id, end_to_end_id = original_ids(document)
    return CreditTransferInstruction(
        message_id=message.grp_hdr.msg_id,
        instruction_id=instruction_id,
        end_to_end_id=end_to_end_id,
        transaction_id=tx.pmt_id.tx_id if tx.pmt_id else None,
        amount_usd=tx.intr_bk_sttlm_amt.value,
        source_account=source,
        destination_account=destination,
        memo=tx.cdtr_acct.nm,
    )
