"""Settlement envelopes and channel leases: store a batch before it is submitted, close it once.

An envelope (`SettlementAttempt`) pays up to SETTLEMENT_BATCH_OPS transfers, one
`SettlementPayment` row each. Every write that decides something is conditional and reports
whether it won, so two workers racing on one envelope cannot both act on it.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any, cast

import peewee

from storage.cancellations import has_pending
from storage.database import database, locked
from storage.models import ChannelLease, SettlementAttempt, SettlementPayment, Transfer
from storage.settlement import CREATED, PROCESSING, start_processing_many


@dataclass(frozen=True)
class NewEnvelope:
    """A signed envelope about to be stored."""

    channel_account: str
    sequence: int
    fee: int
    max_ledger: int
    max_time: int
    tx_hash: str
    envelope_xdr: str


# Outcomes of an envelope that was applied, so its sequence number is used (`expired` was not).
APPLIED = ("applied", "failed")


class _Refused(Exception):
    """Roll the store back: a member is not ours to pay now, or the channel lease was lost."""


def store_envelope(
    transfer_ids: list[uuid.UUID],
    worker_id: str,
    holder: str,
    envelope: NewEnvelope,
    now: datetime,
    amounts: Mapping[uuid.UUID, Decimal] | None = None,
) -> SettlementAttempt | None:
    """Commit a signed envelope and its payments (operation i pays transfer_ids[i]) before submitting.

    A Created transfer with its converted amount in `amounts` moves to Processing in the same
    transaction, so a transfer is Processing only once an envelope pays it. None, and nothing
    stored, unless every transfer is Processing (or Created, with an amount), claimed by
    `worker_id`, has no open envelope and no pending cancellation, and the channel is still
    leased to `holder`.
    """
    amounts = amounts or {}
    try:
        with database.atomic():
            query = Transfer.select().where(Transfer.id.in_(transfer_ids)).order_by(Transfer.id)
            transfers = {t.id: t for t in locked(query)}
            for transfer_id in transfer_ids:
                transfer = transfers.get(transfer_id)
                startable = transfer is not None and transfer.state == CREATED and transfer_id in amounts
                if (
                    transfer is None
                    or (transfer.state != PROCESSING and not startable)
                    or transfer.claimed_by != worker_id
                    or (transfer.claimed_until is not None and transfer.claimed_until < now)
                ):
                    raise _Refused
            if open_payments_of(transfer_ids) or has_pending(transfer_ids):
                raise _Refused  # a pending cancellation: the transfer is cancelled, never rebuilt
            created = {t: amounts[t] for t in transfer_ids if transfers[t].state == CREATED}
            if created and len(start_processing_many(created, now)) != len(created):
                raise _Refused
            attempt: SettlementAttempt = SettlementAttempt.create(
                channel_account=envelope.channel_account,
                sequence=envelope.sequence,
                fee=envelope.fee,
                max_ledger=envelope.max_ledger,
                max_time=envelope.max_time,
                tx_hash=envelope.tx_hash,
                envelope_xdr=envelope.envelope_xdr,
                created_at=now,
                op_count=len(transfer_ids),
            )
            won = (
                ChannelLease.update(attempt=attempt.id)
                .where(
                    (ChannelLease.account_id == envelope.channel_account)
                    & (ChannelLease.holder == holder)
                    & ChannelLease.attempt.is_null()
                )
                .execute()
            )
            if not won:
                raise _Refused
            Transfer.update(attempt_count=Transfer.attempt_count + 1).where(Transfer.id.in_(transfer_ids)).execute()
            SettlementPayment.insert_many(
                [
                    {
                        "transfer": transfer_id,
                        "attempt": attempt.id,
                        "number": transfers[transfer_id].attempt_count + 1,
                        "op_index": index,
                        "created_at": now,
                    }
                    for index, transfer_id in enumerate(transfer_ids)
                ]
            ).execute()
    except _Refused:
        return None
    return attempt


def open_payments_of(transfer_ids: list[uuid.UUID]) -> list[SettlementPayment]:
    """The open payments (envelope not yet closed) of these transfers."""
    return list(
        SettlementPayment.select().where(
            SettlementPayment.transfer.in_(transfer_ids) & SettlementPayment.outcome.is_null()
        )
    )


def unresolved_attempt(transfer_id: uuid.UUID) -> SettlementAttempt | None:
    """The transfer's envelope that might still be applied, if any."""
    found: SettlementAttempt | None = (
        SettlementAttempt.select()
        .join(SettlementPayment)
        .where((SettlementPayment.transfer == transfer_id) & SettlementPayment.outcome.is_null())
        .first()
    )
    return found


def open_envelopes(transfer_ids: list[uuid.UUID]) -> dict[uuid.UUID, SettlementAttempt]:
    """Each transfer's open envelope, for those that have one."""
    payments = open_payments_of(transfer_ids)
    if not payments:
        return {}
    attempt_ids = {payment.attempt_id for payment in payments}
    attempts = {a.id: a for a in SettlementAttempt.select().where(SettlementAttempt.id.in_(list(attempt_ids)))}
    return {payment.transfer_id: attempts[payment.attempt_id] for payment in payments}


