"""The Stellar RPC implementation of settlement's ledger interface (ledger_api.py), over stellar-sdk's SorobanServer.

Stellar RPC answers JSON-RPC 2.0; its `sendTransaction` has the four statuses of Horizon's async
submission, mapped here onto the same `SubmitReply` convention so the worker cannot tell the
backends apart. What does differ is history: an RPC instance keeps only its retention window
(`oldestLedger` … `latestLedger`), so every lookup says where that window began (docs/settlement.md).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import partial
from typing import Any, TypeVar

from stellar_sdk import Asset, FeeBumpTransactionEnvelope, Keypair, SorobanServer, xdr
from stellar_sdk.exceptions import BaseHorizonError, ConnectionError, SdkError, SorobanRpcErrorResponse
from stellar_sdk.soroban_rpc import (
    GetTransactionStatus,
    SendTransactionResponse,
    SendTransactionStatus,
    Transaction,
)

from services.settlement.fees import fee_hint
from services.settlement.ledger_api import (
    DUPLICATE_HTTP,
    ERROR_HTTP,
    NO_DESTINATION,
    NO_TRUST,
    NOT_AUTHORIZED,
    PENDING_HTTP,
    TRY_AGAIN_LATER_HTTP,
    FoundTransaction,
    LedgerTip,
    LedgerTransactions,
    LedgerUnavailable,
    Lookup,
    SequenceRead,
    SubmitReply,
)
from services.settlement.ledger_client import decode_result_codes, submit_result
from services.settlement.pacing import PacedRequestsClient, RatePacer
from services.settlement.rpc_bids import bid_per_operation, envelope_accounts, horizon_fee_stats
from telemetry.metrics import ENVELOPES_SUBMITTED, LEDGER_REQUEST_SECONDS

T = TypeVar("T")

# sendTransaction's status -> the async-submission HTTP convention SubmitReply speaks.
SEND_STATUSES = {
    SendTransactionStatus.PENDING: PENDING_HTTP,
    SendTransactionStatus.DUPLICATE: DUPLICATE_HTTP,
    SendTransactionStatus.TRY_AGAIN_LATER: TRY_AGAIN_LATER_HTTP,
    SendTransactionStatus.ERROR: ERROR_HTTP,
}

STROOPS_PER_TKN = Decimal(10_000_000)
# getLedgerEntries takes at most 200 keys; a destination needs two (its account and its trust line).
DESTINATIONS_PER_READ = 100
# getTransactions' largest page, and the pages one scan reads at most (more ledgers wait for the next scan).
PAGE_LIMIT = 200
MAX_PAGES = 2
# The ledgers whose bids fee_stats reports: stellar-rpc's getFeeStats covers its last ten ledgers
# (`classic-fee-stats-retention-window`), so bids and charges describe the same ledgers; ten
# ledgers of at most 1,000 operations each also bound what is kept.
BID_LEDGERS = 10


class RpcLedgerClient:
    """A LedgerClient over Stellar RPC; SDK retries are off so settlement decides."""

    def __init__(self, rpc_url: str, network_passphrase: str, timeout_seconds: float) -> None:
        self.network_passphrase = network_passphrase
        self.rpc_url = rpc_url
        self.timeout_seconds = timeout_seconds
        self._local = threading.local()
        # One pacer for every thread: a provider's budget is per client, not per connection.
        self.pacer = RatePacer(max_wait_seconds=timeout_seconds)
        # Per ledger read whole, the bid per operation of each transaction in it (see `fee_stats`):
        # the last BID_LEDGERS ledgers up to `_bids_through`, the highest ledger read whole.
        self._bids: dict[int, list[int]] = {}
        self._bids_through: int | None = None
        self._bids_lock = threading.Lock()
        # This network's channel and distribution accounts (set where the network is assembled,
        # settings.SettlementNetwork): their transactions are ours, so their bids are no rival's.
        self.own_accounts: frozenset[str] = frozenset()

    @property
    def server(self) -> SorobanServer:
        """This thread's SDK server: a worker submits a pass's envelopes from several threads."""
        server: SorobanServer | None = getattr(self._local, "server", None)
        if server is None:
            timeout = self.timeout_seconds
            http = PacedRequestsClient(
                self.pacer, num_retries=0, request_timeout=int(max(timeout, 1)), post_timeout=timeout
            )
            server = self._local.server = SorobanServer(self.rpc_url, client=http)
        return server

    def _call(self, label: str, method: Callable[[], T]) -> T:
        """One JSON-RPC call; any failure to get an answer (transport, HTTP, JSON-RPC error) is LedgerUnavailable."""
        try:
            with LEDGER_REQUEST_SECONDS.labels(label).time():
                return method()
        except SorobanRpcErrorResponse as error:
            raise LedgerUnavailable(f"RPC error {error.code} on {label}: {error.message}") from None
        except BaseHorizonError as error:
            raise LedgerUnavailable(f"HTTP {error.status} on {label}") from None
        except (SdkError, ValueError) as error:  # ValueError: an answer the SDK's models refuse
            raise LedgerUnavailable(f"{type(error).__name__} on {label}: {error}") from None

    def latest_ledger(self) -> LedgerTip:
        """getLatestLedger: the sequence and close time of the answering instance's latest ledger."""
        answer = self._call("latest_ledger", self.server.get_latest_ledger)
        return LedgerTip(answer.sequence, answer.close_time)

    def account_sequence(self, account_id: str) -> SequenceRead:
        """getLedgerEntries on the account's key: its sequence number (None: no such account) and the ledger read at."""
        key = xdr.LedgerKey(
            xdr.LedgerEntryType.ACCOUNT,
            account=xdr.LedgerKeyAccount(Keypair.from_public_key(account_id).xdr_account_id()),
        )
        answer = self._call("account", lambda: self.server.get_ledger_entries([key]))
        if not answer.entries:
            return SequenceRead(None, answer.latest_ledger)
        entry = xdr.LedgerEntryData.from_xdr(answer.entries[0].xdr)
        assert entry.account is not None
        return SequenceRead(entry.account.seq_num.sequence_number.int64, answer.latest_ledger)

    def asset_balance(self, account_id: str, asset_code: str, issuer: str) -> Decimal | None:
        """getLedgerEntries on the account's trust line of the asset."""
        key = xdr.LedgerKey(
            xdr.LedgerEntryType.TRUSTLINE,
            trust_line=xdr.LedgerKeyTrustLine(
                Keypair.from_public_key(account_id).xdr_account_id(),
                Asset(asset_code, issuer).to_trust_line_asset_xdr_object(),
            ),
        )
        answer = self._call("account", lambda: self.server.get_ledger_entries([key]))
        if not answer.entries:
            return None
        entry = xdr.LedgerEntryData.from_xdr(answer.entries[0].xdr)
        assert entry.trust_line is not None
        return Decimal(entry.trust_line.balance.int64) / STROOPS_PER_TKN

    def receiving_problems(self, account_ids: Sequence[str], asset_code: str, issuer: str) -> dict[str, str | None]:
        """getLedgerEntries on each account and its trust line of the asset: one read per 100 destinations."""
        wanted = [account_id for account_id in dict.fromkeys(account_ids) if account_id != issuer]
        found: dict[str, str | None] = {account_id: None for account_id in account_ids if account_id == issuer}
        for start in range(0, len(wanted), DESTINATIONS_PER_READ):
            found.update(self._receiving_problems(wanted[start : start + DESTINATIONS_PER_READ], asset_code, issuer))
        return found

    def _receiving_problems(self, account_ids: list[str], asset_code: str, issuer: str) -> dict[str, str | None]:
        trust_asset = Asset(asset_code, issuer).to_trust_line_asset_xdr_object()
        keys: dict[str, tuple[str, str]] = {}  # a key's XDR -> (account, "account" or "trust")
        for account_id in account_ids:
            owner = Keypair.from_public_key(account_id).xdr_account_id()
            account_key = xdr.LedgerKey(xdr.LedgerEntryType.ACCOUNT, account=xdr.LedgerKeyAccount(owner))
            trust_key = xdr.LedgerKey(
                xdr.LedgerEntryType.TRUSTLINE, trust_line=xdr.LedgerKeyTrustLine(owner, trust_asset)
            )
            keys[account_key.to_xdr()] = (account_id, "account")
            keys[trust_key.to_xdr()] = (account_id, "trust")
        requested = [xdr.LedgerKey.from_xdr(key) for key in keys]
        answer = self._call("destination", lambda: self.server.get_ledger_entries(requested))
        exists: set[str] = set()
        authorized: dict[str, bool] = {}
        for entry in answer.entries or []:
            account_id, kind = keys[entry.key]
            if kind == "account":
                exists.add(account_id)
                continue
            data = xdr.LedgerEntryData.from_xdr(entry.xdr)
            assert data.trust_line is not None
            authorized[account_id] = bool(data.trust_line.flags.uint32 & xdr.TrustLineFlags.AUTHORIZED_FLAG.value)
        return {
            account_id: NO_DESTINATION
            if account_id not in exists
            else NO_TRUST
            if account_id not in authorized
            else None
            if authorized[account_id]
            else NOT_AUTHORIZED
            for account_id in account_ids
        }

    def find_transaction(self, tx_hash: str) -> Lookup:
        """getTransaction, by a transaction's own hash or a fee bump's inner hash.

        NOT_FOUND covers only the instance's window, so the lookup carries `oldestLedger` as
        `history_start`: a miss proves nothing about ledgers before it.
        """
        answer = self._call("find_transaction", lambda: self.server.get_transaction(tx_hash))
        if answer.status == GetTransactionStatus.NOT_FOUND or answer.ledger is None:
            return Lookup(None, answer.latest_ledger, history_start=answer.oldest_ledger)
        result_xdr = answer.result_xdr or ""
        successful = answer.status == GetTransactionStatus.SUCCESS
        tx_code, op_codes = decode_result_codes(result_xdr) if result_xdr else ("tx_success", ())
        charged = xdr.TransactionResult.from_xdr(result_xdr).fee_charged.int64 if result_xdr else None
        found = FoundTransaction(
            tx_hash, answer.ledger, successful, tx_code, op_codes, charged, answer.envelope_xdr or ""
        )
        return Lookup(found, answer.latest_ledger, history_start=answer.oldest_ledger)

    def ledger_transactions(self, first: int, last: int) -> LedgerTransactions:
        """getTransactions from `first` to the instance's latest ledger: one request for up to 200 transactions.

        A full page's last ledger may go on in the next page, so it is read by its cursor (at most
        MAX_PAGES pages in all); a page that is not full ends at the instance's `latestLedger`, and
        so does the scan (below `first` when the instance is behind). `last` is not needed: one
        read covers every ledger the instance has.
        """
        del last
        # From a cursor (a TOID: ledger << 32 is just before the ledger's first transaction) rather than
        # `startLedger`: an instance not yet at `first` answers an empty page at its height, not an error.
        start = partial(self.server.get_transactions, cursor=str(first << 32), limit=PAGE_LIMIT)
        answer = self._call("ledger_transactions", start)
        found: dict[str, FoundTransaction] = {}
        bids: dict[int, list[int]] = {}
        through = first - 1
        for page in range(1, MAX_PAGES + 1):
            for tx in answer.transactions:
                envelope = xdr.TransactionEnvelope.from_xdr(tx.envelope_xdr)
                if not self.own_accounts & envelope_accounts(envelope):
                    bids.setdefault(tx.ledger, []).append(bid_per_operation(envelope))
                for tx_hash in self._hashes(tx, envelope):
                    found[tx_hash] = _found(tx, tx_hash)
            if len(answer.transactions) < PAGE_LIMIT:
                through = answer.latest_ledger
                break
            through = answer.transactions[-1].ledger - 1
            if page < MAX_PAGES:
                more = partial(self.server.get_transactions, cursor=answer.cursor, limit=PAGE_LIMIT)
                answer = self._call("ledger_transactions", more)
        tip = LedgerTip(answer.latest_ledger, answer.latest_ledger_close_timestamp)
        self._remember_bids(first, through, bids)
        return LedgerTransactions(found, through, answer.latest_ledger, tip)

    def _hashes(self, tx: Transaction, envelope: xdr.TransactionEnvelope) -> list[str]:
        """An applied transaction's hashes: its own, and a fee bump's inner one (read from its envelope)."""
        if not tx.fee_bump:
            return [tx.transaction_hash]
        bump = FeeBumpTransactionEnvelope.from_xdr_object(envelope, self.network_passphrase)
        return [tx.transaction_hash, bump.transaction.inner_transaction_envelope.hash_hex()]

    def _remember_bids(self, first: int, through: int, bids: dict[int, list[int]]) -> None:
        """Keep the bids of the ledgers read whole (`first` … `through`), the last BID_LEDGERS of them.

        A ledger read again (a full page's last one, read on by the next scan) replaces what was kept.
        """
        if through < first:
            return
        with self._bids_lock:
            for ledger in range(first, through + 1):
                self._bids[ledger] = bids.get(ledger, [])
            latest = max(through, self._bids_through or through)
            self._bids_through = latest
            self._bids = {
                ledger: kept for ledger, kept in self._bids.items() if latest - BID_LEDGERS < ledger <= latest
            }

    def submit_async(self, envelope_xdr: str) -> SubmitReply:
        """sendTransaction: PENDING, DUPLICATE, TRY_AGAIN_LATER or ERROR, answered at once; counted by its answer."""
        with LEDGER_REQUEST_SECONDS.labels("submit_async").time():
            reply = self._submit(envelope_xdr)
        ENVELOPES_SUBMITTED.labels(submit_result(reply)).inc()
        return reply

    def _submit(self, envelope_xdr: str) -> SubmitReply:
        try:
            answer = self.server.send_transaction(envelope_xdr)
        except ConnectionError as error:
            return SubmitReply(0, detail=f"connection error: {type(error).__name__}")
        except BaseHorizonError as error:  # a provider's 429, 503, 504 in front of RPC
            return SubmitReply(error.status or 500, detail=f"HTTP {error.status}")
        except SorobanRpcErrorResponse as error:  # RPC refused the request itself (say, XDR it cannot read)
            return SubmitReply(ERROR_HTTP, detail=f"RPC error {error.code}: {error.message}")
        except (SdkError, ValueError) as error:
            return SubmitReply(0, detail=f"sdk error: {type(error).__name__}")
        return send_reply(answer)

    def fee_stats(self) -> dict[str, Any]:
        """getFeeStats, in the `/fee_stats` shape the worker reads (`horizon_fee_stats`).

        getFeeStats reports only fees charged, and a ledger that cleared at our own bids charges
        them everywhere, hiding the rivals that outbid us. So once the scans have read ledgers
        whole (`ledger_transactions`), `max_fee` is the bids of their transactions over the last
        BID_LEDGERS ledgers read, and a bid above the network's base fee among them makes the
        ledgers busy too (decision Z9). Our own transactions (`own_accounts`) are left out: our
        fee bumps are no rival, and counting them would ratchet our bids up on their own. No
        request is added while the scans read those ledgers anyway; when they have read none of the
        last BID_LEDGERS (a worker just started, or idle until now), the latest ledger is read here
        as a scan reads it (`_sample_bids`: one request, two past 200 transactions). Without it the
        first envelopes of a congested spell bid the base fee, were left out of ledger after
        ledger, and could only be raised by stellar-core's tenfold replace-by-fee.
        """
        answer = self._call("fee_stats", self.server.get_fee_stats)
        with self._bids_lock:
            stale = self._bids_through is None or self._bids_through <= answer.latest_ledger - BID_LEDGERS
        if stale:
            self._sample_bids(answer.latest_ledger)
        with self._bids_lock:
            bids = [bid for kept in self._bids.values() for bid in kept]
        return horizon_fee_stats(answer.inclusion_fee.model_dump(), bids)

    def _sample_bids(self, ledger: int) -> None:
        """Read `ledger` as a scan does (`ledger_transactions`) for its bids; if that fails, the fees charged stand."""
        try:
            self.ledger_transactions(ledger, ledger)
        except LedgerUnavailable:
            return


