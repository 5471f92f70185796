"""W4 reads the steady rate off the round's ledger closes, without the start-up and drain ledgers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bench.settlement import LedgerClose, steady_rate

START = datetime(2026, 11, 24, 12, 0, 0, tzinfo=UTC)


def ledgers(*operations: int) -> list[LedgerClose]:
    """One close every 5 s, as the bench's ledger is set."""
    return [(START + timedelta(seconds=5 * n), ops) for n, ops in enumerate(operations)]


def test_full_ledgers_read_the_ledgers_capacity() -> None:
    measured = steady_rate(ledgers(1000, 1000, 1000, 1000, 1000, 1000))
    assert measured is not None
    assert measured[0] == 200.0
    assert measured[1] == (
        "4,000 payments in 4 ledgers over 20 s; 200.0/s counting the drain ledger too; "
        "per ledger 1000/1000/1000/1000/1000/1000"
    )


def test_a_straggler_in_a_drain_ledger_does_not_cost_a_whole_ledger() -> None:
    # Seen on the ninth day: the start-up ledger held 987, so 100 payments spilled into a seventh.
    measured = steady_rate(ledgers(987, 1000, 1000, 1000, 1000, 913, 100))
    assert measured is not None
    assert round(measured[0], 1) == 196.5
    assert "167.1/s counting the drain ledger too" in measured[1]


def test_an_empty_ledger_inside_the_round_counts_against_it() -> None:
    measured = steady_rate(ledgers(1000, 1000, 0, 1000, 1000, 1000))
    assert measured is not None
    assert measured[0] == 3000 / 20
    assert measured[1].endswith("per ledger 1000/1000/0/1000/1000/1000")


def test_ledgers_before_the_round_and_empty_ones_around_it_are_left_out() -> None:
    closes = [(START - timedelta(seconds=5), 0), *ledgers(0, 1000, 1000, 1000, 1000, 0)]
    measured = steady_rate(closes)
    assert measured is not None
    assert measured[0] == 2000 / 10
    assert measured[1].endswith("per ledger 1000/1000/1000/1000")


def test_too_few_busy_ledgers_are_not_timed() -> None:
    assert steady_rate(ledgers(1000, 1000)) is None
    assert steady_rate(ledgers(0, 1000, 0, 1000, 0)) is None
    same_second = [(START, 1000), (START, 1000), (START + timedelta(seconds=1), 1000)]
    assert steady_rate(same_second) is None  # closes are read to the second
