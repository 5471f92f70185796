"""Conversion, outcome classification and bounds, without a ledger."""

from __future__ import annotations

from decimal import Decimal

import pytest

from services.settlement.conversion import usd_to_tkn
from services.settlement.envelopes import Bounds, bound_passed, fee_for, last_possible_ledger
from services.settlement.ledger_client import FoundTransaction, LedgerTip, SubmitReply, latest_ledger_header
from services.settlement.outcomes import Kind, classify_found, classify_reply
from services.settlement.progress import find_stall
from storage.settlement import Progress


def test_conversion_rounds_down_to_whole_stroops() -> None:
    assert usd_to_tkn(Decimal("125.50"), Decimal("1")) == Decimal("125.5000000")
    assert usd_to_tkn(Decimal("0.01"), Decimal("0.33333333")) == Decimal("0.0033333")
    assert usd_to_tkn(Decimal("10.00"), Decimal("0.000000001")) == Decimal("0E-7")
    with pytest.raises(TypeError):
        usd_to_tkn(1.5, Decimal(1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("reply", "kind", "code"),
    [
        (SubmitReply(200, applied=True, successful=True, ledger=7), Kind.SUCCESS, None),
        (SubmitReply(400, tx_code="tx_failed", op_codes=("op_no_trust",)), Kind.FAILED, "AC01"),
        (SubmitReply(400, tx_code="tx_failed", op_codes=("op_no_destination",)), Kind.FAILED, "AC01"),
        (SubmitReply(400, tx_code="tx_failed", op_codes=("op_underfunded",)), Kind.BLOCKED, None),
        (SubmitReply(400, tx_code="tx_bad_auth"), Kind.BLOCKED, None),
        (SubmitReply(400, tx_code="tx_insufficient_balance"), Kind.BLOCKED, None),
        (SubmitReply(400, tx_code="tx_bad_seq"), Kind.PENDING, None),
        (SubmitReply(400, tx_code="tx_too_late"), Kind.PENDING, None),
        (SubmitReply(400, tx_code="tx_insufficient_fee"), Kind.PENDING, None),
        (SubmitReply(429), Kind.PENDING, None),
        (SubmitReply(503), Kind.PENDING, None),
        (SubmitReply(504), Kind.PENDING, None),
        (SubmitReply(0, detail="connection error"), Kind.PENDING, None),
        (SubmitReply(400, tx_code="tx_malformed"), Kind.BLOCKED, None),
    ],
)
def test_submit_replies_map_to_the_taxonomy(reply: SubmitReply, kind: Kind, code: str | None) -> None:
    outcome = classify_reply(reply)
    assert outcome.kind is kind
    assert outcome.reason_code == code


def test_found_failed_payment_is_terminal_and_applied() -> None:
    outcome = classify_found(FoundTransaction("h", 9, False, "tx_failed", ("op_not_authorized",)))
    assert (outcome.kind, outcome.reason_code, outcome.applied) == (Kind.FAILED, "AC01", True)


def test_bound_passes_on_the_ledgers_numbers_with_a_margin() -> None:
    bounds = Bounds(max_ledger=100, max_time=1_000)
    assert not bound_passed(bounds, LedgerTip(99, 900), margin_ledgers=1)
    assert bound_passed(bounds, LedgerTip(100, 900), margin_ledgers=1)
    assert bound_passed(bounds, LedgerTip(50, 1_001), margin_ledgers=1)


def test_fee_doubles_per_rebuild_up_to_the_maximum() -> None:
    assert [fee_for(n, 100, 1_000) for n in (1, 2, 3, 4, 5)] == [100, 200, 400, 800, 1_000]


@pytest.mark.parametrize("op_code", ["op_bad_auth", "op_no_source_account", "op_malformed"])
def test_a_tx_failed_refused_on_receipt_is_not_applied(op_code: str) -> None:
    # The checks on receipt report these per operation inside tx_failed, with nothing applied.
    outcome = classify_reply(SubmitReply(400, tx_code="tx_failed", op_codes=("op_success", op_code)))
    assert outcome.applied is False
    assert outcome.kind is Kind.BLOCKED


def test_a_payee_code_in_a_400_proves_the_envelope_applied() -> None:
    outcome = classify_reply(SubmitReply(400, tx_code="tx_failed", op_codes=("op_bad_auth", "op_no_trust")))
    assert (outcome.kind, outcome.applied) == (Kind.FAILED, True)


def test_the_last_ledger_that_could_include_an_envelope() -> None:
    bounds = Bounds(max_ledger=100, max_time=1_000)
    assert last_possible_ledger(bounds, LedgerTip(120, 900)) == 99  # max_ledger is exclusive
    assert last_possible_ledger(bounds, LedgerTip(60, 1_001)) == 59  # ledger 60 closed after max_time


def test_an_answer_without_latest_ledger_proves_no_height() -> None:
    assert latest_ledger_header({"latest-ledger": "42"}) == 42
    assert latest_ledger_header({"Latest-Ledger": "7"}) == 7
    assert latest_ledger_header({"Latest-Ledger": "soon"}) == 0
    assert latest_ledger_header({}) == 0


def test_a_stall_needs_open_work_and_counts_from_the_last_completion_or_the_watch() -> None:
    assert find_stall("Sandbox", Progress(100, 0), 200, None, 12) is None  # nothing open
    assert find_stall("Sandbox", Progress(190, 5), 200, None, 12) is None  # completed 10 ledgers ago
    stall = find_stall("Sandbox", Progress(188, 5), 200, None, 12)
    assert stall is not None and stall.ledgers == 12
    assert find_stall("Sandbox", Progress(None, 5), 200, 195, 12) is None  # watching for 5 ledgers only
    never = find_stall("Sandbox", Progress(None, 5), 200, 150, 12)
    assert never is not None and "none since settlement started" in never.describe()
