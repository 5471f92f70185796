"""Our own envelopes queued behind each other: waited out, never outbid by fee bumps (decision N13)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from services.settlement.fees import top_rival
from services.settlement.recording import COUNTERS
from services.settlement.worker import Settler
from storage import settlement as store
from storage.database import database
from storage.models import SettlementAttempt
from tests.services.settlement.conftest import (
    ServedLedger,
    ledger_api_config,
    load,
    reserved_ledger,
    submit_transfer,
    wait_for,
)


@pytest.fixture(scope="module")
def one_op_ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedLedger]:
    """Closes on demand, takes one operation a ledger and queues four ledgers' worth."""
    directory = tmp_path_factory.mktemp("one-operation-ledger")
    with reserved_ledger(directory, 3, ledger_close_seconds=0, max_ops_per_ledger=1, queue_ledgers=4) as ledger:
        yield ledger


@pytest.fixture()
def app_config(app_config: dict[str, Any], one_op_ledger: ServedLedger) -> dict[str, Any]:
    return {
        **app_config,
        **ledger_api_config(one_op_ledger.url),
        "SANDBOX_SECRETS_FILE": str(one_op_ledger.secrets_file),
        "SETTLEMENT_BATCH_OPS": 1,
    }


def test_the_top_rival_is_the_highest_bid_that_is_not_ours() -> None:
    bids = {name: "100" for name in ("p10", "p20", "p30", "p40", "p50", "p60", "p70", "p80", "p90", "p95", "p99")}
    assert top_rival({**bids, "max": "5000"}, ours={5000}) == 100
    assert top_rival({**bids, "max": "5000"}, ours={100}) == 5000
    assert top_rival({**bids, "max": "100"}, ours={100}) == 0


def test_an_envelope_queued_behind_our_own_is_waited_out_not_bumped(
    app: Flask, one_op_ledger: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    transfers = [submit_transfer(app, sandbox_key, payee, amount="1.00") for payee in one_op_ledger.payees]
    settler = make_settler()
    bumps = COUNTERS["fee_bumps"]
    settler.run_once()
    assert {load(t).state for t in transfers} == {store.PROCESSING}  # three envelopes, one ledger's room each

    def one_more_completed(done: int) -> None:
        one_op_ledger.admin.close_ledger()
        wait_for(lambda: sum(load(t).state == store.COMPLETED for t in transfers) == done, settler, timeout=10)

    one_more_completed(1)
    one_more_completed(2)  # the last has now waited two ledgers behind the other two
    one_more_completed(3)
    with database.connection_context():
        bumped = [a.id for a in SettlementAttempt.select() if a.bump_hash is not None]
    assert bumped == [] and COUNTERS["fee_bumps"] == bumps


def test_a_resubmission_that_learns_nothing_is_followed_again_at_the_next_close_not_after_a_backoff(
    app: Flask, one_op_ledger: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    transfer_id = submit_transfer(app, sandbox_key, one_op_ledger.payees[0], amount="2.00")
    # A backoff this long would outlast the test: only the next close may bound the wait.
    settler = make_settler(SETTLEMENT_RETRY_BASE_SECONDS=60, SETTLEMENT_RETRY_MAX_SECONDS=120)
    settler.run_once()
    one_op_ledger.admin.arm_fault("lagging_lookup", seconds=4)  # the lookup by hash misses it for a while
    one_op_ledger.admin.close_ledger(count=3)  # applied, then two ledgers without it in sight: resubmitted

    def resubmitted() -> bool:
        with database.connection_context():
            return any(a.submissions > 1 for a in SettlementAttempt.select())

    try:
        wait_for(resubmitted, settler, timeout=10)
        # Its sequence number is used (by itself): tx_bad_seq, which says nothing; the lookup comes back soon.
        assert "tx_bad_seq" in (load(transfer_id).last_error or "")
    finally:
        one_op_ledger.admin.clear_faults()
    wait_for(lambda: load(transfer_id).state == store.COMPLETED, settler, timeout=15)
