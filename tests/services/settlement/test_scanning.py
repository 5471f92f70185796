"""Following by the ledger: what closed ledgers did is read whole, a few requests a ledger whatever the load."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from services.settlement.ledger_api import FoundTransaction, LedgerTip, LedgerTransactions, LedgerUnavailable
from services.settlement.ledger_view import LedgerView
from services.settlement.scanning import KEEP_LEDGERS, MAX_LEDGERS_PER_SCAN, LedgerScans, Scan
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
)

OPS = 2  # payments per envelope: many envelopes a ledger
TRANSFERS = 48  # three ledgers of envelopes on eight channels
PASSES_PER_LEDGER = 4
BUDGET_PER_LEDGER = 3  # reads that follow the ledger, whatever the load (issue 32)
FOLLOWING = {
    "horizon": {"/ledgers", "/ledgers/<int:sequence>/transactions", "/transactions/<tx_hash>"},
    "rpc": {"/rpc getLatestLedger", "/rpc getTransactions", "/rpc getTransaction"},
}
SUBMITTING = {"horizon": "/transactions_async", "rpc": "/rpc sendTransaction"}


@pytest.fixture(scope="module")
def manual_ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedLedger]:
    """Closes only when the test says, so the test counts passes and ledgers, not seconds."""
    directory = tmp_path_factory.mktemp("scanned-ledger")
    with reserved_ledger(directory, TRANSFERS, ledger_close_seconds=0, max_ops_per_ledger=1000) as ledger:
        yield ledger


@pytest.fixture(params=["horizon", "rpc"])
def ledger_api(request: pytest.FixtureRequest) -> str:
    """Each backend in turn."""
    api: str = request.param
    return api


@pytest.fixture()
def app_config(app_config: dict[str, Any], manual_ledger: ServedLedger, ledger_api: str) -> dict[str, Any]:
    """Sandbox settlement on the manual ledger, through `ledger_api`, in envelopes of OPS payments."""
    return {
        **app_config,
        **ledger_api_config(manual_ledger.url, ledger_api),
        "SANDBOX_SECRETS_FILE": str(manual_ledger.secrets_file),
        "SETTLEMENT_BATCH_OPS": OPS,
    }


def _served(ledger: ServedLedger, endpoints: set[str]) -> int:
    counts: dict[str, int] = ledger.admin.status()["horizon_requests"]
    return sum(count for endpoint, count in counts.items() if endpoint in endpoints)


def _settle_ledger_by_ledger(settler: Settler, ledger: ServedLedger, transfers: list[uuid.UUID]) -> int:
    """Run PASSES_PER_LEDGER passes, close a ledger, again, until every transfer is final; the ledgers closed."""
    closed = 0
    while {load(t).state for t in transfers} - {store.COMPLETED, store.FAILED}:
        assert closed < 40, "the transfers never settled"
        for _ in range(PASSES_PER_LEDGER):
            settler.run_once()
            time.sleep(0.02)
        ledger.admin.close_ledger()
        closed += 1
    return closed


def test_following_reads_at_most_three_requests_a_ledger_on_each_backend(
    app: Flask,
    manual_ledger: ServedLedger,
    ledger_api: str,
    sandbox_key: str,
    make_settler: Callable[..., Settler],
) -> None:
    transfers = [submit_transfer(app, sandbox_key, payee, memo=None) for payee in manual_ledger.payees]
    settler = make_settler()
    settler.run_once()  # the first pass reads its first tip and destinations
    manual_ledger.admin.close_ledger()
    following = FOLLOWING[ledger_api]
    reads_before = _served(manual_ledger, following)
    sent_before = _served(manual_ledger, {SUBMITTING[ledger_api]})

    ledgers = _settle_ledger_by_ledger(settler, manual_ledger, transfers)

    assert {load(t).state for t in transfers} == {store.COMPLETED}
    reads = _served(manual_ledger, following) - reads_before
    with database.connection_context():
        envelopes = SettlementAttempt.select().count()
    assert ledgers >= 3  # the load spans several ledgers
    assert reads <= BUDGET_PER_LEDGER * ledgers, f"{reads} following reads over {ledgers} ledgers"
    assert _served(manual_ledger, {SUBMITTING[ledger_api]}) - sent_before <= envelopes  # one submission each


class _Ledger:
    """A ledger client stand-in for the scan: `ledger_transactions` answers from `found`, or fails.

    With `tip` set it reads like Stellar RPC's `getTransactions`: every ledger up to the tip, which it tells.
    """

    def __init__(self, found: dict[str, FoundTransaction], fail: bool = False, tip: int | None = None) -> None:
        self.found = found
        self.fail = fail
        self.tip = tip
        self.asked: list[tuple[int, int]] = []
        self.tips_read = 0

    def ledger_transactions(self, first: int, last: int) -> LedgerTransactions:
        self.asked.append((first, last))
        if self.fail:
            raise LedgerUnavailable("down")
        if self.tip is not None:
            return LedgerTransactions(self.found, self.tip, self.tip, LedgerTip(self.tip, 1_000 + self.tip))
        return LedgerTransactions(self.found, last, last)

    def latest_ledger(self) -> LedgerTip:
        self.tips_read += 1
        assert self.tip is not None
        return LedgerTip(self.tip, 1_000 + self.tip)


def _network(client: _Ledger) -> Any:
    return type("Network", (), {"environment": "Sandbox", "client": client, "network_passphrase": "test"})()


def _found(ledger: int) -> FoundTransaction:
    return FoundTransaction("ab" * 32, ledger, True, "tx_success", ("op_success",))


def test_a_failed_read_ends_the_run_so_no_hole_is_taken_as_read() -> None:
    scans = LedgerScans()
    client = _Ledger({})
    scan, _ = scans.read(_network(client), LedgerTip(10, 0))
    assert scan is not None and (scan.since, scan.through) == (10, 10)
    client.fail = True
    assert scans.read(_network(client), LedgerTip(12, 0)) == (None, None)
    client.fail = False
    scan, _ = scans.read(_network(client), LedgerTip(13, 0))
    assert scan is not None and (scan.since, scan.through) == (13, 13)  # not 10: ledgers 11 and 12 were never read
    assert client.asked[-1] == (13, 13)


def test_the_run_begins_where_it_still_remembers_what_was_applied(tmp_path: Path) -> None:
    scan = Scan(1, KEEP_LEDGERS + 10, {"ab" * 32: _found(5)})
    scan.forget_before(8)
    assert scan.since == 8 and not scan.found  # forgotten, and no longer spoken for


def test_a_run_left_behind_is_read_on_while_an_open_envelope_could_have_applied_since() -> None:
    scans = LedgerScans()
    client = _Ledger({})
    scans.read(_network(client), LedgerTip(10, 0), earliest=10)
    client.found = {"ab" * 32: _found(12)}
    scan, _ = scans.read(_network(client), LedgerTip(20, 0), earliest=10)  # ten ledgers closed unread
    assert scan is not None and scan.since == 10  # not begun anew at 20: the envelope is no lookup by hash
    assert client.asked[-1] == (11, 11 + MAX_LEDGERS_PER_SCAN - 1)
    assert scan.lookup("ab" * 32, 10) is not None


def test_a_run_left_behind_that_no_open_envelope_needs_begins_anew_where_they_could_apply() -> None:
    scans = LedgerScans()
    client = _Ledger({})
    scans.read(_network(client), LedgerTip(10, 0), earliest=10)
    scan, _ = scans.read(_network(client), LedgerTip(20, 0), earliest=18)
    assert scan is not None and scan.since == 18
    assert client.asked[-1] == (18, 20)


def test_a_tip_read_reads_the_run_on_when_its_reads_tell_the_tip() -> None:
    client = _Ledger({}, tip=10)
    network = _network(client)
    view = LedgerView()
    scans = LedgerScans()
    view.read_tips_with(scans.read_on)
    assert view.tip(network).sequence == 10 and client.tips_read == 1  # no run yet: the tip itself
    scans.read(network, LedgerTip(10, 0))
    client.tip, client.found = 12, {"ab" * 32: _found(12)}
    view.new_pass()
    assert view.tip(network).sequence == 12
    assert client.tips_read == 1  # one request told the tip and read ledgers 11 and 12
    scan, _ = scans.read(network, LedgerTip(12, 0))
    assert client.asked[-1][0] == 11 and scan is not None and scan.lookup("ab" * 32, 11) is not None


def test_a_failed_read_on_ends_the_run_and_the_tip_is_read_itself() -> None:
    client = _Ledger({}, tip=10)
    network = _network(client)
    scans = LedgerScans()
    scans.read(network, LedgerTip(10, 0))
    client.fail = True
    assert scans.read_on(network) is None
    client.fail = False
    assert scans.read_on(network) is None  # the run ended: no read on from a hole


def test_a_run_whose_read_stops_short_of_the_tip_leaves_the_tip_to_its_own_read() -> None:
    client = _Ledger({}, tip=10)
    network = _network(client)
    scans = LedgerScans()
    scans.read(network, LedgerTip(10, 0))
    full_pages = LedgerTransactions({}, 11, 11, LedgerTip(20, 0))  # two full pages reached only ledger 11
    client.ledger_transactions = lambda first, last: full_pages  # type: ignore[method-assign]
    assert scans.read_on(network) == LedgerTip(20, 0)
    assert scans.read_on(network) is None  # reading on would cost pages each time: the tip is read itself
