"""The loops of one worker process read the ledger once for all of them (issue 32's budget)."""

from __future__ import annotations

from collections.abc import Callable

from services.settlement.worker import Settler


def test_a_second_loop_reads_the_ledger_through_the_first_ones_clients_view_scans_and_bids(
    make_settler: Callable[..., Settler],
) -> None:
    first = make_settler()
    second = Settler(first.settings, first.networks, first.problems, reads_from=first)
    try:
        assert second.view is first.view and second.bidder is first.bidder
        assert second.follower.scans is first.follower.scans
        assert all(second.networks[name].client is first.networks[name].client for name in first.networks)
        assert second.builder.view is first.view and second.receipts.view is first.view
    finally:
        second.close()
