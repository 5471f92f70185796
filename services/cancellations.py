"""Answering a camt.056 cancellation request with a camt.029, exactly once against settlement (issue 34).

The transfer is found as pacs.028 finds it (OrgnlInstrId, else OrgnlEndToEndId); the decision is
taken with the transfer's row locked (storage/cancellations.py), so no claim, envelope or crash
can interleave with it. A request is idempotent on its Assgnmt/Id per organization: the same body
again gets the answer its request has now (a PDCR becomes the final answer once settlement has
decided), another body under the same Id is refused with AM05.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import peewee

from bindings.camt_056_001_11 import Document, PaymentTransaction155
from services.api_keys import Caller
from services.message_reader import CAMT056, MessageFormatError, MessageReader
from services.networks import check_network
from services.redaction import stored_request
from services.rejections import MessageRejected, ReasonCode, Violation
from services.resolutions import Confirmation, Resolution, ResolutionWriter
from services.status_queries import transfer_id_in
from storage import cancellations as store
from storage.cancellations import CancellationRequest, CancellationState, NewRequest
from storage.database import database
from storage.models import Transfer
from storage.transfer_states import OPEN_STATES, TransferState
from telemetry.logs import note

# ExternalCancellationReason1Code (ISO 20022 external code sets): the reasons a camt.056 may give.
CANCELLATION_REASONS = frozenset(
    {
        "AC03", "AGNT", "AM09", "COVR", "CURR", "CUST", "CUTA", "DS24", "DT01", "DUPL",
        "FRAD", "FRTR", "INDM", "MODT", "MS02", "MS03", "SYAD", "TECH", "UPAY",
    }
)  # fmt: skip
# ExternalPaymentCancellationRejection1Code values this service answers with (decision C7).
NOT_FOUND_CODE = "NOOR"  # no such original transaction (unknown and foreign look the same)
PAID_CODE = "AGNT"  # the agent will not cancel: the payment is on the ledger, final
ALREADY_FAILED_CODE = "ARJT"  # already rejected: nothing was paid, and nothing is to cancel

HTTP_STATUS = {
    CancellationState.CANCELLED: 200,
    CancellationState.REFUSED: 200,
    CancellationState.PENDING: 202,
    CancellationState.NOT_FOUND: 404,
}


@dataclass(frozen=True)
class CancellationAnswer:
    """The camt.029 and the HTTP status it goes with."""

    body: bytes
    status: int
    state: CancellationState


@dataclass(frozen=True)
class _Request:
    """What the rules read from a camt.056."""

    assignment_id: str
    transfer_id: uuid.UUID
    queried_id: str
    end_to_end_id: str | None
    original_message_id: str | None
    reason_code: str


def _narr(text: str) -> MessageRejected:
    return MessageRejected([Violation(ReasonCode.NARR, text)])


def _only_transaction(document: Document) -> PaymentTransaction155:
    underlying = document.fito_fipmt_cxl_req.undrlyg
    found = [tx for group in underlying for tx in group.tx_inf]
    if len(found) != 1:
        raise _narr(
            f"Only single-transaction cancellation requests are supported; found {len(found)} Undrlyg/TxInf elements. "
            "Send one camt.056 per transfer ID."
        )
    return found[0]


def _original_message_id(document: Document, tx: PaymentTransaction155) -> str | None:
    if tx.orgnl_grp_inf is not None:
        return tx.orgnl_grp_inf.orgnl_msg_id
    groups = [u.orgnl_grp_inf_and_cxl for u in document.fito_fipmt_cxl_req.undrlyg if u.orgnl_grp_inf_and_cxl]
    return groups[0].orgnl_msg_id if groups else None


def _reason_code(tx: PaymentTransaction155) -> str:
    codes = [info.rsn.cd for info in tx.cxl_rsn_inf if info.rsn is not None and info.rsn.cd]
    if not codes:
        raise _narr("The cancellation reason is missing: send CxlRsnInf/Rsn/Cd (DUPL, CUST, FRAD, TECH, AM09, ...).")
    if codes[0] not in CANCELLATION_REASONS:
        raise _narr(
            f"CxlRsnInf/Rsn/Cd '{codes[0]}' is not an ExternalCancellationReason1Code; "
            f"expected one of {', '.join(sorted(CANCELLATION_REASONS))}."
        )
    return codes[0]


def read_request(document: Document) -> _Request:
    """The rules of a camt.056 (issue 34): one TxInf, a transfer ID, a reason from the external code set."""
    tx = _only_transaction(document)
    found = transfer_id_in(tx.orgnl_instr_id) or transfer_id_in(tx.orgnl_end_to_end_id)
    if found is None:
        raise _narr(
            "The transfer ID was not found in TxInf/OrgnlInstrId or TxInf/OrgnlEndToEndId. "
            "Send the TransferId from the pacs.008 acceptance response in TxInf/OrgnlInstrId."
        )
    return _Request(
        assignment_id=document.fito_fipmt_cxl_req.assgnmt.id,
        transfer_id=found,
        queried_id=str(found),
        end_to_end_id=tx.orgnl_end_to_end_id,
        original_message_id=_original_message_id(document, tx),
        reason_code=_reason_code(tx),
    )


def resolution_of(
    state: CancellationState, request: _Request | CancellationRequest, requester: str, transfer: Transfer | None
) -> Resolution:
    """The camt.029 content for a request of organization `requester` (its name) in `state`, given its transfer now."""
    case_id = request.assignment_id
    queried = request.queried_id if isinstance(request, _Request) else str(request.transfer_id or "")
    base = Resolution(
        Confirmation.RJCR,
        case_id=case_id,
        requester=requester,
        transfer_id=str(transfer.id) if transfer is not None else queried or None,
        end_to_end_id=transfer.end_to_end_id if transfer is not None else None,
        original_message_id=transfer.message_id if transfer is not None else None,
    )
    reason = f"Cancellation reason: {request.reason_code}."
    if state is CancellationState.NOT_FOUND or transfer is None:
        return _with(base, code=NOT_FOUND_CODE, info=(f"Transfer not found: {queried}",))
    if state is CancellationState.CANCELLED:
        return _with(base, confirmation=Confirmation.CNCL, info=(reason, transfer.failure_reason or "cancelled"))
    if state is CancellationState.PENDING:
        text = (
            "An envelope that may still be applied carries the transfer: it is cancelled if the envelope is "
            "proven never applied, and the cancellation is refused if it was. Send this camt.056 again, "
            "or await the webhook, for the final answer."
        )
        return _with(base, confirmation=Confirmation.PDCR, info=(reason, text))
    if transfer.state == TransferState.COMPLETED:
        text = (
            f"The transfer was paid in ledger {transfer.ledger_sequence}, transaction {transfer.ledger_hash}; "
            "a ledger payment is final."
        )
        return _with(base, code=PAID_CODE, info=(text,))
    text = f"The transfer already failed ({transfer.error_code}): {transfer.failure_reason or 'not paid'}."
    return _with(base, code=ALREADY_FAILED_CODE, info=(text,))


def _with(base: Resolution, **changes: Any) -> Resolution:
    return replace(base, **changes)


def _read(network: str, body: bytes, reader: MessageReader, supported: tuple[str, ...]) -> _Request:
    violation = check_network(network, supported)
    if violation is not None:
        raise MessageRejected([violation])
    try:
        document = reader.read(body, CAMT056)
    except MessageFormatError as error:
        raise MessageRejected([Violation(ReasonCode.FF01, str(error))]) from None
    return read_request(document)


def _replay(
    existing: CancellationRequest, sha256: str, caller: Caller, writer: ResolutionWriter, now: datetime
) -> CancellationAnswer:
    """The answer a request already recorded has now; AM05 when another body reuses its Assgnmt/Id."""
    if existing.request_sha256 != sha256:
        raise MessageRejected(
            [
                Violation(
                    ReasonCode.AM05,
                    f"Assgnmt/Id '{existing.assignment_id}' was already used by another cancellation request; "
                    "send a new Assgnmt/Id for a new request.",
                )
            ]
        )
    state = CancellationState(existing.state)
    stored_now = now.replace(tzinfo=None)  # naive UTC, as every timestamp column stores it
    if state is CancellationState.PENDING and existing.transfer_id is not None:
        # Its envelope may have been proven unapplied since: cancel now, as settlement would.
        if store.cancel_pending(existing.transfer_id, stored_now) is not None:
            state = CancellationState.CANCELLED
        elif Transfer.get_by_id(existing.transfer_id).state not in OPEN_STATES:
            state = CancellationState.REFUSED  # ended by its envelope: refuse_pending is in that commit
    state, body = settled_answer(existing, state, caller.organization_name, writer, now)
    return CancellationAnswer(body, HTTP_STATUS[state], state)


def settled_answer(
    row: CancellationRequest, state: CancellationState, requester: str, writer: ResolutionWriter, now: datetime
) -> tuple[CancellationState, bytes]:
    """The request's camt.029 for `state`: the stored one, else rendered now and stored as its answer.

    So the `transfer.cancellation` webhook and the same camt.056 asked again carry the same
    document, whichever renders it first; the loser of that race returns the winner's.
    """
    if row.answer and state.value == row.state:
        return state, bytes(row.answer)
    transfer = Transfer.get_or_none(Transfer.id == row.transfer_id) if row.transfer_id else None
    body = writer.render(resolution_of(state, row, requester, transfer), now)
    if not store.settle_answer(row, state, body, now.replace(tzinfo=None)):
        fresh = store.find_request(row.organization_id, row.assignment_id)
        if fresh is not None and fresh.answer:
            return CancellationState(fresh.state), bytes(fresh.answer)
    return state, body


def answer_cancellation_request(
    caller: Caller,
    network: str,
    body: bytes,
    *,
    reader: MessageReader,
    writer: ResolutionWriter,
    supported_networks: tuple[str, ...],
    now: datetime,
    raw_max_bytes: int,
) -> CancellationAnswer:
    """The camt.029 for a camt.056: CNCL, PDCR or RJCR, recorded with the decision in one commit.

    Raises MessageRejected (400) for a request that cannot be read or reuses an Assgnmt/Id;
    such a request is not recorded.
    """
    request = _read(network, body, reader, supported_networks)
    note(transfer_id=request.queried_id)
    sha256 = hashlib.sha256(body).hexdigest()
    existing = store.find_request(caller.organization_id, request.assignment_id)
    if existing is not None:
        return _replay(existing, sha256, caller, writer, now)
    new = NewRequest(
        organization_id=caller.organization_id,
        assignment_id=request.assignment_id,
        request_sha256=sha256,
        raw_request=stored_request(body, raw_max_bytes),
        reason_code=request.reason_code,
        received_at=now.replace(tzinfo=None),
    )
    try:
        with database.atomic():
            reason = store.cancelled_reason(request.assignment_id, new.received_at)
            decision = store.decide(new, request.transfer_id, reason, request.original_message_id)
            resolution = resolution_of(decision.state, request, caller.organization_name, decision.transfer)
            answer = writer.render(resolution, now)
            store.record_decision(new, decision, answer)
    except peewee.IntegrityError:
        # The same Assgnmt/Id recorded by a concurrent request: this one changed nothing.
        existing = store.find_request(caller.organization_id, request.assignment_id)
        if existing is None:
            raise
        return _replay(existing, sha256, caller, writer, now)
    note(reason_code=request.reason_code)
    return CancellationAnswer(answer, HTTP_STATUS[decision.state], decision.state)
