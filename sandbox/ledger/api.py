"""Horizon's HTTP surface: the read endpoints and transaction submission."""

from __future__ import annotations

import calendar
from typing import Any

from flask import Blueprint, Response, g, jsonify, request

from ledger import horizon_json
from ledger.engine import MalformedEnvelope, Submission, SubmitStatus, account_sequence_at
from ledger.faults import FaultKind
from ledger.load_faults import submit_unless_refused
from ledger.models import Account, LedgerHeader, TransactionRecord, find_record
from ledger.ratelimit import PROBLEM_DETAIL
from ledger.results import TxResult
from ledger.state import current_state
from ledger.transport import request_reset

bp = Blueprint("horizon", __name__)

TIMEOUT_DETAIL = (
    "Your request timed out before completing. Please try your request again. If you are "
    "submitting a transaction, it may still be applied: look it up by hash before rebuilding it."
)
FAILED_DETAIL = (
    "The transaction failed when submitted to the stellar network. The `extras.result_codes` "
    "field on this response contains further details."
)


def problem_response(status: int, kind: str, title: str, detail: str, **extras: Any) -> Response:
    """Return a Horizon problem+json response."""
    response = jsonify(horizon_json.problem(status, kind, title, detail, **extras))
    response.status_code = status
    response.mimetype = "application/problem+json"
    return response


def not_found() -> Response:
    """Return Horizon's 404 problem."""
    return problem_response(
        404,
        "not_found",
        "Resource Missing",
        "The resource at the url requested was not found.",
    )


def _timeout(tx_hash: str | None = None) -> Response:
    extras = {"hash": tx_hash} if tx_hash else {}
    return problem_response(504, "timeout", "Timeout", TIMEOUT_DETAIL, **extras)


LATEST_LEDGER_HEADER = "Latest-Ledger"


def seen_ledger() -> int:
    """The ledger the instance serving this request has reached: the tip, or less in a lagging fleet.

    Chosen once per request, so every read of one answer is as of the same ledger.
    """
    if "seen_ledger" not in g:
        state = current_state()
        g.seen_ledger = state.fleet.height(state.engine.latest_ledger().sequence, request.path)
    seen: int = g.seen_ledger
    return seen


@bp.before_request
def choose_instance() -> None:
    """Fix the request's ledger before any data is read, so the data is never older than the header.

    Read lazily, the header could name a ledger that closed after the data was read: a 404 would
    then claim a ledger it did not see.
    """
    seen_ledger()


def add_latest_ledger(response: Response) -> Response:
    """Say on every answer which ledger it was served as of, as Horizon's `Latest-Ledger` header does.

    The sandbox's own admin answers are not Horizon's and reach no instance.
    """
    if request.blueprint == "sandbox":
        return response
    response.headers[LATEST_LEDGER_HEADER] = str(seen_ledger())
    return response


def _seen_header() -> LedgerHeader:
    header: LedgerHeader = LedgerHeader.get_by_id(seen_ledger())
    return header


@bp.get("/")
def root() -> Response:
    """Serve the root resource."""
    return jsonify(horizon_json.root(_seen_header(), current_state().config.network_passphrase))


@bp.get("/accounts/<account_id>")
def account(account_id: str) -> Response:
    """Serve an account as of the serving instance's ledger, or 404 (also if created after it)."""
    entry = Account.get_or_none(Account.account_id == account_id)
    if entry is None:
        return not_found()
    seen = seen_ledger()
    sequence = account_sequence_at(entry, seen)
    if sequence is None:
        return not_found()
    header = LedgerHeader.get_or_none(LedgerHeader.sequence == min(entry.last_modified_ledger, seen))
    modified_at = header.closed_at if header else _seen_header().closed_at
    return jsonify(horizon_json.account(entry, modified_at, sequence))


@bp.get("/transactions/<tx_hash>")
def transaction(tx_hash: str) -> Response:
    """Serve a transaction by its hash or a fee bump's inner hash; 404 if a lag fault or a lagging instance hides it."""
    state = current_state()
    record = find_record(tx_hash)
    if record is None or record.ledger > seen_ledger():
        return not_found()
    if state.faults.hides(calendar.timegm(record.created_at.utctimetuple())):
        return not_found()
    return jsonify(horizon_json.transaction(record, state.config.network_passphrase, tx_hash.lower()))


