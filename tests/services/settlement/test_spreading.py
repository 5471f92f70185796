"""An envelope that is not full spreads the free channels over what is left of the ledger (decision N12)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from services.settlement import worker
from services.settlement.schedule import spread
from services.settlement.worker import Settler
from storage import settlement as store
from tests.services.settlement.conftest import (
    CHANNELS,
    ServedLedger,
    ledger_api_config,
    load,
    reserved_ledger,
    submit_transfer,
    wait_for,
)

CLOSE_SECONDS = 1.0  # long enough for close times given to the second to show the time left in a ledger


@pytest.fixture(scope="module")
def slow_ledger(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedLedger]:
    with reserved_ledger(tmp_path_factory.mktemp("one-second-ledger"), 1, ledger_close_seconds=CLOSE_SECONDS) as ledger:
        yield ledger


@pytest.fixture()
def app_config(app_config: dict[str, Any], slow_ledger: ServedLedger) -> dict[str, Any]:
    return {**app_config, **ledger_api_config(slow_ledger.url), "SANDBOX_SECRETS_FILE": str(slow_ledger.secrets_file)}


class RecordingStop(threading.Event):
    """A stop event that records each wait on it and then stops the loop."""

    def __init__(self) -> None:
        super().__init__()
        self.waits: list[float | None] = []

    def wait(self, timeout: float | None = None) -> bool:
        self.waits.append(timeout)
        self.set()
        return True


def test_spread_divides_the_time_left_by_the_free_channels() -> None:
    assert spread(4.0, 20) == 0.2
    assert spread(4.0, 0) == 4.0  # no channel free: nothing to start before the close
    assert spread(-1.0, 5) == 0.0  # the close is late: no wait


def test_after_an_envelope_that_is_not_full_the_loop_waits_its_share_of_the_ledger_unwoken(
    app: Flask,
    slow_ledger: ServedLedger,
    sandbox_key: str,
    make_settler: Callable[..., Settler],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settler = make_settler()
    first = submit_transfer(app, sandbox_key, slow_ledger.payees[0], amount="1.00")
    # Following it to Completed reads tips a ledger apart: the worker has learnt the close interval.
    wait_for(lambda: load(first).state == store.COMPLETED, settler, timeout=20)
    assert settler.pace == 0.0  # the passes that only followed started nothing

    asked: list[tuple[float, int]] = []
    share = CLOSE_SECONDS / CHANNELS

    def recording_spread(until_close: float, free_channels: int) -> float:
        asked.append((until_close, free_channels))
        # A fixed share, not the time left: on a loaded machine the close may already be late,
        # and the wait this test looks for would then be none.
        return share

    monkeypatch.setattr(worker, "spread", recording_spread)
    second = submit_transfer(app, sandbox_key, slow_ledger.payees[0], amount="2.00")
    notified: list[float] = []
    stop = RecordingStop()
    settler.run(stop, wait=notified.append)

    assert load(second).state == store.PROCESSING  # one payment of at most a hundred: not full
    ((_, free),) = asked
    assert free == CHANNELS - 1  # counted after the envelope took its channel
    # The loop waited its share on its stop event, which a NOTIFY does not cut short, not on the notified wait.
    assert stop.waits == [share] and notified == []


def test_a_full_envelope_makes_no_wait(
    app: Flask, slow_ledger: ServedLedger, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    settler = make_settler(SETTLEMENT_BATCH_OPS=1)
    transfer_id = submit_transfer(app, sandbox_key, slow_ledger.payees[0], amount="3.00")
    settler.run_once()
    assert load(transfer_id).state == store.PROCESSING
    assert settler.pace == 0.0