def members(attempt_id: int) -> list[SettlementPayment]:
    """The envelope's payments, in operation order."""
    return list(
        SettlementPayment.select().where(SettlementPayment.attempt == attempt_id).order_by(SettlementPayment.op_index)
    )


def attempts_for(transfer_id: uuid.UUID) -> list[SettlementPayment]:
    """A transfer's payments, one per envelope that carried it, oldest first."""
    return list(
        SettlementPayment.select().where(SettlementPayment.transfer == transfer_id).order_by(SettlementPayment.number)
    )


def most_expired(transfer_ids: list[uuid.UUID]) -> int:
    """The most envelopes any of these transfers had that expired unapplied (0 when none did)."""
    count = peewee.fn.COUNT(SettlementPayment.id)
    rows = (
        SettlementPayment.select(count)
        .where(SettlementPayment.transfer.in_(transfer_ids) & (SettlementPayment.outcome == "expired"))
        .group_by(SettlementPayment.transfer)
        .tuples()
    )
    counts: list[tuple[int]] = list(cast(Iterable[tuple[int]], rows))
    return max((int(expired) for (expired,) in counts), default=0)


def last_envelope_on(channel_account: str) -> SettlementAttempt | None:
    """Our most recent envelope on this channel, if any."""
    found: SettlementAttempt | None = (
        SettlementAttempt.select()
        .where(SettlementAttempt.channel_account == channel_account)
        .order_by(SettlementAttempt.id.desc())
        .first()
    )
    return found


def highest_used_sequence(channel_account: str) -> int | None:
    """The highest sequence number our envelopes on this channel used up (applied, even if failed)."""
    used = (
        SettlementAttempt.select(peewee.fn.MAX(SettlementAttempt.sequence))
        .where((SettlementAttempt.channel_account == channel_account) & SettlementAttempt.outcome.in_(APPLIED))
        .scalar()
    )
    return None if used is None else int(used)


# Enough of our latest envelopes to cover the five ledgers fee_stats reads, at 20-odd envelopes a ledger.
RECENT_BIDS_ENVELOPES = 500


