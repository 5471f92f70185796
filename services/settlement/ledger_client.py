"""The Horizon implementation of settlement's ledger interface (ledger_api.py), over stellar-sdk.

The interface's names are re-exported here for the code that imports them from this module.
"""

from __future__ import annotations

import calendar
import logging
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from decimal import Decimal
from typing import Any

from stellar_sdk import Server, TransactionBuilder, xdr
from stellar_sdk.exceptions import (
    BadRequestError,
    BadResponseError,
    BaseHorizonError,
    ConnectionError,
    SdkError,
)

from services.settlement.fees import fee_hint
from services.settlement.ledger_api import (
    DUPLICATE_HTTP,
    ERROR_HTTP,
    PENDING_HTTP,
    TRY_AGAIN_LATER_HTTP,
    FoundTransaction,
    LedgerClient,
    LedgerTip,
    LedgerTransactions,
    LedgerUnavailable,
    Lookup,
    SequenceRead,
    SubmitReply,
    receiving_problem,
)
from services.settlement.pacing import PacedRequestsClient, RatePacer
from telemetry.metrics import ENVELOPES_SUBMITTED, LEDGER_REQUEST_SECONDS

log = logging.getLogger(__name__)

# Destination reads at once: each is one request, and a pass checks all of its new destinations.
PARALLEL_DESTINATION_READS = 8
# Horizon's largest page: a ledger with more transactions than this takes a request per page.
PAGE_LIMIT = 200

__all__ = [
    "FoundTransaction",
    "HorizonLedgerClient",
    "LedgerClient",
    "LedgerTip",
    "LedgerUnavailable",
    "Lookup",
    "SequenceRead",
    "SubmitReply",
    "decode_result_codes",
    "latest_ledger_header",
    "submit_result",
]


def _snake(name: str) -> str:
    return name.lower()


_OUTER_OP_CODES = {"opBAD_AUTH": "op_bad_auth", "opNO_ACCOUNT": "op_no_source_account"}


_FEE_BUMP_CODES = (
    xdr.TransactionResultCode.txFEE_BUMP_INNER_SUCCESS,
    xdr.TransactionResultCode.txFEE_BUMP_INNER_FAILED,
)


def decode_result_codes(result_xdr: str) -> tuple[str, tuple[str, ...]]:
    """Horizon-style result codes (`tx_failed`, `op_no_trust`) from a TransactionResult XDR.

    A fee bump's result wraps its inner transaction's; the inner codes are the ones that say what
    happened to the payments (`tx_failed` with `op_no_trust`, or `tx_too_late` on receipt), so
    they are returned, as Horizon's `inner_transaction` and `operations` give them.
    """
    outer = xdr.TransactionResult.from_xdr(result_xdr).result
    result: xdr.TransactionResultResult | xdr.InnerTransactionResultResult = outer
    if outer.code in _FEE_BUMP_CODES and outer.inner_result_pair is not None:
        result = outer.inner_result_pair.result.result
    tx_code = "tx_" + _snake(result.code.name[2:])  # e.g. txFAILED
    ops: list[str] = []
    for op in result.results or []:
        if op.code.name != "opINNER" or op.tr is None:
            ops.append(_OUTER_OP_CODES.get(op.code.name, "op_unknown"))
            continue
        inner = op.tr.payment_result
        if inner is None:
            ops.append("op_success")  # settlement submits payments only
            continue
        ops.append("op_" + _snake(inner.code.name.removeprefix("PAYMENT_")))
    return tx_code, tuple(ops)


