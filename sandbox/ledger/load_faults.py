"""The `try_again_later` fault: stellar-core too busy to take an envelope, on either face."""

from __future__ import annotations

from ledger.engine import LedgerEngine, Submission, SubmitStatus, parse_frame
from ledger.faults import FaultKind


def submit_unless_refused(engine: LedgerEngine, envelope_xdr: str, fault: FaultKind | None) -> Submission:
    """Hand the envelope to the engine, unless the fault refuses it first: TRY_AGAIN_LATER, nothing queued.

    Raises MalformedEnvelope for an envelope that does not decode, fault or not.
    """
    if fault is FaultKind.TRY_AGAIN_LATER:
        frame = parse_frame(envelope_xdr, engine.config.network_passphrase)
        return Submission(SubmitStatus.TRY_AGAIN_LATER, frame.hash)
    return engine.submit(envelope_xdr)
