"""chaos.past_window: the worker-past-window scenario recognises reconcile's report of held transfers."""

from __future__ import annotations

import pytest
from flask.testing import FlaskCliRunner

from chaos.past_window import Counts, counts, held_envelopes, outcomes, reports_held
from storage import settlement as store
from storage.database import database
from storage.models import Transfer
from tests.support.databases import postgres_url
from tests.support.transfers import new_transfer

HASH = "ab" * 32


def _hold(organization_id: int) -> None:
    transfer_id = new_transfer(organization_id, "Processing")
    with database.connection_context():
        error = f"{store.HELD_FOR_OPERATOR}: {HASH} (ledgers 10-23) is older than the ledger API's history"
        Transfer.update(last_error=error).where(Transfer.id == transfer_id).execute()


def test_reconciles_failed_held_check_is_recognised_with_its_count(
    runner: FlaskCliRunner, organization_id: int
) -> None:
    _hold(organization_id)
    _hold(organization_id)
    output = runner.invoke(args=["reconcile", "--skip-ledger"]).output
    assert reports_held(output, 2)
    assert not reports_held(output, 1)


def test_a_store_with_nothing_held_is_not_reported_as_holding(runner: FlaskCliRunner, organization_id: int) -> None:
    new_transfer(organization_id, "Processing")
    output = runner.invoke(args=["reconcile", "--skip-ledger"]).output
    assert "no transfer held for the operator" in output
    assert not reports_held(output, 0)


@pytest.mark.skipif(postgres_url() is None, reason="the scenario reads the stack's Postgres")
def test_the_scenario_counts_held_transfers_and_finds_their_envelopes(organization_id: int) -> None:
    url = postgres_url()
    assert url is not None
    _hold(organization_id)
    _hold(organization_id)
    new_transfer(organization_id, "Processing")
    assert counts(url) == Counts(open=3, held=2)
    assert held_envelopes(url) == [HASH]
    assert outcomes(url, [HASH]) == {}
