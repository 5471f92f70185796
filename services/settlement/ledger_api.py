"""The one interface settlement has to a ledger: what it asks, and what the answers mean.

Every backend (Horizon, `ledger_client.HorizonLedgerClient`; Stellar RPC, `rpc_client.RpcLedgerClient`)
implements `LedgerClient` and answers in these types. The worker relies on nothing else about a
backend; what exactly-once needs of one is in docs/settlement.md ("What a ledger backend must provide").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol

# The answers on receipt, in the convention of Horizon's `POST /transactions_async`, which any
# backend's submission maps onto (Stellar RPC's `sendTransaction` has the same four statuses).
PENDING_HTTP = 201  # queued for the next ledgers
DUPLICATE_HTTP = 409  # already queued
TRY_AGAIN_LATER_HTTP = 503  # not queued: the queue dropped, evicted or banned this very envelope
ERROR_HTTP = 400  # refused on receipt, with the transaction's result codes
QUEUED_HTTP = frozenset({PENDING_HTTP, DUPLICATE_HTTP})
TRY_AGAIN_LATER = "TRY_AGAIN_LATER"


class LedgerUnavailable(Exception):
    """The ledger could not be asked (network error, 5xx, 429): nothing was learned."""


@dataclass(frozen=True)
class LedgerTip:
    """The latest closed ledger, as the ledger itself reports it."""

    sequence: int
    closed_at: int  # unix seconds, the ledger's own clock


@dataclass(frozen=True)
class SubmitReply:
    """What a submission answered, without interpretation (outcomes.py interprets it).

    `http_status` follows the async-submission convention above (201, 409, 503 with
    TRY_AGAIN_LATER in `detail`, 400 with `tx_code`); any other status is a transport or server
    fault, and 0 means no answer at all (connection error). `applied` is True when the answer
    carries a transaction applied in a ledger (successful or not).
    """

    http_status: int
    applied: bool = False
    successful: bool = False
    ledger: int | None = None
    tx_code: str | None = None
    op_codes: tuple[str, ...] = field(default_factory=tuple)
    detail: str = ""
    fee_hint: int | None = None  # tx_insufficient_fee: the total fee that would have got in

    @property
    def queued(self) -> bool:
        """The ledger queued the envelope (PENDING or DUPLICATE): follow it by hash."""
        return self.http_status in QUEUED_HTTP

    @property
    def try_again_later(self) -> bool:
        """The ledger's queue refused this very envelope for now (a proxy's 503 is not this)."""
        return self.http_status == TRY_AGAIN_LATER_HTTP and TRY_AGAIN_LATER in self.detail


@dataclass(frozen=True)
class FoundTransaction:
    """A transaction found by hash: it was applied in `ledger`."""

    tx_hash: str
    ledger: int
    successful: bool
    tx_code: str
    op_codes: tuple[str, ...]
    fee_charged: int | None = None  # stroops, the fee bump's when one carried it
    envelope_xdr: str = ""  # what `reconcile` reads the amounts paid from


@dataclass(frozen=True)
class Lookup:
    """A lookup by hash, the latest ledger the answering instance had reached, and the first it still keeps.

    A miss (`found` None) proves only that the transaction was not applied in ledgers from
    `history_start` up to `seen_ledger`; a `seen_ledger` of 0 proves nothing. A backend with full
    history (Horizon) keeps every ledger from 1; a Stellar RPC instance only its retention window.
    """

    found: FoundTransaction | None
    seen_ledger: int
    history_start: int = 1
    by_hash: bool = True  # False: learnt from whole ledgers read (scanning.py), which never expires an envelope


@dataclass(frozen=True)
class LedgerTransactions:
    """What a run of closed ledgers applied, read whole: every transaction in them, by each of its hashes.

    `found` holds each transaction under its own hash and, for a fee bump, under its inner hash
    too. Every ledger from the first asked through `through` was read whole (`through` below the
    first: none was); later ones were not read. `tip` is the answering instance's latest ledger,
    when the answer says its close time (Stellar RPC's does).
    """

    found: dict[str, FoundTransaction]
    through: int
    seen_ledger: int
    tip: LedgerTip | None = None


# Why a destination cannot receive the asset, in the payment result code the ledger would give.
NO_DESTINATION = "op_no_destination"
NO_TRUST = "op_no_trust"
NOT_AUTHORIZED = "op_not_authorized"


def receiving_problem(balances: Sequence[dict[str, Any]] | None, asset_code: str, issuer: str) -> str | None:
    """Why an account with these balance lines (None: no account) cannot receive the asset; None when it can.

    The issuer's own account needs no trustline to receive its asset. Shared by every backend
    that reads accounts' balance lines in Horizon's shape.
    """
    if balances is None:
        return NO_DESTINATION
    for line in balances:
        if line.get("asset_code") == asset_code and line.get("asset_issuer") == issuer:
            return None if line.get("is_authorized", True) else NOT_AUTHORIZED
    return NO_TRUST


@dataclass(frozen=True)
class SequenceRead:
    """An account's sequence number (None: no such account) as of the ledger the instance had reached."""

    sequence: int | None
    seen_ledger: int


class LedgerClient(Protocol):
    """What settlement needs of a ledger; selected per environment by config.

    Every read says how far the answering instance had got (`seen_ledger`), because a backend may
    be a fleet of instances at different heights; the worker judges each read by its own height.
    """

    def latest_ledger(self) -> LedgerTip:
        """The latest closed ledger the answering instance has; raises LedgerUnavailable."""

    def account_sequence(self, account_id: str) -> SequenceRead:
        """The account's sequence number and the ledger it was read at; raises LedgerUnavailable."""

    def submit_async(self, envelope_xdr: str) -> SubmitReply:
        """Submit asynchronously: queued or refused on receipt; never raises for a ledger or transport problem."""

    def find_transaction(self, tx_hash: str) -> Lookup:
        """The applied transaction with this hash or a fee bump's inner hash (None: not found), and the ledger seen."""

    def ledger_transactions(self, first: int, last: int) -> LedgerTransactions:
        """Every transaction applied in closed ledgers from `first` on, in a few reads, not one per hash.

        Reads whole as many ledgers from `first` as a few requests hold (up to `last`, or further
        when one read holds more), and says through which one it read
        (`LedgerTransactions.through`); raises LedgerUnavailable.
        """

    def fee_stats(self) -> dict[str, Any]:
        """Fee statistics of the last ledgers, in Horizon's `/fee_stats` shape; raises LedgerUnavailable.

        `fee_charged` and `max_fee` by percentile (p10 … p99) and `ledger_capacity_usage` (fees.py).
        """

    def asset_balance(self, account_id: str, asset_code: str, issuer: str) -> Decimal | None:
        """The account's balance of the asset, None without the account or its trustline; raises LedgerUnavailable."""

    def receiving_problems(self, account_ids: Sequence[str], asset_code: str, issuer: str) -> dict[str, str | None]:
        """Per account, why a payment of the asset to it would fail, or None when it can receive.

        The reason is NO_DESTINATION, NO_TRUST or NOT_AUTHORIZED; raises LedgerUnavailable.

        One call for many accounts: a backend that reads many ledger entries at once (RPC's
        `getLedgerEntries`) makes one read; Horizon reads each account (destinations.py caches them).
        """
