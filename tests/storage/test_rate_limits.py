"""The pacing schedule: one row per (organization, endpoint), moved on by each request it lets through."""

from __future__ import annotations

import pytest

from storage.database import database
from storage.organizations import insert_organization
from storage.rate_limits import (
    TAKE_SLOT,
    RateSchedule,
    next_due,
    organization_rates,
    set_organization_rate,
    take_slot,
    take_slot_values,
)

SECOND = 1_000_000
START = 1_800_000_000 * SECOND


def test_a_burst_then_one_slot_per_interval(organization_id: int) -> None:
    with database.connection_context():
        # 3 a second with a burst of 3: the tolerance is two intervals ahead of the schedule.
        interval, tolerance = SECOND // 3, 2 * (SECOND // 3)
        assert [take_slot(organization_id, "pacs008", START, interval, tolerance) for _ in range(4)] == [
            True,
            True,
            True,
            False,
        ]
        assert next_due(organization_id, "pacs008") == START + 3 * interval  # the refusal moved nothing
        assert take_slot(organization_id, "pacs008", START + interval, interval, tolerance)
        assert not take_slot(organization_id, "pacs008", START + interval, interval, tolerance)
        # After a quiet spell the schedule starts again from now, not from the past.
        assert take_slot(organization_id, "pacs008", START + 60 * SECOND, interval, tolerance)
        assert next_due(organization_id, "pacs008") == START + 60 * SECOND + interval


def test_each_organization_and_endpoint_has_its_own_schedule(organization_id: int) -> None:
    with database.connection_context():
        other = int(insert_organization("Other Bank").id)
        assert take_slot(organization_id, "pacs008", START, SECOND, 0)
        assert not take_slot(organization_id, "pacs008", START, SECOND, 0)
        assert take_slot(organization_id, "pacs028", START, SECOND, 0)
        assert take_slot(other, "pacs008", START, SECOND, 0)
        assert next_due(other, "batch-status") is None
        assert RateSchedule.select().count() == 3


def test_overrides_are_set_replaced_and_removed(organization_id: int) -> None:
    with database.connection_context():
        assert organization_rates(organization_id) == {}
        set_organization_rate(organization_id, "pacs008", 5)
        set_organization_rate(organization_id, "pacs008", 7.5)
        set_organization_rate(organization_id, "pacs028", 0)
        assert organization_rates(organization_id) == {"pacs008": 7.5, "pacs028": 0.0}
        set_organization_rate(organization_id, "pacs008", None)
        assert organization_rates(organization_id) == {"pacs028": 0.0}


@pytest.mark.usefixtures("app")
def test_the_statement_rendered_once_is_the_one_peewee_builds() -> None:
    values = take_slot_values(7, "pacs028", START, 333_334, 1_000_002)
    built, parameters = TAKE_SLOT.build(*values).sql()
    assert (TAKE_SLOT.sql, TAKE_SLOT.params(*values)) == (built, parameters)
