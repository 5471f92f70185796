"""Horizon's JSON shapes for the resources this ledger serves."""

from __future__ import annotations

import base64
import json
from collections import Counter
from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from stellar_sdk import DecoratedSignature, xdr

from ledger.auth import account_signers
from ledger.frames import parse_frame
from ledger.models import (
    TOTAL_COINS,
    Account,
    LedgerHeader,
    TransactionRecord,
    TrustLine,
)
from ledger.operations import AUTH_IMMUTABLE, AUTH_REQUIRED, AUTH_REVOCABLE

PROTOCOL_VERSION = 22
# Horizon's fee_stats and ledger_capacity_usage cover the last five ledgers.
FEE_STATS_LEDGERS = 5
PROBLEM_BASE = "https://stellar.org/horizon-errors/"
HORIZON_VERSION = "tkn-ledger-sandbox"

JSONDict = dict[str, Any]


def amount(stroops: int) -> str:
    """Format stroops as Horizon's 7-decimal amount string."""
    sign = "-" if stroops < 0 else ""
    whole, fraction = divmod(abs(stroops), 10_000_000)
    return f"{sign}{whole}.{fraction:07d}"


def timestamp(value: datetime) -> str:
    """Format a naive UTC datetime as Horizon does."""
    return value.strftime("%Y-%m-%dT%H:%M:%SZ")


def problem(status: int, kind: str, title: str, detail: str, **extras: Any) -> JSONDict:
    """Return a Horizon problem+json document."""
    body: JSONDict = {
        "type": PROBLEM_BASE + kind,
        "title": title,
        "status": status,
        "detail": detail,
    }
    if extras:
        body["extras"] = extras
    return body


def root(header: LedgerHeader, passphrase: str) -> JSONDict:
    """Return the Horizon root resource."""
    return {
        "_links": {"self": {"href": "/"}},
        "horizon_version": HORIZON_VERSION,
        "core_version": HORIZON_VERSION,
        "ingest_latest_ledger": header.sequence,
        "history_latest_ledger": header.sequence,
        "history_latest_ledger_closed_at": timestamp(header.closed_at),
        "history_elder_ledger": 1,
        "core_latest_ledger": header.sequence,
        "network_passphrase": passphrase,
        "current_protocol_version": PROTOCOL_VERSION,
        "supported_protocol_version": PROTOCOL_VERSION,
        "core_supported_protocol_version": PROTOCOL_VERSION,
    }


def account(entry: Account, modified_at: datetime, sequence: int | None = None) -> JSONDict:
    """Return the Horizon account resource (with `sequence` as of an earlier ledger, when given)."""
    balances: list[JSONDict] = []
    for line in TrustLine.select().where(TrustLine.account == entry.account_id).order_by(TrustLine.asset_code):
        balances.append(_trust_line_balance(line))
    balances.append(
        {
            "balance": amount(entry.balance),
            "buying_liabilities": amount(0),
            "selling_liabilities": amount(0),
            "asset_type": "native",
        }
    )
    signers = [{"weight": weight, "key": key, "type": "ed25519_public_key"} for key, weight in account_signers(entry)]
    return {
        "_links": {"self": {"href": f"/accounts/{entry.account_id}"}},
        "id": entry.account_id,
        "account_id": entry.account_id,
        "sequence": str(entry.sequence if sequence is None else sequence),
        "sequence_ledger": entry.last_modified_ledger,
        "subentry_count": entry.subentry_count,
        "last_modified_ledger": entry.last_modified_ledger,
        "last_modified_time": timestamp(modified_at),
        "thresholds": {
            "low_threshold": entry.low_threshold,
            "med_threshold": entry.med_threshold,
            "high_threshold": entry.high_threshold,
        },
        "flags": {
            "auth_required": bool(entry.flags & AUTH_REQUIRED),
            "auth_revocable": bool(entry.flags & AUTH_REVOCABLE),
            "auth_immutable": bool(entry.flags & AUTH_IMMUTABLE),
            "auth_clawback_enabled": False,
        },
        "balances": balances,
        "signers": signers,
        "data": {},
        "num_sponsoring": 0,
        "num_sponsored": 0,
        "paging_token": entry.account_id,
    }


def _trust_line_balance(line: TrustLine) -> JSONDict:
    code = str(line.asset_code)
    return {
        "balance": amount(line.balance),
        "limit": amount(line.limit),
        "buying_liabilities": amount(0),
        "selling_liabilities": amount(0),
        "last_modified_ledger": line.last_modified_ledger,
        "is_authorized": bool(line.authorized),
        "is_authorized_to_maintain_liabilities": bool(line.authorized),
        "is_clawback_enabled": False,
        "asset_type": "credit_alphanum4" if len(code) <= 4 else "credit_alphanum12",
        "asset_code": code,
        "asset_issuer": line.asset_issuer,
    }


def ledger(header: LedgerHeader, max_tx_set_size: int) -> JSONDict:
    """Return the Horizon ledger resource."""
    paging_token = str(header.sequence << 32)
    return {
        "_links": {"self": {"href": f"/ledgers/{header.sequence}"}},
        "id": header.hash,
        "paging_token": paging_token,
        "hash": header.hash,
        "prev_hash": header.prev_hash,
        "sequence": header.sequence,
        "successful_transaction_count": header.successful_transaction_count,
        "failed_transaction_count": header.failed_transaction_count,
        "operation_count": header.operation_count,
        "tx_set_operation_count": header.tx_set_operation_count,
        "closed_at": timestamp(header.closed_at),
        "total_coins": amount(TOTAL_COINS),
        "fee_pool": amount(header.fee_pool),
        "base_fee_in_stroops": header.base_fee,
        "base_reserve_in_stroops": header.base_reserve,
        "max_tx_set_size": max_tx_set_size,
        "protocol_version": PROTOCOL_VERSION,
    }


