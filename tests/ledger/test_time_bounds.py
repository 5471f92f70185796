"""Time bounds as stellar-core judges them on receipt: valid until the next close could happen."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from ledger.testing import run_ledger_server
from stellar_sdk import Asset
from stellar_sdk.operation import Payment

from tests.ledger.conftest import Kit

CLOSE_SECONDS = 5


@pytest.fixture(scope="module")
def slow_kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kit]:
    """A server closing every five seconds, as the real network does."""
    directory: Path = tmp_path_factory.mktemp("slow-ledger")
    with run_ledger_server(directory, ledger_close_seconds=CLOSE_SECONDS) as url:
        yield Kit(url, manual=False)


def test_a_max_time_before_the_next_close_is_too_late_on_receipt(slow_kit: Kit) -> None:
    (payer,) = slow_kit.fund()
    # Still in the future by the wall clock, but before any close that could include it.
    soon = int(time.time()) + 3
    envelope = slow_kit.build(payer, [Payment(slow_kit.root.public_key, Asset.native(), "1")], time_bounds=(0, soon))
    assert slow_kit.failure(envelope)["transaction"] == "tx_too_late"


def test_a_max_time_after_the_next_close_is_accepted(slow_kit: Kit) -> None:
    (payer,) = slow_kit.fund()
    later = int(time.time()) + 4 * CLOSE_SECONDS
    envelope = slow_kit.build(payer, [Payment(slow_kit.root.public_key, Asset.native(), "1")], time_bounds=(0, later))
    assert slow_kit.submit(envelope)["successful"] is True
