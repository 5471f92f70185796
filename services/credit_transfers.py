"""Accepting a pacs.008: validate, create the transfer once per MsgId, answer with a pacs.002."""

from __future__ import annotations

import functools
import hashlib
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import peewee
from uuid6 import uuid7

from bindings.pacs_008_001_13 import Document
from services.accounts.agents import check_agents
from services.accounts.holds import accept_with_hold
from services.api_keys import Caller, Environment
from services.credit_transfer_rules import check_credit_transfer, instruction_of, original_ids
from services.message_ids import note_message_id
from services.message_reader import PACS008, MessageFormatError, MessageReader
from services.networks import check_network
from services.redaction import stored_request
from services.rejections import ConfigurationError, MessageRejected, ReasonCode, Violation
from services.reports import ReportWriter, StatusReport, TxStatus
from storage import transfers as transfer_store
from storage.models import Transfer
from storage.notifications import CreatedSignal
from storage.refusals import count_am04
from storage.transfer_states import TransferState
from telemetry.logs import note


@dataclass(frozen=True)
class IntakeSettings:
    """What intake needs to know of the deployment."""

    supported_networks: tuple[str, ...]
    production_settlement_configured: bool
    raw_max_bytes: int  # how much of a pacs.008 body its transfer keeps (docs/decisions.md I1)


@dataclass(frozen=True)
class Acceptance:
    """A created (or replayed) transfer and the pacs.002 that acknowledges it."""

    transfer_id: uuid.UUID
    report: bytes
    replayed: bool


def read_credit_transfer(reader: MessageReader, network: str, body: bytes, settings: IntakeSettings) -> Document:
    """Network check, hardened parse and schema validation; raises MessageRejected (NARR/FF01)."""
    violation = check_network(network, settings.supported_networks)
    if violation is not None:
        raise MessageRejected([violation])
    try:
        return reader.read(body, PACS008)
    except MessageFormatError as error:
        raise MessageRejected([Violation(ReasonCode.FF01, str(error))]) from None


def _replay_or_conflict(existing: Transfer, request_sha256: str) -> Acceptance:
    note(transfer_id=str(existing.id), replayed=True)
    if existing.request_sha256 == request_sha256:
        return Acceptance(existing.id, bytes(existing.acceptance_report), replayed=True)
    raise MessageRejected(
        [
            Violation(
                ReasonCode.AM05,
                f"MsgId {existing.message_id} was already used by this organization for a different "
                f"message (transfer {existing.id}). Use a new MsgId for a new transfer.",
            )
        ],
        existing.instruction_id,
        existing.end_to_end_id,
    )


def _raise_unless_replayed(
    caller: Caller,
    message_id: str,
    request_sha256: str,
    rejection: MessageRejected,
    on_refusal: Callable[[], None] | None = None,
) -> Acceptance:
    """A resend of an accepted message is answered as before (P6), even once its funds or its BIC are gone.

    `on_refusal` runs only when the message is refused, not when it is a replay.
    """
    existing = transfer_store.find_by_message_id(caller.organization_id, message_id)
    if existing is None:
        if on_refusal is not None:
            on_refusal()
        raise rejection
    return _replay_or_conflict(existing, request_sha256)


def submit_credit_transfer(
    caller: Caller,
    network: str,
    body: bytes,
    *,
    reader: MessageReader,
    writer: ReportWriter,
    settings: IntakeSettings,
    created: CreatedSignal,
    now: datetime,
) -> Acceptance:
    """Create a transfer from a pacs.008, in one transaction; the same message twice creates one.

    Settlement workers are told through `created` once the transfer is committed.
    """
    document = read_credit_transfer(reader, network, body, settings)
    note_message_id(document.fito_ficstmr_cdt_trf.grp_hdr.msg_id)
    violations = check_credit_transfer(document, now)
    if violations:
        raise MessageRejected(violations, *original_ids(document))
    if caller.environment is Environment.PRODUCTION and not settings.production_settlement_configured:
        raise ConfigurationError("Production settlement is not configured on this server.")
    instruction = instruction_of(document)
    ids = (instruction.instruction_id, instruction.end_to_end_id)
    request_sha256 = hashlib.sha256(body).hexdigest()
    # After every rule of the message itself, so an invalid message is never reported as AG01 or AM04.
    violations = check_agents(document, caller.organization_id)
    if violations:
        return _raise_unless_replayed(caller, instruction.message_id, request_sha256, MessageRejected(violations, *ids))
    transfer_id = uuid7()
    report = writer.render(
        StatusReport(
            TxStatus.ACCP,
            instruction.instruction_id,
            instruction.end_to_end_id,
            info=[f"TransferId: {transfer_id}"],
        ),
        now,
    )
    stamp = now.replace(tzinfo=None)
    # Insert first and let the (organization, message_id) constraint find a reused MsgId: a new
    # MsgId, the common case, then costs one statement (hold included) and no look-up.
    try:
        refusal = accept_with_hold(
            {
                "id": transfer_id,
                "organization": caller.organization_id,
                "environment": caller.environment.value,
                "network": network,
                "state": TransferState.CREATED.value,
                "created_at": stamp,
                "updated_at": stamp,
                "amount_usd": instruction.amount_usd,
                "source_account": instruction.source_account,
                "destination_account": instruction.destination_account,
                "memo": instruction.memo,
                "message_id": instruction.message_id,
                "instruction_id": instruction.instruction_id,
                "end_to_end_id": instruction.end_to_end_id,
                "transaction_id": instruction.transaction_id,
                "request_sha256": request_sha256,
                # Bounded as a query's record is; the digest above is of the whole body as sent, so a
                # resend is still told from a different message (AM05) however long it is.
                "raw_request": stored_request(body, settings.raw_max_bytes),
                "acceptance_report": report,
            },
            "accepted pacs.008",
            caller.organization_id,
            instruction.source_account,
            instruction.amount_usd,
            stamp,
        )
    except peewee.IntegrityError:
        # The MsgId is taken: a replay, or a concurrent request with it won the constraint.
        existing = transfer_store.find_by_message_id(caller.organization_id, instruction.message_id)
        if existing is None:
            raise
        return _replay_or_conflict(existing, request_sha256)
    if refusal is not None:
        counted = None
        if refusal.code is ReasonCode.AM04:
            # The console shows the day's AM04 refusals per account; nothing else records a refusal.
            counted = functools.partial(count_am04, caller.organization_id, instruction.source_account, stamp.date())
        return _raise_unless_replayed(
            caller, instruction.message_id, request_sha256, MessageRejected([refusal], *ids), counted
        )
    created.send()
    note(transfer_id=str(transfer_id))
    return Acceptance(transfer_id, report, replayed=False)