class HorizonLedgerClient:
    """A LedgerClient over Horizon's HTTP API; SDK retries are off so settlement decides."""

    def __init__(self, horizon_url: str, network_passphrase: str, timeout_seconds: float) -> None:
        self.network_passphrase = network_passphrase
        self.horizon_url = horizon_url
        self.timeout_seconds = timeout_seconds
        self._local = threading.local()
        # One pacer for every thread: Horizon's budget is per client address, not per connection.
        self.pacer = RatePacer(max_wait_seconds=timeout_seconds)

    def _clients(self) -> tuple[Server, PacedRequestsClient]:
        """This thread's SDK server and its HTTP client: a worker submits a pass's envelopes from several threads."""
        clients: tuple[Server, PacedRequestsClient] | None = getattr(self._local, "clients", None)
        if clients is None:
            timeout = self.timeout_seconds
            http = PacedRequestsClient(
                self.pacer, num_retries=0, request_timeout=int(max(timeout, 1)), post_timeout=timeout
            )
            clients = self._local.clients = (Server(self.horizon_url, client=http), http)
        return clients

    @property
    def server(self) -> Server:
        """This thread's SDK server."""
        return self._clients()[0]

    def _read(
        self, path: str, params: dict[str, str] | None = None, label: str = "read"
    ) -> tuple[dict[str, Any] | None, int]:
        """GET a Horizon resource: its body (None on 404) and the answer's `Latest-Ledger`.

        Reads go through the SDK's HTTP client rather than its call builders, which keep only the
        body: the header is what says how far the answering instance had got.
        """
        _, http = self._clients()
        try:
            with LEDGER_REQUEST_SECONDS.labels(label).time():
                response = http.get(self.horizon_url.rstrip("/") + path, params)
        except SdkError as error:
            raise LedgerUnavailable(str(error)) from None
        seen = latest_ledger_header(response.headers)
        if response.status_code == 404:
            return None, seen
        if not 200 <= response.status_code < 300:
            raise LedgerUnavailable(f"HTTP {response.status_code} on {path}")
        body: dict[str, Any] = response.json()
        return body, seen

    def latest_ledger(self) -> LedgerTip:
        """The latest closed ledger (sequence and close time) of the answering instance."""
        body, _ = self._read("/ledgers", {"order": "desc", "limit": "1"}, label="latest_ledger")
        if body is None:
            raise LedgerUnavailable("no ledgers")
        record = body["_embedded"]["records"][0]
        closed = datetime.strptime(record["closed_at"], "%Y-%m-%dT%H:%M:%SZ")
        return LedgerTip(int(record["sequence"]), calendar.timegm(closed.utctimetuple()))

    def account_sequence(self, account_id: str) -> SequenceRead:
        """The account's sequence number, as of the ledger the answering instance had reached."""
        body, seen = self._read(f"/accounts/{account_id}", label="account")
        return SequenceRead(None if body is None else int(body["sequence"]), seen)

    def asset_balance(self, account_id: str, asset_code: str, issuer: str) -> Decimal | None:
        """The balance line of the asset on GET /accounts/{id}."""
        body, _ = self._read(f"/accounts/{account_id}", label="account")
        for line in (body or {}).get("balances", []):
            if line.get("asset_code") == asset_code and line.get("asset_issuer") == issuer:
                return Decimal(line["balance"])
        return None

    def receiving_problems(self, account_ids: Sequence[str], asset_code: str, issuer: str) -> dict[str, str | None]:
        """GET /accounts/{id} for each account, a few at once: Horizon reads one account per request."""

        def problem(account_id: str) -> str | None:
            if account_id == issuer:
                return None
            body, _ = self._read(f"/accounts/{account_id}", label="destination")
            return receiving_problem(None if body is None else body.get("balances", []), asset_code, issuer)

        wanted = list(dict.fromkeys(account_ids))
        if len(wanted) < 2:
            return {account_id: problem(account_id) for account_id in wanted}
        with ThreadPoolExecutor(min(len(wanted), PARALLEL_DESTINATION_READS)) as pool:
            return dict(zip(wanted, pool.map(problem, wanted), strict=True))

    def find_transaction(self, tx_hash: str) -> Lookup:
        """GET /transactions/{hash}."""
        body, seen = self._read(f"/transactions/{tx_hash}", label="find_transaction")
        return Lookup(None if body is None else _found(body, tx_hash), seen)

    def ledger_transactions(self, first: int, last: int) -> LedgerTransactions:
        """GET /ledgers/{seq}/transactions (failed ones included), a page of 200 at a time, for each ledger.

        One request a ledger (more only past 200 transactions in it). A ledger above the answering
        instance's `Latest-Ledger` is not taken as read, whatever the answer's body: the scan
        stops there, and a later one reads it.
        """
        found: dict[str, FoundTransaction] = {}
        through, seen = first - 1, 0
        sequences = list(range(first, last + 1))
        if len(sequences) > 1:  # a worker behind by a few ledgers reads them at once, not one after the other
            with ThreadPoolExecutor(len(sequences)) as pool:
                answers = list(pool.map(self._ledger_records, sequences))
        else:
            answers = [self._ledger_records(sequence) for sequence in sequences]
        for sequence, (records, height) in zip(sequences, answers, strict=True):
            seen = max(seen, height)
            if records is None:
                break
            for body in records:
                for tx_hash in _hashes(body):
                    found[tx_hash] = _found(body, tx_hash)
            through = sequence
        return LedgerTransactions(found, through, seen)

    def _ledger_records(self, sequence: int) -> tuple[list[dict[str, Any]] | None, int]:
        """One ledger's transactions, and the lowest height of the answers (None: the ledger was not read whole)."""
        records: list[dict[str, Any]] = []
        params = {"limit": str(PAGE_LIMIT), "order": "asc", "include_failed": "true"}
        lowest: int | None = None
        while True:
            body, seen = self._read(f"/ledgers/{sequence}/transactions", params, label="ledger_transactions")
            lowest = seen if lowest is None else min(lowest, seen)
            if body is None or seen < sequence:
                return None, lowest
            page: list[dict[str, Any]] = body["_embedded"]["records"]
            records.extend(page)
            if len(page) < PAGE_LIMIT:
                return records, lowest
            params = {**params, "cursor": str(page[-1]["paging_token"])}

    def submit_async(self, envelope_xdr: str) -> SubmitReply:
        """POST /transactions_async: queued (201 PENDING, 409 DUPLICATE), 503 TRY_AGAIN_LATER or 400 ERROR.

        Nothing waits for a ledger; the caller follows the envelope by hash. Counted by its answer.
        """
        with LEDGER_REQUEST_SECONDS.labels("submit_async").time():
            reply = self._submit_async(envelope_xdr)
        ENVELOPES_SUBMITTED.labels(submit_result(reply)).inc()
        return reply

    def _submit_async(self, envelope_xdr: str) -> SubmitReply:
        try:
            envelope = TransactionBuilder.from_xdr(envelope_xdr, self.network_passphrase)
            body = self.server.submit_transaction_async(envelope, skip_memo_required_check=True)
            status = PENDING_HTTP
        except ConnectionError as error:
            return SubmitReply(0, detail=f"connection error: {type(error).__name__}")
        except (BadRequestError, BadResponseError, BaseHorizonError) as error:
            status = error.status or 500
            response = error.args[0] if error.args else None
            try:
                body = response.json() if response is not None else {}
            except Exception:  # a proxy's HTML error page is still just an HTTP status
                body = {}
        except SdkError as error:
            return SubmitReply(0, detail=f"sdk error: {type(error).__name__}")
        tx_status = str(body.get("tx_status") or "")
        detail = f"HTTP {status} {tx_status}".strip()
        if tx_status == "DUPLICATE":
            status = DUPLICATE_HTTP
        error_xdr = body.get("error_result_xdr")
        if status == ERROR_HTTP and error_xdr:
            tx_code, op_codes = decode_result_codes(error_xdr)
            hint = fee_hint(error_xdr)
            return SubmitReply(ERROR_HTTP, tx_code=tx_code, op_codes=op_codes, detail=detail, fee_hint=hint)
        return SubmitReply(status, detail=detail)

    def fee_stats(self) -> dict[str, Any]:
        """GET /fee_stats: the last ledgers' fees per operation and capacity use."""
        body, _ = self._read("/fee_stats", label="fee_stats")
        if body is None:
            raise LedgerUnavailable("no fee_stats")
        return body