@bp.get("/ledgers")
def ledgers() -> Response:
    """Serve a page of ledgers (``order`` and ``limit``; no cursor)."""
    state = current_state()
    limit = max(1, min(200, request.args.get("limit", default=10, type=int)))
    query = LedgerHeader.select().where(LedgerHeader.sequence <= seen_ledger())
    if request.args.get("order", "asc") == "desc":
        query = query.order_by(LedgerHeader.sequence.desc())
    else:
        query = query.order_by(LedgerHeader.sequence.asc())
    records = [horizon_json.ledger(h, state.config.max_ops_per_ledger) for h in query.limit(limit)]
    return jsonify(horizon_json.page(records, request.full_path))


@bp.get("/ledgers/<int:sequence>")
def ledger(sequence: int) -> Response:
    """Serve one ledger, or 404."""
    header = LedgerHeader.get_or_none(LedgerHeader.sequence == sequence)
    if header is None or sequence > seen_ledger():
        return not_found()
    return jsonify(horizon_json.ledger(header, current_state().config.max_ops_per_ledger))


@bp.get("/ledgers/<int:sequence>/transactions")
def ledger_transactions(sequence: int) -> Response:
    """Serve a page of one ledger's transactions, as Horizon does: `cursor`, `limit`, `order`, `include_failed`.

    Failed transactions are left out unless `include_failed=true`. A ledger above the serving
    instance's is 404, as `/ledgers/{seq}` is; so is a ledger the lag fault hides (Horizon ingests a
    ledger's transactions together: a ledger it has not ingested has none to show).
    """
    header = LedgerHeader.get_or_none(LedgerHeader.sequence == sequence)
    if header is None or sequence > seen_ledger():
        return not_found()
    if current_state().faults.hides(calendar.timegm(header.closed_at.utctimetuple())):
        return not_found()
    limit = max(1, min(200, request.args.get("limit", default=10, type=int)))
    descending = request.args.get("order", "asc") == "desc"
    cursor = request.args.get("cursor", default=None, type=int)
    token = TransactionRecord.ledger * (1 << 32) + TransactionRecord.application_order * (1 << 12)
    query = TransactionRecord.select().where(TransactionRecord.ledger == sequence)
    if request.args.get("include_failed", "false").lower() != "true":
        query = query.where(TransactionRecord.successful == True)  # noqa: E712 - peewee builds SQL from ==
    if cursor is not None:
        query = query.where(token < cursor if descending else token > cursor)
    order = TransactionRecord.application_order.desc() if descending else TransactionRecord.application_order
    passphrase = current_state().config.network_passphrase
    records = [horizon_json.transaction(r, passphrase, r.hash) for r in query.order_by(order).limit(limit)]
    return jsonify(horizon_json.page(records, request.full_path))


