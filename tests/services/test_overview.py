"""The operator's overview, read from a real store (SQLite and Postgres)."""

from __future__ import annotations

from datetime import datetime, timedelta

from services.overview import public_url, read_overview
from tests.support.console import STUCK_CHANNEL, stick_a_channel
from tests.support.operations import CHANNELS, NOW, REASONS, seed
from tests.support.transfers import AT


def test_the_timeline_counts_each_transfer_once_in_the_bucket_it_was_accepted_by_its_state_now(
    organization_id: int,
) -> None:
    seeded = seed(organization_id)
    view = read_overview(NOW)
    assert len(view.timeline) == 12
    assert [b.start for b in view.timeline][:2] == [datetime(2026, 11, 25, 9, 5), datetime(2026, 11, 25, 9, 10)]
    totals = {state: sum(b.counts[state] for b in view.timeline) for state in view.states}
    assert totals == {state: seeded.count(state) for state in view.states}
    assert view.timeline[-1].counts == {"Created": 1, "Processing": 0, "Completed": 0, "Failed": 0}
    assert view.timeline[-2].counts == {"Created": 1, "Processing": 1, "Completed": 1, "Failed": 0}
    # 24 hours in hourly bars: everything falls in the last two.
    day = read_overview(NOW, window="24h")
    assert len(day.timeline) == 24 and sum(b.total for b in day.timeline[:-2]) == 0
    assert sum(b.total for b in day.timeline) == 36


def test_backlog_pace_failures_and_channels(organization_id: int) -> None:
    seeded = seed(organization_id)
    view = read_overview(NOW)
    assert view.states == {s: seeded.count(s) for s in ("Completed", "Created", "Failed", "Processing")}
    assert view.open_transfers == seeded.count("Created") + seeded.count("Processing")
    assert view.oldest_created_age == NOW - (NOW - timedelta(minutes=57) + timedelta(seconds=34 * 95))
    assert view.blocked_count == 1 and [t.id for t in view.blocked] == [seeded.blocked]
    assert view.completed_recently == 0
    later = read_overview(NOW - timedelta(minutes=10))
    assert later.completed_recently == 3  # the three completed in the five minutes before it
    assert later.settled_per_minute == 0.6
    assert [f.transfer_id for f in view.failures] == list(reversed(seeded.by_state["Failed"]))
    assert {f.reason for f in view.failures} == set(REASONS)
    assert view.channel_counts() == {"Sandbox": (1, 2)}
    assert [c.account_id for c in view.channels] == CHANNELS
    assert [(w.url, w.disabled_reason, w.pending, w.failed) for w in view.webhooks] == [
        ("https://hooks.acme.example/tkn", None, 0, 0),
        ("https://down.acme.example/hook", "disabled after 24 h of failures", 0, 0),
    ]


def test_a_webhook_url_loses_what_may_be_a_credential() -> None:
    assert public_url("https://u:p@h.example:8443/a/b?token=x#f") == "https://h.example:8443/a/b"


def test_an_empty_store(organization_id: int) -> None:
    view = read_overview(AT)
    assert view.states == {} and view.open_transfers == 0 and view.oldest_created_age is None
    assert all(b.total == 0 for b in view.timeline) and view.failures == [] and view.channels == []


def test_a_channel_leased_for_longer_than_a_claim_is_in_trouble(organization_id: int) -> None:
    seed(organization_id)  # one channel leased 4 s before NOW, two free
    stick_a_channel(NOW, for_seconds=121)
    view = read_overview(NOW)
    assert view.channel_counts() == {"Sandbox": (2, 2)}
    assert [c.account_id for c in view.channels_in_trouble(timedelta(seconds=120))] == [STUCK_CHANNEL]
    assert view.channels_in_trouble(timedelta(seconds=121)) == []
    assert read_overview(NOW - timedelta(seconds=2)).channels_in_trouble(timedelta(seconds=120)) == []