def _found(tx: Transaction, tx_hash: str) -> FoundTransaction:
    """An applied transaction from getTransactions, as found under `tx_hash`."""
    result_xdr = tx.result_xdr
    tx_code, op_codes = decode_result_codes(result_xdr)
    charged = xdr.TransactionResult.from_xdr(result_xdr).fee_charged.int64
    successful = tx.status == GetTransactionStatus.SUCCESS.value
    return FoundTransaction(tx_hash, tx.ledger, successful, tx_code, op_codes, charged, tx.envelope_xdr)


def send_reply(answer: SendTransactionResponse) -> SubmitReply:
    """sendTransaction's answer as a SubmitReply: the status names the HTTP code of Horizon's async submission.

    ERROR carries `errorResultXdr`, decoded to the same result codes (and fee hint) as Horizon's 400.
    """
    status = SEND_STATUSES.get(answer.status, 500)
    detail = f"RPC {answer.status.value}"
    if status == ERROR_HTTP and answer.error_result_xdr:
        tx_code, op_codes = decode_result_codes(answer.error_result_xdr)
        hint = fee_hint(answer.error_result_xdr)
        return SubmitReply(ERROR_HTTP, tx_code=tx_code, op_codes=op_codes, detail=detail, fee_hint=hint)
    return SubmitReply(status, detail=detail)