@bp.get("/fee_stats")
def fee_stats() -> Response:
    """Serve fee statistics over the last five ledgers, as Horizon computes them from its history."""
    state = current_state()
    latest = _seen_header()
    since = latest.sequence - horizon_json.FEE_STATS_LEDGERS
    charged: list[int] = []
    bids: list[int] = []
    for record in TransactionRecord.select().where(TransactionRecord.ledger.between(since + 1, latest.sequence)):
        # A fee bump's fee is counted on one more operation, as in Horizon's fee stats query.
        ops = record.operation_count + (1 if record.inner_hash else 0)
        charged.append(record.fee_charged // max(ops, 1))
        bids.append(record.max_fee // max(ops, 1))
    ledgers = LedgerHeader.select().where(LedgerHeader.sequence.between(since + 1, latest.sequence))
    used = sum(header.tx_set_operation_count for header in ledgers)
    capacity = state.config.max_ops_per_ledger * max(len(ledgers), 1)
    return jsonify(horizon_json.fee_stats(latest.sequence, latest.base_fee, charged, bids, used, capacity))


def _failure(result: TxResult, envelope_xdr: str, tx_hash: str) -> Response:
    return problem_response(
        400,
        "transaction_failed",
        "Transaction Failed",
        FAILED_DETAIL,
        envelope_xdr=envelope_xdr,
        result_xdr=result.to_xdr(),
        result_codes=result.result_codes(),
        hash=tx_hash,
    )


def _record_response(record: TransactionRecord) -> Response:
    state = current_state()
    body = horizon_json.transaction(record, state.config.network_passphrase, record.hash)
    if record.successful:
        return jsonify(body)
    return problem_response(
        400,
        "transaction_failed",
        "Transaction Failed",
        FAILED_DETAIL,
        envelope_xdr=record.envelope_xdr,
        result_xdr=record.result_xdr,
        result_codes=body["result_codes"],
        hash=record.hash,
    )


def _malformed(envelope_xdr: str, detail: str) -> Response:
    return problem_response(
        400,
        "transaction_malformed",
        "Transaction Malformed",
        f"Horizon could not decode the transaction envelope in this request: {detail}",
        envelope_xdr=envelope_xdr,
    )


def rate_limit_exceeded() -> Response:
    """Return Horizon's 429 problem."""
    return problem_response(429, "rate_limit_exceeded", "Rate Limit Exceeded", PROBLEM_DETAIL)


def _apply_fault(fault: FaultKind | None) -> Response | None:
    """Answer for faults that act before the engine sees the envelope."""
    if fault is FaultKind.RATE_LIMITED:
        return rate_limit_exceeded()
    if fault is FaultKind.UNAVAILABLE:
        return problem_response(503, "service_unavailable", "Service Unavailable", "Horizon is not ready to serve.")
    if fault is FaultKind.TIMEOUT_NO_APPLY:
        return _timeout()
    if fault is FaultKind.CONNECTION_RESET:
        request_reset(request.environ)
        return Response(status=500)
    return None


def _after_queue_fault(fault: FaultKind | None, submission: Submission) -> Response | None:
    if fault is FaultKind.TIMEOUT_THEN_APPLY:
        return _timeout(submission.hash)
    if fault is FaultKind.CONNECTION_RESET_THEN_APPLY:
        request_reset(request.environ)
        return Response(status=500)
    return None


def _submit() -> tuple[Response | None, Submission | None, str]:
    state = current_state()
    envelope_xdr = request.form.get("tx", "")
    fault = state.faults.take_submission_fault()
    early = _apply_fault(fault)
    if early is not None:
        return early, None, envelope_xdr
    if not envelope_xdr:
        return _malformed(envelope_xdr, "the form field `tx` is missing"), None, envelope_xdr
    try:
        submission = submit_unless_refused(state.engine, envelope_xdr, fault)
    except MalformedEnvelope as exc:
        return _malformed(envelope_xdr, str(exc)), None, envelope_xdr
    if state.fleet.active and submission.record is not None and submission.record.ledger > seen_ledger():
        # Horizon looks the hash up in its own history first; an instance that has not ingested
        # the ledger passes the envelope on to core, which refuses its used sequence number. (A
        # lone server at the tip may see a ledger close during the request: it has ingested it.)
        submission = Submission(SubmitStatus.ERROR, submission.hash, error=TxResult("tx_bad_seq"))
    return _after_queue_fault(fault, submission), submission, envelope_xdr


@bp.post("/transactions")
def submit_transaction() -> Response:
    """Submit and wait for the ledger that includes the transaction, up to the bound."""
    response, submission, envelope_xdr = _submit()
    if response is not None or submission is None:
        assert response is not None
        return response
    if submission.status is SubmitStatus.APPLIED and submission.record is not None:
        return _record_response(submission.record)
    if submission.status is SubmitStatus.ERROR and submission.error is not None:
        return _failure(submission.error, envelope_xdr, submission.hash)
    # Horizon takes PENDING, DUPLICATE and TRY_AGAIN_LATER alike as submitted, then waits for the
    # hash to appear in a ledger; a transaction dropped from the queue never does: 504 at the end.
    record = current_state().engine.wait_for_record(submission.hash, current_state().config.submit_timeout_seconds)
    if record is None:
        return _timeout(submission.hash)
    return _record_response(record)


@bp.post("/transactions_async")
def submit_transaction_async() -> Response:
    """Submit and answer at once with stellar-core's queue status."""
    response, submission, _ = _submit()
    if response is not None or submission is None:
        assert response is not None
        return response
    body: dict[str, Any] = {"hash": submission.hash}
    status = submission.status
    error = submission.error
    if status is SubmitStatus.APPLIED:
        # The envelope's sequence number is used up, so core refuses it as a bad sequence.
        status, error = SubmitStatus.ERROR, TxResult("tx_bad_seq")
    body["tx_status"] = status.value
    if error is not None:
        body["error_result_xdr"] = error.to_xdr()
    codes = {
        SubmitStatus.PENDING: 201,
        SubmitStatus.DUPLICATE: 409,
        SubmitStatus.ERROR: 400,
        SubmitStatus.TRY_AGAIN_LATER: 503,
    }
    result = jsonify(body)
    result.status_code = codes[status]
    return result
