"""The small taxonomy settlement branches on: success, failed, blocked, pending.

- success: the payment was applied.
- failed: applied and failed for a reason that is the payee's (terminal for the transfer).
- blocked: our own funding or signing problem; the transfer keeps retrying, visible to the operator.
- pending: nothing certain was learned (timeouts, 5xx, 429, resets, bad_seq, too_late, low fee).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from services.settlement.ledger_api import FoundTransaction, SubmitReply


class Kind(StrEnum):
    """What settlement does next."""

    SUCCESS = "success"
    FAILED = "failed"
    BLOCKED = "blocked"
    PENDING = "pending"


# Terminal for the payee: ISO 20022 reason code reported by pacs.028 (docs/settlement.md).
PAYEE_REASON_CODES: dict[str, str] = {
    "op_no_destination": "AC01",
    "op_no_trust": "AC01",
    "op_not_authorized": "AC01",
    "op_line_full": "AC01",
    "op_no_issuer": "AC01",
}

# What each payee code means, in the words a Failed transfer's report and the worker's log give;
# with " (ledger result <code>)" each fits one 105-character AddtlInf line after "Reason: ".
PAYEE_REASONS: dict[str, str] = {
    "op_no_destination": "the creditor account does not exist on the ledger",
    "op_no_trust": "the creditor account has no TKN trustline",
    "op_not_authorized": "the creditor account is not authorized to hold TKN",
    "op_line_full": "the creditor account's TKN trustline cannot hold this amount",
    "op_no_issuer": "the TKN issuer account does not exist on the ledger",
}

# Our own problem: the operator must fund or fix keys; the customer's transfer is not failed.
OUR_PROBLEMS = frozenset({"op_underfunded", "tx_insufficient_balance", "tx_bad_auth", "op_bad_auth"})

RETRYABLE_TX_CODES = frozenset({"tx_bad_seq", "tx_too_late", "tx_insufficient_fee", "tx_too_early"})
RETRYABLE_HTTP = frozenset({0, 429, 500, 502, 503, 504})


@dataclass(frozen=True)
class Outcome:
    """One classified answer. `applied` says the envelope's sequence number is used up."""

    kind: Kind
    detail: str
    applied: bool = False
    ledger: int | None = None
    reason_code: str | None = None
    result_code: str | None = None
    op_codes: tuple[str, ...] = ()  # per operation, when the ledger reported them
    fee_charged: int | None = None  # stroops, when the ledger said what it charged


def _first_problem(tx_code: str | None, op_codes: tuple[str, ...]) -> str:
    # A payee's code proves the envelope was applied, so it wins over our own codes in a batch.
    failing = [code for code in op_codes if code != "op_success"]
    payee = [code for code in failing if code in PAYEE_REASON_CODES]
    return (payee or failing or [tx_code or "unknown"])[0]


def classify_codes(tx_code: str | None, op_codes: tuple[str, ...], applied: bool, ledger: int | None) -> Outcome:
    """Classify Horizon result codes of a failed transaction."""
    code = _first_problem(tx_code, op_codes)
    if code in PAYEE_REASON_CODES:
        if not applied and tx_code != "tx_failed":
            return Outcome(Kind.PENDING, f"unexpected {code} before apply", result_code=code)
        reason = PAYEE_REASON_CODES[code]
        return Outcome(
            Kind.FAILED, code, applied=True, ledger=ledger, reason_code=reason, result_code=code, op_codes=op_codes
        )
    if code in OUR_PROBLEMS:
        return Outcome(Kind.BLOCKED, code, applied=applied, ledger=ledger, result_code=code, op_codes=op_codes)
    if code in RETRYABLE_TX_CODES:
        return Outcome(Kind.PENDING, code, applied=applied, ledger=ledger, result_code=code, op_codes=op_codes)
    # Anything else (malformed, unknown codes) is our bug until shown otherwise: never fail the customer.
    return Outcome(Kind.BLOCKED, code, applied=applied, ledger=ledger, result_code=code, op_codes=op_codes)


def classify_reply(reply: SubmitReply) -> Outcome:
    """Classify the answer to a submission."""
    if reply.applied and reply.successful:
        return Outcome(Kind.SUCCESS, "applied", applied=True, ledger=reply.ledger, result_code="tx_success")
    if reply.applied:
        return classify_codes(reply.tx_code, reply.op_codes, applied=True, ledger=reply.ledger)
    if reply.http_status == 400 and reply.tx_code is not None:
        # Only a payee-side op code proves the ledger applied the envelope: core sets those when it
        # applies a payment. `op_bad_auth`, `op_no_source_account` and `op_malformed` also come back
        # as `tx_failed` from the checks on receipt, with nothing applied; a lookup by hash decides.
        applied = reply.tx_code == "tx_failed" and any(code in PAYEE_REASON_CODES for code in reply.op_codes)
        return classify_codes(reply.tx_code, reply.op_codes, applied=applied, ledger=None)
    if reply.queued:  # PENDING or DUPLICATE: the envelope is followed by hash
        return Outcome(Kind.PENDING, reply.detail or "queued")
    if reply.http_status in RETRYABLE_HTTP or reply.http_status >= 500:
        return Outcome(Kind.PENDING, reply.detail or f"HTTP {reply.http_status}")
    return Outcome(Kind.BLOCKED, reply.detail or f"HTTP {reply.http_status}")


def classify_found(found: FoundTransaction) -> Outcome:
    """Classify a transaction found by hash: it was applied, so its sequence number is used."""
    if found.successful:
        outcome = Outcome(Kind.SUCCESS, "applied", applied=True, ledger=found.ledger, result_code="tx_success")
    else:
        outcome = classify_codes(found.tx_code, found.op_codes, applied=True, ledger=found.ledger)
    return replace(outcome, fee_charged=found.fee_charged)