ASYNC_STATUSES = {PENDING_HTTP: "PENDING", DUPLICATE_HTTP: "DUPLICATE", TRY_AGAIN_LATER_HTTP: "TRY_AGAIN_LATER"}


def submit_result(reply: SubmitReply) -> str:
    """The metric label of a submission's answer: the ledger's result code, the async status, else the HTTP status."""
    if reply.applied and reply.successful:
        return "tx_success"
    if reply.tx_code:
        return reply.tx_code
    if reply.http_status in ASYNC_STATUSES and reply.detail.endswith(ASYNC_STATUSES[reply.http_status]):
        return ASYNC_STATUSES[reply.http_status]
    return f"http_{reply.http_status}" if reply.http_status else "connection_error"


def latest_ledger_header(headers: dict[str, str]) -> int:
    """The `Latest-Ledger` an answer carries; 0 when it carries none, which proves no height at all."""
    for name, value in headers.items():
        if name.lower() == "latest-ledger":
            try:
                return int(value)
            except ValueError:
                break
    return 0


def _hashes(body: dict[str, Any]) -> list[str]:
    """A transaction resource's hashes: its own, and a fee bump's inner one."""
    inner = (body.get("inner_transaction") or {}).get("hash")
    return [str(body["hash"]), *([str(inner)] if inner else [])]


def _found(body: dict[str, Any], tx_hash: str) -> FoundTransaction:
    """A transaction resource as found under `tx_hash`."""
    tx_code, op_codes = _found_codes(body)
    charged = body.get("fee_charged")
    return FoundTransaction(
        tx_hash,
        int(body["ledger"]),
        bool(body["successful"]),
        tx_code,
        op_codes,
        None if charged is None else int(charged),
        str(body.get("envelope_xdr", "")),
    )


def _found_codes(body: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    if body.get("result_xdr"):
        try:
            return decode_result_codes(body["result_xdr"])
        except Exception:  # an odd XDR must not hide that the transaction was applied
            log.warning("could not decode result_xdr of %s", body.get("hash"))
    return ("tx_success" if body.get("successful") else "tx_failed"), ()
