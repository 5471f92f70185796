"""Closing an envelope as expired, only on reads that prove it was never applied and never will be.

After an envelope's bound, two facts are needed, each from an answer whose own latest ledger
(Horizon's `Latest-Ledger`) is at or past the last ledger that could include the envelope: its hash
is not found, and its channel's sequence number is still below its own (docs/settlement.md,
"never applied"). A read from an instance below that ledger is unknown: the transfers wait and
nothing is rebuilt. The miss must also come from a history that reaches back to the first ledger
that could include the envelope: a Stellar RPC instance keeps only its retention window, and once
that has moved past the envelope nothing the ledger API says can settle it. Its transfers are then
held for the operator (blocked, with the reason), never rebuilt on a guess; `reconcile` lists them.
"""

from __future__ import annotations

import logging

from services.settlement.envelopes import Bounds, first_possible_ledger, last_possible_ledger
from services.settlement.ledger_api import LedgerTip, Lookup
from services.settlement.recording import COUNTERS, Context, Delays, Flight, backoff
from storage import envelopes
from storage import settlement as store
from storage.database import database

log = logging.getLogger(__name__)


def expire_if_proven(ctx: Context, flight: Flight, lookup: Lookup, tip: LedgerTip) -> Delays:
    """Expire the envelope whose bound has passed (its transfers due at once for a fresh one), wait, or hold it.

    `lookup` is the miss by hash: the latest ledger and the first ledger its answering instance had.
    """
    attempt, network = flight.attempt, flight.network
    ids = flight.transfer_ids
    last = last_possible_ledger(Bounds(attempt.max_ledger, attempt.max_time), tip)
    if lookup.seen_ledger < last:
        return _wait(ctx, flight, f"{attempt.tx_hash} not found by an instance at ledger {lookup.seen_ledger}", last)
    first = first_possible_ledger(attempt.envelope_xdr, network.network_passphrase)
    if lookup.history_start > first:
        return _hold(ctx, flight, first, last, lookup.history_start)
    channel = network.client.account_sequence(attempt.channel_account)
    if channel.seen_ledger < last:
        return _wait(ctx, flight, f"channel sequence read from an instance at ledger {channel.seen_ledger}", last)
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
            # Held only while unknown: left blocked, the blocked deadline would fail it unpaid.
            store.release_held(ids)
    COUNTERS["rebuilt"] += 1
    return dict.fromkeys(ids, 0.0)  # due at once, for a fresh envelope


def _wait(ctx: Context, flight: Flight, read: str, last: int) -> Delays:
    """A read below the last ledger that could include the envelope: unknown, so wait, never rebuild."""
    ids = flight.transfer_ids
    problem = f"{read}, below {last}, the last ledger that could include it: waiting"
    store.note_problems(ids, problem, False, ctx.clock())
    COUNTERS["stale_read"] += 1
    return dict.fromkeys(ids, backoff(ctx.settings, flight.attempt.submissions))


def _hold(ctx: Context, flight: Flight, first: int, last: int, history_start: int) -> Delays:
    """The ledger API no longer keeps every ledger that could include the envelope: hold its transfers for the operator.

    Rebuilding could pay twice, and a lookup will never settle it, so the transfers are blocked
    with a reason that says how to settle the question outside the ledger API. They stay open
    (an open envelope is never failed by the blocked deadline) and are looked up again now and
    then: a backend with the full history (Horizon) settles them by itself.
    """
    attempt = flight.attempt
    # Fits the 200 characters a transfer's last error keeps; the log line has the rest.
    problem = (
        f"{store.HELD_FOR_OPERATOR}: {attempt.tx_hash} (ledgers {first}-{last}) is older than the ledger API's "
        "history; check it on an explorer or Horizon"
    )
    log.error(
        "envelope past the ledger API's history, transfers held for the operator: if its hash is not applied, "
        "the channel's sequence number is below the envelope's",
        extra={
            "tx_hash": attempt.tx_hash,
            "channel": attempt.channel_account,
            "sequence": attempt.sequence,
            "first_ledger": first,
            "last_ledger": last,
            "history_start": history_start,
        },
    )
    store.note_problems(flight.transfer_ids, problem, True, ctx.clock())
    COUNTERS["held_past_window"] += 1
    return dict.fromkeys(flight.transfer_ids, ctx.settings.retry_max_seconds)
