"""One condition per environment, probed on its own cadence, instead of a backoff per transfer."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from services.settlement.outages import PROBE_SECONDS, Outages

NOW = datetime(2026, 1, 1, 12, 0, 0)
STEP = timedelta(seconds=PROBE_SECONDS)


def test_funding_short_holds_new_envelopes_until_a_probe_finds_enough(caplog: pytest.LogCaptureFixture) -> None:
    outages = Outages()
    with caplog.at_level(logging.INFO, logger="services.settlement.outages"):
        outages.funding_short("Sandbox", Decimal("300"), NOW)
        outages.funding_short("Sandbox", Decimal("200"), NOW)  # another envelope: one condition, one warning
        assert outages.short_of_funding("Sandbox") and not outages.short_of_funding("Production")
        assert outages.funding_probes_due(NOW) == []  # probed on its own cadence
        assert outages.funding_probes_due(NOW + STEP) == ["Sandbox"]
        assert not outages.funding_probed("Sandbox", Decimal("199.9999999"), NOW + STEP)
        assert outages.funding_probes_due(NOW + STEP) == []  # not again until the next step
        assert not outages.funding_probed("Sandbox", None, NOW + 2 * STEP)  # no trustline: still short
        assert outages.funding_probed("Sandbox", Decimal("200"), NOW + 3 * STEP)
    assert not outages.short_of_funding("Sandbox")
    assert [r.levelname for r in caplog.records] == ["WARNING", "INFO"]


def test_a_silent_ledger_is_probed_once_a_step_while_it_stays_silent() -> None:
    outages = Outages()
    assert outages.ledger_probes_due(["Sandbox"], NOW) == ["Sandbox"]
    assert outages.ledger_probes_due(["Sandbox"], NOW + STEP / 2) == []
    assert outages.ledger_probes_due(["Sandbox"], NOW + STEP) == ["Sandbox"]
    assert outages.ledger_probes_due([], NOW + 2 * STEP) == []  # it answered
    assert outages.ledger_probes_due(["Sandbox"], NOW + 2 * STEP) == ["Sandbox"]  # silent again: probed at once
