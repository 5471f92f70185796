"""Closing an envelope as expired, only on reads that prove it was never applied and never will be.

After an envelope's bound, two facts are needed, each from a Horizon answer whose `Latest-Ledger`
is at or past the last ledger that could include the envelope: its hash is not found, and its
channel's sequence number is still below its own (docs/settlement.md, consistent reads). A read
from an instance below that ledger is unknown: the transfers wait and nothing is rebuilt.
"""

from __future__ import annotations

from services.settlement.envelopes import Bounds, last_possible_ledger
from services.settlement.ledger_client import LedgerTip
from services.settlement.recording import COUNTERS, Context, Delays, Flight, backoff
from storage import envelopes
from storage import settlement as store
from storage.database import database


def expire_if_proven(ctx: Context, flight: Flight, lookup_seen_ledger: int, tip: LedgerTip) -> Delays:
    """Expire the envelope whose bound has passed (its transfers due at once for a fresh one), or wait.

    `lookup_seen_ledger` is the `Latest-Ledger` of the 404 that did not find its hash.
    """
    attempt, client = flight.attempt, flight.network.client
    ids = flight.transfer_ids
    last = last_possible_ledger(Bounds(attempt.max_ledger, attempt.max_time), tip)
    if lookup_seen_ledger < last:
        return _wait(ctx, flight, f"{attempt.tx_hash} not found by a Horizon at ledger {lookup_seen_ledger}", last)
    channel = client.account_sequence(attempt.channel_account)
    if channel.seen_ledger < last:
        return _wait(ctx, flight, f"channel sequence read from a Horizon at ledger {channel.seen_ledger}", last)
    if channel.sequence is not None and channel.sequence >= attempt.sequence:
        # The sequence number is used, yet the hash is unknown (history pruned, or the
        # channel used elsewhere): nothing proves the envelope unapplied. Wait for it.
        problem = f"{attempt.tx_hash} used its sequence number but is not found yet"
        store.note_problems(ids, problem, False, ctx.clock())
        COUNTERS["lagging_lookup"] += 1
        return dict.fromkeys(ids, backoff(ctx.settings, attempt.submissions))
    now = ctx.clock()
    with database.atomic():
        if envelopes.close_envelope(attempt.id, "expired", "bound passed unapplied", None, now):
            envelopes.close_payments(attempt.id, "expired", None, now)
    COUNTERS["rebuilt"] += 1
    return dict.fromkeys(ids, 0.0)  # due at once, for a fresh envelope


def _wait(ctx: Context, flight: Flight, read: str, last: int) -> Delays:
    """A read below the last ledger that could include the envelope: unknown, so wait, never rebuild."""
    ids = flight.transfer_ids
    problem = f"{read}, below {last}, the last ledger that could include it: waiting"
    store.note_problems(ids, problem, False, ctx.clock())
    COUNTERS["stale_read"] += 1
    return dict.fromkeys(ids, backoff(ctx.settings, flight.attempt.submissions))
