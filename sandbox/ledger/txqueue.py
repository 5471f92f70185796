"""stellar-core's transaction queue: bounded, ordered by fee per operation, with ageing and bans.

Modelled on stellar-core's TransactionQueue and TxQueueLimiter (src/herder/): the queue holds
``queue_ledgers`` ledgers' worth of operations; a full queue takes a new transaction only by
evicting cheaper ones (which are banned); a transaction left in the queue for
``queue_timeout_ledgers`` ledgers is dropped and banned; a banned hash is refused with
TRY_AGAIN_LATER for ``ban_ledgers`` ledgers.
"""

from __future__ import annotations

import itertools
import threading
from collections import deque
from dataclasses import dataclass, field
from fractions import Fraction

from ledger.frames import Frame, better_fee, rate_compare
from ledger.models import TransactionRecord
from ledger.results import TxResult


@dataclass
class Pending:
    """A queued transaction (``frame`` None for simulated background traffic)."""

    hash: str
    source_id: str
    fee_ops: int
    bid: int
    order: int
    frame: Frame | None = None
    age: int = 0
    done: threading.Event = field(default_factory=threading.Event)
    record: TransactionRecord | None = None
    dropped: TxResult | None = None

    @property
    def rate(self) -> Fraction:
        """Fee per operation bid."""
        return Fraction(self.bid, max(self.fee_ops, 1))

    @property
    def background(self) -> bool:
        """Whether this stands for other people's traffic."""
        return self.frame is None

    @property
    def inner_hash(self) -> str | None:
        """The wrapped transaction's hash, for a fee bump."""
        return self.frame.inner_hash if self.frame is not None else None


@dataclass(frozen=True)
class Admission:
    """The limiter's answer: ``ok``, else the fee that would have got in (0: try again later)."""

    ok: bool
    min_fee: int = 0
    evict: tuple[Pending, ...] = ()


class TransactionQueue:
    """The queue's state; the engine serialises every call under its own lock."""

    def __init__(self, capacity_ops: int, timeout_ledgers: int, ban_ledgers: int) -> None:
        self.capacity_ops = capacity_ops
        self.timeout_ledgers = timeout_ledgers
        self._items: dict[str, Pending] = {}
        self._by_source: dict[str, Pending] = {}
        self._bans: deque[set[str]] = deque(set() for _ in range(max(ban_ledgers, 1)))
        self._order = itertools.count()
        # The best bid evicted since the last close: a newcomer must beat it (mMinFeeNeeded).
        self._evicted: tuple[int, int] | None = None

    def pending(self, frame: Frame) -> Pending:
        """A queue entry for ``frame`` (not yet added)."""
        return Pending(frame.hash, frame.source_id, frame.fee_ops, frame.bid, next(self._order), frame)

    def get(self, tx_hash: str) -> Pending | None:
        """The queued transaction with this hash."""
        return self._items.get(tx_hash)

    def by_source(self, source_id: str) -> Pending | None:
        """The transaction queued for this sequence-number source (at most one)."""
        return self._by_source.get(source_id)

    def hashes(self) -> list[str]:
        """The queued transactions' hashes in arrival order (background traffic left out)."""
        return [p.hash for p in sorted(self._items.values(), key=lambda p: p.order) if not p.background]

    def real(self) -> list[Pending]:
        """The queued transactions, background traffic left out."""
        return [p for p in self._items.values() if not p.background]

    @property
    def ops(self) -> int:
        """Operations queued."""
        return sum(p.fee_ops for p in self._items.values())

    def banned(self, tx_hash: str) -> bool:
        """Whether the hash is banned (refused with TRY_AGAIN_LATER)."""
        return any(tx_hash in bucket for bucket in self._bans)

    def ban(self, tx_hashes: list[str]) -> None:
        """Ban hashes for the configured number of ledgers."""
        self._bans[0].update(tx_hashes)

    def admit(self, frame: Frame, replacing: Pending | None) -> Admission:
        """Whether ``frame`` fits, possibly by evicting cheaper transactions (TxQueueLimiter::canAddTx)."""
        if self._evicted is not None and rate_compare(frame.bid, frame.fee_ops, *self._evicted) <= 0:
            return Admission(False, better_fee(*self._evicted, frame.fee_ops))
        needed = self.ops - (replacing.fee_ops if replacing else 0) + frame.fee_ops - self.capacity_ops
        if needed <= 0:
            return Admission(True)
        evict: list[Pending] = []
        for cheapest in sorted(self._items.values(), key=lambda p: (p.rate, -p.order)):
            if cheapest is replacing:
                continue
            if rate_compare(cheapest.bid, cheapest.fee_ops, frame.bid, frame.fee_ops) >= 0:
                return Admission(False, better_fee(cheapest.bid, cheapest.fee_ops, frame.fee_ops))
            if cheapest.source_id == frame.source_id:
                return Admission(False)
            evict.append(cheapest)
            needed -= cheapest.fee_ops
            if needed <= 0:
                return Admission(True, evict=tuple(evict))
        return Admission(False)

    def add(self, pending: Pending, admission: Admission, replacing: Pending | None) -> list[Pending]:
        """Queue ``pending``, replacing and evicting as admitted; return the evicted (now banned)."""
        if replacing is not None:
            self.remove(replacing)
        for evicted in admission.evict:
            self.remove(evicted)
            self._evicted = (evicted.bid, evicted.fee_ops)
        self.ban([p.hash for p in admission.evict if not p.background])
        self._items[pending.hash] = pending
        self._by_source[pending.source_id] = pending
        return list(admission.evict)

    def remove(self, pending: Pending) -> None:
        """Take ``pending`` out of the queue (applied, replaced, evicted or dropped)."""
        self._items.pop(pending.hash, None)
        if self._by_source.get(pending.source_id) is pending:
            del self._by_source[pending.source_id]

    def by_fee(self) -> list[Pending]:
        """Every queued transaction, highest fee per operation first, then oldest first."""
        return sorted(self._items.values(), key=lambda p: (-p.rate, p.order))

    def select(self, max_ops: int) -> tuple[list[Pending], bool]:
        """The next ledger's set, best bids first; True when a transaction was left out (surge pricing)."""
        chosen: list[Pending] = []
        ops = 0
        for pending in self.by_fee():
            if ops + pending.fee_ops > max_ops:
                return chosen, True
            chosen.append(pending)
            ops += pending.fee_ops
        return chosen, False

    def shift(self) -> list[Pending]:
        """After a close: age bans and transactions; drop and ban those queued too long."""
        self._bans.rotate(1)
        self._bans[0] = set()
        self._evicted = None
        expired: list[Pending] = []
        for pending in self.real():
            pending.age += 1
            if pending.age >= self.timeout_ledgers:
                expired.append(pending)
                self.remove(pending)
        self.ban([p.hash for p in expired])
        return expired

    def refill_background(self, ops: int, fee_per_op: int, ops_per_tx: int) -> None:
        """Replace the simulated background traffic with ``ops`` fresh operations bidding ``fee_per_op``."""
        for pending in [p for p in self._items.values() if p.background]:
            self.remove(pending)
        for index in range(0, ops, ops_per_tx):
            size = min(ops_per_tx, ops - index)
            order = next(self._order)
            tag = f"background-{order}"
            self._items[tag] = Pending(tag, tag, size, size * fee_per_op, order)