def recent_bids(channel_accounts: list[str], limit: int = RECENT_BIDS_ENVELOPES) -> set[int]:
    """The rates per operation our latest envelopes on these channels bid, as Horizon's fee_stats counts them.

    An envelope bids its fee over its operations; its fee bump, the bump's fee over one operation more.
    """
    query = (
        SettlementAttempt.select(SettlementAttempt.fee, SettlementAttempt.op_count, SettlementAttempt.bump_fee)
        .where(SettlementAttempt.channel_account.in_(channel_accounts))
        .order_by(SettlementAttempt.id.desc())
        .limit(limit)
    )
    rows = cast(Iterable[tuple[int, int, int | None]], query.tuples())
    bids: set[int] = set()
    for fee, ops, bump_fee in rows:
        bids.add(int(fee) // max(int(ops), 1))
        if bump_fee is not None:
            bids.add(int(bump_fee) // (int(ops) + 1))
    return bids


@dataclass(frozen=True)
class FeeSummary:
    """What one environment's applied envelopes cost, for the operator."""

    environment: str
    applied: int
    operations: int
    fee_charged: int  # stroops
    bumped: int  # applied envelopes that went in with a fee bump
    highest_bid_per_op: int


def fee_summaries() -> list[FeeSummary]:
    """Per environment (by its channels): applied envelopes, their operations and the fees the ledger charged."""
    bid = peewee.fn.MAX(
        peewee.Case(
            None,
            [
                (
                    SettlementAttempt.bump_fee.is_null(False),
                    SettlementAttempt.bump_fee / (SettlementAttempt.op_count + 1),
                )
            ],
            SettlementAttempt.fee / SettlementAttempt.op_count,
        )
    )
    rows = (
        SettlementAttempt.select(
            ChannelLease.environment,
            peewee.fn.COUNT(SettlementAttempt.id).alias("applied"),
            peewee.fn.SUM(SettlementAttempt.op_count).alias("operations"),
            peewee.fn.SUM(peewee.fn.COALESCE(SettlementAttempt.fee_charged, 0)).alias("charged"),
            peewee.fn.COUNT(SettlementAttempt.bump_hash).alias("bumped"),
            bid.alias("bid"),
        )
        .join(ChannelLease, on=ChannelLease.account_id == SettlementAttempt.channel_account)
        .where(SettlementAttempt.outcome.in_(APPLIED))
        .group_by(ChannelLease.environment)
        .order_by(ChannelLease.environment)
        .dicts()
    )
    found = cast(list[dict[str, Any]], list(rows))
    return [
        FeeSummary(
            str(r["environment"]),
            int(r["applied"]),
            int(r["operations"] or 0),
            int(r["charged"] or 0),
            int(r["bumped"]),
            int(r["bid"] or 0),
        )
        for r in found
    ]


def open_envelope_list(limit: int = 50) -> list[SettlementAttempt]:
    """Open envelopes, oldest first: each hash a restarted worker looks up (the fee bump's too)."""
    return list(
        SettlementAttempt.select()
        .where(SettlementAttempt.outcome.is_null())
        .order_by(SettlementAttempt.id)
        .limit(limit)
    )


def mark_submitted(attempt_id: int, now: datetime) -> None:
    """Note one more submission of the stored envelope."""
    SettlementAttempt.update(submitted_at=now, submissions=SettlementAttempt.submissions + 1).where(
        SettlementAttempt.id == attempt_id
    ).execute()


def store_fee_bump(attempt_id: int, tx_hash: str, fee: int, envelope_xdr: str) -> bool:
    """Keep a signed fee bump around an open envelope, before it is submitted; False once the envelope is closed."""
    return bool(
        SettlementAttempt.update(bump_hash=tx_hash, bump_fee=fee, bump_xdr=envelope_xdr)
        .where((SettlementAttempt.id == attempt_id) & SettlementAttempt.outcome.is_null())
        .execute()
    )


def close_envelope(
    attempt_id: int,
    outcome: str,
    result_code: str | None,
    ledger_sequence: int | None,
    now: datetime,
    fee_charged: int | None = None,
) -> bool:
    """Close an open envelope and free its channel; False when it was already closed.

    Its payments are closed by the caller in the same transaction (`close_payments`).
    """
    with database.atomic():
        won = (
            SettlementAttempt.update(
                outcome=outcome,
                result_code=result_code,
                ledger_sequence=ledger_sequence,
                resolved_at=now,
                fee_charged=fee_charged,
            )
            .where((SettlementAttempt.id == attempt_id) & SettlementAttempt.outcome.is_null())
            .execute()
        )
        if won:
            ChannelLease.update(holder=None, attempt=None).where(ChannelLease.attempt == attempt_id).execute()
    return bool(won)


def close_payments(
    attempt_id: int, outcome: str, result_code: str | None, now: datetime, transfer_ids: list[uuid.UUID] | None = None
) -> None:
    """Close the envelope's open payments (only those of `transfer_ids`, when given)."""
    condition = (SettlementPayment.attempt == attempt_id) & SettlementPayment.outcome.is_null()
    if transfer_ids is not None:
        condition &= SettlementPayment.transfer.in_(transfer_ids)
    SettlementPayment.update(outcome=outcome, result_code=result_code, resolved_at=now).where(condition).execute()


def ensure_channels(environment: str, account_ids: list[str]) -> None:
    """Register the configured channel accounts of an environment (idempotent)."""
    known = {row.account_id for row in ChannelLease.select().where(ChannelLease.environment == environment)}
    for account_id in account_ids:
        if account_id not in known:
            try:
                with database.atomic():
                    ChannelLease.create(environment=environment, account_id=account_id)
            except peewee.IntegrityError:
                pass  # another worker registered it first


def _free(stale_before: datetime) -> Any:
    return ChannelLease.holder.is_null() | (ChannelLease.attempt.is_null() & (ChannelLease.leased_at < stale_before))


def count_free_channels(environment: str, account_ids: list[str], stale_before: datetime) -> int:
    """How many of these channels `lease_channel` would find free now."""
    return int(
        ChannelLease.select()
        .where(
            (ChannelLease.environment == environment) & ChannelLease.account_id.in_(account_ids) & _free(stale_before)
        )
        .count()
    )


def lease_channel(
    environment: str, account_ids: list[str], holder: str, now: datetime, stale_before: datetime
) -> str | None:
    """Lease a free channel to `holder`; None when all are busy.

    Free means no holder, or a holder that never stored its envelope and leased before
    `stale_before` (its builder died; nothing stored can use that sequence number).
    """
    free_now = _free(stale_before)
    with database.atomic():
        free = (
            ChannelLease.select(ChannelLease.id, ChannelLease.account_id)
            .where((ChannelLease.environment == environment) & ChannelLease.account_id.in_(account_ids) & free_now)
            .order_by(ChannelLease.leased_at.asc(nulls="first"), ChannelLease.id)
        )
        for lease in locked(free, skip_locked=True):
            won = (
                ChannelLease.update(holder=holder, attempt=None, leased_at=now)
                .where((ChannelLease.id == lease.id) & free_now)
                .execute()
            )
            if won:
                return str(lease.account_id)
    return None


def release_lease(holder: str) -> None:
    """Free a channel whose envelope was not stored (nothing signed for it will be submitted)."""
    ChannelLease.update(holder=None).where((ChannelLease.holder == holder) & ChannelLease.attempt.is_null()).execute()