def page(records: list[JSONDict], href: str) -> JSONDict:
    """Wrap records in Horizon's HAL page."""
    return {
        "_links": {"self": {"href": href}, "next": {"href": href}, "prev": {"href": href}},
        "_embedded": {"records": records},
    }


def _memo(memo: xdr.Memo) -> JSONDict:
    kind = memo.type
    if kind == xdr.MemoType.MEMO_TEXT and memo.text is not None:
        raw = memo.text
        return {
            "memo_type": "text",
            "memo": raw.decode("utf-8", errors="replace"),
            "memo_bytes": base64.b64encode(raw).decode(),
        }
    if kind == xdr.MemoType.MEMO_ID and memo.id is not None:
        return {"memo_type": "id", "memo": str(memo.id.uint64)}
    if kind == xdr.MemoType.MEMO_HASH and memo.hash is not None:
        return {"memo_type": "hash", "memo": base64.b64encode(memo.hash.hash).decode()}
    if kind == xdr.MemoType.MEMO_RETURN and memo.ret_hash is not None:
        return {"memo_type": "return", "memo": base64.b64encode(memo.ret_hash.hash).decode()}
    return {"memo_type": "none"}


def _signatures(signatures: list[DecoratedSignature]) -> list[str]:
    return [base64.b64encode(sig.signature).decode() for sig in signatures]


def transaction(record: TransactionRecord, passphrase: str, requested_hash: str) -> JSONDict:
    """Return the Horizon transaction resource.

    A fee bump found by its inner hash is shown under that hash with the inner signatures, as
    Horizon does; either way it carries ``fee_bump_transaction`` and ``inner_transaction``.
    """
    frame = parse_frame(record.envelope_xdr, passphrase)
    envelope = frame.inner
    tx = envelope.transaction
    shown = requested_hash if requested_hash == record.inner_hash else record.hash
    paging_token = str((record.ledger << 32) + (record.application_order << 12))
    body: JSONDict = {
        "_links": {"self": {"href": f"/transactions/{shown}"}},
        "id": shown,
        "paging_token": paging_token,
        "successful": bool(record.successful),
        "hash": shown,
        "ledger": record.ledger,
        "created_at": timestamp(record.created_at),
        "source_account": record.source_account,
        "source_account_sequence": str(record.source_account_sequence),
        "fee_account": record.fee_account,
        "fee_charged": str(record.fee_charged),
        "max_fee": str(record.max_fee),
        "operation_count": record.operation_count,
        "envelope_xdr": record.envelope_xdr,
        "result_xdr": record.result_xdr,
        "result_meta_xdr": "",
        "fee_meta_xdr": "",
        "signatures": _signatures(envelope.signatures),
        "result_codes": json.loads(record.result_codes),
    }
    if frame.fee_bump is not None:
        outer = _signatures(frame.fee_bump.signatures)
        body["fee_bump_transaction"] = {"hash": record.hash, "signatures": outer}
        body["inner_transaction"] = {
            "hash": record.inner_hash,
            "signatures": body["signatures"],
            "max_fee": str(tx.fee),
        }
        if shown == record.hash:
            body["signatures"] = outer
    body.update(_memo(tx.memo.to_xdr_object()))
    bounds = tx.preconditions.time_bounds if tx.preconditions else None
    preconditions: JSONDict = {}
    if bounds is not None:
        body["valid_after"] = _unix(bounds.min_time)
        if bounds.max_time:
            body["valid_before"] = _unix(bounds.max_time)
        preconditions["timebounds"] = {
            "min_time": str(bounds.min_time),
            "max_time": str(bounds.max_time),
        }
    ledger_bounds = tx.preconditions.ledger_bounds if tx.preconditions else None
    if ledger_bounds is not None:
        preconditions["ledgerbounds"] = {
            "min_ledger": ledger_bounds.min_ledger,
            "max_ledger": ledger_bounds.max_ledger,
        }
    if preconditions:
        body["preconditions"] = preconditions
    return body


def _unix(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def fee_stats(
    last_ledger: int, base_fee: int, charged: list[int], bids: list[int], used_ops: int, capacity_ops: int
) -> JSONDict:
    """Return Horizon's fee_stats resource from the last ledgers' per-operation fees and operations."""
    usage = (Decimal(used_ops) / Decimal(max(capacity_ops, 1))).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return {
        "last_ledger": str(last_ledger),
        "last_ledger_base_fee": str(base_fee),
        "ledger_capacity_usage": str(usage),
        "fee_charged": _percentiles(charged or [base_fee]),
        "max_fee": _percentiles(bids or [base_fee]),
    }


def _percentiles(values: list[int]) -> dict[str, str]:
    """Percentiles as Postgres's percentile_disc takes them; the mode is the smallest most frequent value."""
    ordered = sorted(values)
    counts = Counter(ordered)
    result = {"max": str(ordered[-1]), "min": str(ordered[0])}
    result["mode"] = str(min(counts, key=lambda value: (-counts[value], value)))
    for p in (10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99):
        index = min(len(ordered) - 1, (p * len(ordered) + 99) // 100 - 1)
        result[f"p{p}"] = str(ordered[max(index, 0)])
    return result
