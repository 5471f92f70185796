"""Claiming due transfers for a pass, readying them for an envelope, and handing them back when it ends.

A claim is a short lease that keeps workers from doing the same work at once; exactly-once rests
on the envelope records, not on it (docs/settlement.md). A pass claims in two steps: every due
transfer an open envelope carries (following it is what frees its channel), then as many without
an envelope as the free channels carry.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta

from services.settlement.conversion import usd_to_tkn
from services.settlement.envelopes import MAX_OPS
from services.settlement.recording import COUNTERS, DONE, Context, Delays, blocked
from services.settlement.settings import SettlementNetwork
from storage import cancellations, envelopes
from storage import settlement as store
from storage.models import Transfer
from storage.transfer_states import OPEN_STATES

log = logging.getLogger(__name__)


def follow_limit(networks: Mapping[str, SettlementNetwork]) -> int:
    """Every transfer that open envelopes can carry: one envelope per channel at most."""
    channels = sum(len(network.channels) for network in networks.values())
    return max(channels, 1) * MAX_OPS


def free_channels(networks: Iterable[SettlementNetwork], now: datetime, claim_seconds: float) -> int:
    """The channels no envelope holds now, over these networks (a lease older than a claim counts as free)."""
    stale_before = now - timedelta(seconds=claim_seconds)
    return sum(
        envelopes.count_free_channels(network.environment, network.channel_ids, stale_before) for network in networks
    )


def ready_for_envelopes(
    ctx: Context,
    networks: Mapping[str, SettlementNetwork],
    problems: Mapping[str, str],
    transfers: list[Transfer],
    delays: Delays,
) -> list[Transfer]:
    """The transfers ready for an envelope, a new one with its converted amount (or Failed AM09).

    A Created transfer stays Created until its envelope is stored (`store_envelope` moves it
    to Processing in that transaction): one that finds no channel is handed back as it was.
    The others get their delay in `delays`. A transfer a cancellation request waits on, and no
    envelope holds any more, is cancelled here instead of getting a new envelope (issue 34).
    """
    now = ctx.clock()
    ready: list[Transfer] = []
    to_cancel = cancellations.pending_transfer_ids([t.id for t in transfers]) if transfers else set()
    for transfer in transfers:
        if transfer.id in to_cancel and _cancelled(transfer, now):
            delays[transfer.id] = DONE
        elif transfer.environment not in networks:
            problem = problems.get(transfer.environment, "no settlement network configured")
            blocked(ctx, [transfer.id], f"{transfer.environment} settlement unavailable: {problem}")
            delays[transfer.id] = ctx.settings.retry_max_seconds
        elif transfer.state == store.CREATED:
            amount = usd_to_tkn(transfer.amount_usd, ctx.settings.usd_to_tkn_rate)
            if amount <= 0:
                reason = "the amount converts to less than the smallest TKN unit (0.0000001 TKN)"
                store.fail_transfer(transfer.id, "AM09", reason, 0, now)
                log.info("transfer failed: %s", reason, extra={"transfer_id": str(transfer.id), "reason": reason})
                delays[transfer.id] = DONE
            else:
                transfer.amount_tkn = amount  # stored with its envelope
                ready.append(transfer)
        elif transfer.state == store.PROCESSING:
            ready.append(transfer)
        else:
            delays[transfer.id] = DONE
    return ready


def _cancelled(transfer: Transfer, now: datetime) -> bool:
    """Cancel the transfer for its pending request unless an envelope still holds it; True if it is now Failed."""
    if cancellations.cancel_pending(transfer.id, now) is None:
        return store.get_transfer(transfer.id).state not in OPEN_STATES
    COUNTERS["cancelled"] += 1
    log.info("transfer cancelled: its envelope never applied", extra={"transfer_id": str(transfer.id)})
    return True


def failed_after_blocked(ctx: Context, transfer: Transfer) -> bool:
    """Fail a transfer without an open envelope that our own setup has blocked past the deadline; True if it did."""
    now = ctx.clock()
    deadline = timedelta(seconds=ctx.settings.blocked_deadline_seconds)
    if transfer.blocked_since is None or now - transfer.blocked_since <= deadline:
        return False
    hours = ctx.settings.blocked_deadline_seconds / 3600
    reason = f"not paid within {hours:g} hours: the gateway's own funding or signing failed"
    store.fail_transfer(transfer.id, ctx.settings.blocked_error_code, reason, transfer.attempt_count, now)
    COUNTERS["failed_after_blocked"] += 1
    log.error(
        "transfer failed: %s",
        reason,
        extra={"transfer_id": str(transfer.id), "reason": reason, "blocked_by": transfer.last_error},
    )
    return True


def release(ctx: Context, worker_id: str, claimed: list[uuid.UUID], delays: Delays) -> None:
    """Hand the pass's claims back, each due after its delay (never again: DONE), in one UPDATE per delay."""
    groups: dict[float | None, list[uuid.UUID]] = {}
    for transfer_id in claimed:
        groups.setdefault(delays.get(transfer_id, ctx.settings.retry_max_seconds), []).append(transfer_id)
    now = ctx.clock()
    for delay, transfer_ids in groups.items():
        next_at = None if delay is None else now + timedelta(seconds=delay)
        store.release_claims(transfer_ids, worker_id, next_at)
