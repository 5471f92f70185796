"""What a submission's answer means, whichever backend gave it."""

from __future__ import annotations

import pytest

from services.settlement.ledger_api import SubmitReply


@pytest.mark.parametrize(
    ("reply", "queued", "try_again_later"),
    [
        (SubmitReply(201, detail="HTTP 201 PENDING"), True, False),
        (SubmitReply(409, detail="HTTP 409 DUPLICATE"), True, False),
        (SubmitReply(503, detail="HTTP 503 TRY_AGAIN_LATER"), False, True),
        (SubmitReply(503, detail="HTTP 503"), False, False),  # a proxy's 503: nothing about this envelope
        (SubmitReply(400, tx_code="tx_insufficient_fee", detail="HTTP 400 ERROR"), False, False),
        (SubmitReply(0, detail="connection error: ConnectionError"), False, False),
    ],
)
def test_a_reply_says_whether_the_envelope_was_queued_or_turned_away_for_now(
    reply: SubmitReply, queued: bool, try_again_later: bool
) -> None:
    assert (reply.queued, reply.try_again_later) == (queued, try_again_later)
