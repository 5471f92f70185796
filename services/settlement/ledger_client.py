"""The one interface settlement has to a ledger, and its Horizon implementation (stellar-sdk)."""

from __future__ import annotations

import calendar
import logging
import threading
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any, Protocol

from stellar_sdk import Server, TransactionBuilder, xdr
from stellar_sdk.exceptions import (
    BadRequestError,
    BadResponseError,
    BaseHorizonError,
    ConnectionError,
    SdkError,
)

from services.settlement.fees import fee_hint
from services.settlement.pacing import PacedRequestsClient, RatePacer
from telemetry.metrics import ENVELOPES_SUBMITTED, LEDGER_REQUEST_SECONDS

log = logging.getLogger(__name__)


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

    `applied` is True when the answer carries a transaction applied in a ledger (successful or
    not). `http_status` 0 means no HTTP answer at all (connection error).
    """

    http_status: int
    applied: bool = False
    successful: bool = False
    ledger: int | None = None
    tx_code: str | None = None
    op_codes: tuple[str, ...] = field(default_factory=tuple)
    detail: str = ""
    fee_hint: int | None = None  # tx_insufficient_fee: the total fee that would have got in


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
    """A lookup by hash, and the ledger the answering Horizon instance had reached (`Latest-Ledger`).

    A 404 proves only that the transaction was not applied in ledgers up to `seen_ledger`.
    """

    found: FoundTransaction | None
    seen_ledger: int


@dataclass(frozen=True)
class SequenceRead:
    """An account's sequence number (None: no such account) as of the ledger the instance had reached."""

    sequence: int | None
    seen_ledger: int


class LedgerClient(Protocol):
    """What settlement needs of a ledger; selected per environment by config."""

    def latest_ledger(self) -> LedgerTip:
        """The latest closed ledger the answering instance has; raises LedgerUnavailable."""

    def account_sequence(self, account_id: str) -> SequenceRead:
        """The account's sequence number and the ledger it was read at; raises LedgerUnavailable."""

    def submit_async(self, envelope_xdr: str) -> SubmitReply:
        """Submit asynchronously: queued or refused on receipt; never raises for a ledger or transport problem."""

    def find_transaction(self, tx_hash: str) -> Lookup:
        """The applied transaction with this hash, or a fee bump's inner hash (None on 404), and the ledger it saw."""

    def fee_stats(self) -> dict[str, Any]:
        """Horizon's fee statistics of the last ledgers; raises LedgerUnavailable."""

    def asset_balance(self, account_id: str, asset_code: str, issuer: str) -> Decimal | None:
        """The account's balance of the asset, None without the account or its trustline; raises LedgerUnavailable."""


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

    def find_transaction(self, tx_hash: str) -> Lookup:
        """GET /transactions/{hash}."""
        body, seen = self._read(f"/transactions/{tx_hash}", label="find_transaction")
        if body is None:
            return Lookup(None, seen)
        tx_code, op_codes = _found_codes(body)
        charged = body.get("fee_charged")
        found = FoundTransaction(
            tx_hash,
            int(body["ledger"]),
            bool(body["successful"]),
            tx_code,
            op_codes,
            None if charged is None else int(charged),
            str(body.get("envelope_xdr", "")),
        )
        return Lookup(found, seen)

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
            status = 201
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
            status = 409
        error_xdr = body.get("error_result_xdr")
        if status == 400 and error_xdr:
            tx_code, op_codes = decode_result_codes(error_xdr)
            return SubmitReply(400, tx_code=tx_code, op_codes=op_codes, detail=detail, fee_hint=fee_hint(error_xdr))
        return SubmitReply(status, detail=detail)

    def fee_stats(self) -> dict[str, Any]:
        """GET /fee_stats: the last ledgers' fees per operation and capacity use."""
        body, _ = self._read("/fee_stats", label="fee_stats")
        if body is None:
            raise LedgerUnavailable("no fee_stats")
        return body


ASYNC_STATUSES = {201: "PENDING", 409: "DUPLICATE", 503: "TRY_AGAIN_LATER"}


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


def _found_codes(body: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    if body.get("result_xdr"):
        try:
            return decode_result_codes(body["result_xdr"])
        except Exception:  # an odd XDR must not hide that the transaction was applied
            log.warning("could not decode result_xdr of %s", body.get("hash"))
    return ("tx_success" if body.get("successful") else "tx_failed"), ()
