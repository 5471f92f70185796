"""Answering `POST /v1/transfers/batch-status`: many transfers' states in one JSON answer (spec 4.3, 2.6).

Every request is recorded like a pacs.028 (spec 2.6), refused ones too, before it is answered.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal
from typing import Any

from services.api_keys import Caller
from services.status_queries import stored_request
from storage.batch_status import find_and_record, record_rejected
from storage.models import Transfer

MESSAGE_TYPE = "batch-status"
MAX_IDS = 100


class BatchRejected(Exception):
    """The body is not a JSON object with a list of at most MAX_IDS transfer UUIDs."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error
        self.message = message


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.replace(microsecond=0, tzinfo=None).isoformat() + "Z"


def _amount(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def parse_transfer_ids(body: bytes) -> list[uuid.UUID]:
    """The requested IDs, in order, each once; raises BatchRejected on anything else."""
    try:
        document = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise BatchRejected("invalid_json", "The body is not valid JSON.") from None
    if not isinstance(document, dict) or not isinstance(document.get("transfer_ids"), list):
        raise BatchRejected("invalid_request", 'The body must be a JSON object {"transfer_ids": [...]}.')
    values = document["transfer_ids"]
    if len(values) > MAX_IDS:
        raise BatchRejected("too_many_ids", f"At most {MAX_IDS} transfer IDs per request; got {len(values)}.")
    ids: list[uuid.UUID] = []
    for value in values:
        parsed = _as_uuid(value)
        if parsed is None:
            shown = json.dumps(value)[:64]
            raise BatchRejected("invalid_transfer_id", f"Not a transfer ID (a UUID): {shown}.")
        if parsed not in ids:
            ids.append(parsed)
    return ids


def _as_uuid(value: object) -> uuid.UUID | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = uuid.UUID(value)
    except ValueError:
        return None
    return parsed if str(parsed) == value.lower() else None


def transfer_attributes(transfer: Transfer) -> dict[str, Any]:
    """Spec 2.6's attributes of one transfer, as JSON values (amounts as decimal strings)."""
    return {
        "transfer_id": str(transfer.id),
        "state": transfer.state,
        "created_at": _iso(transfer.created_at),
        "updated_at": _iso(transfer.updated_at),
        "completed_at": _iso(transfer.completed_at),
        "transaction_hash": transfer.ledger_hash,
        "error_code": transfer.error_code,
        "amount_usd": _amount(transfer.amount_usd),
        "amount_tkn": _amount(transfer.amount_tkn),
    }


def _record(caller: Caller, body: bytes, now: datetime, raw_max_bytes: int, status: str) -> Mapping[str, Any]:
    return {
        "message_type": MESSAGE_TYPE,
        "raw_request": stored_request(body, raw_max_bytes),
        "organization": caller.organization_id,
        "environment": caller.environment.value,
        "network": "",
        "queried_at": now.replace(tzinfo=None),
        "status": status,
    }


def answer_batch_status(caller: Caller, body: bytes, *, now: datetime, raw_max_bytes: int) -> dict[str, Any]:
    """The JSON answer: the caller's found transfers in the order asked, and the IDs not found.

    Raises BatchRejected (400) after recording the request.
    """
    try:
        ids = parse_transfer_ids(body)
    except BatchRejected:
        record_rejected(_record(caller, body, now, raw_max_bytes, "400"))
        raise
    found = find_and_record(caller.organization_id, ids, _record(caller, body, now, raw_max_bytes, "200"))
    return {
        "transfers": [transfer_attributes(found[i]) for i in ids if i in found],
        "not_found": [str(i) for i in ids if i not in found],
    }
