"""The operator's overview of the gateway: transfers over time, settlement pace and backlog, failures, channels.

Read from the store in one connection; the console (`/ops`) renders it and `status` prints
it. Nothing here shows a secret: channel accounts are public keys, failures carry their reason in
words, webhook URLs lose their user, password and query, and no key, body, envelope or webhook
secret is loaded.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from storage import gauges, overview
from storage import settlement as store
from storage.database import database
from storage.models import Transfer
from storage.overview import EndpointHealth, Failure
from storage.settlement import LeaseView
from storage.transfer_states import TransferState

# The console's two windows: the last hour in 5-minute bars, or the last day in hourly bars.
WINDOWS = {"1h": (timedelta(hours=1), timedelta(minutes=5)), "24h": (timedelta(hours=24), timedelta(hours=1))}
RATE_WINDOW = timedelta(minutes=5)
WEBHOOKS_LISTED = 50


def public_url(url: str) -> str:
    """A receiver URL without what may be a credential: no user or password, no query, no fragment."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{parts.path}"


@dataclass(frozen=True)
class Bucket:
    """Transfers accepted in [start, start + length), by the state they are in now."""

    start: datetime
    counts: dict[str, int]

    @property
    def total(self) -> int:
        """All transfers of the bucket."""
        return sum(self.counts.values())


@dataclass(frozen=True)
class Overview:
    """Everything the console and `status` show, read at `now` (naive UTC)."""

    now: datetime
    states: dict[str, int]
    timeline: list[Bucket]
    completed_recently: int  # within RATE_WINDOW before `now`
    open_transfers: int
    oldest_created_age: timedelta | None
    blocked: list[Transfer]
    blocked_count: int
    open_errors: list[Transfer]
    failures: list[Failure]
    channels: list[LeaseView]
    webhooks: list[EndpointHealth]

    @property
    def settled_per_minute(self) -> float:
        """Transfers completed per minute over the last RATE_WINDOW."""
        return self.completed_recently / (RATE_WINDOW.total_seconds() / 60)

    def channel_counts(self) -> dict[str, tuple[int, int]]:
        """Per environment: (leased, free) channels."""
        counts: dict[str, tuple[int, int]] = {}
        for lease in self.channels:
            leased, free = counts.get(lease.environment, (0, 0))
            counts[lease.environment] = (leased + 1, free) if lease.holder else (leased, free + 1)
        return counts

    def channels_in_trouble(self, stuck_after: timedelta) -> list[LeaseView]:
        """Channels leased for longer than `stuck_after`: an envelope neither applied nor expired, or a dead builder.

        A healthy lease lasts one envelope's trip to the ledger, seconds; the worker itself takes
        back a lease whose envelope was never stored after its claim time.
        """
        return [
            lease
            for lease in self.channels
            if lease.holder and (lease.leased_at is None or self.now - lease.leased_at > stuck_after)
        ]


def _timeline(now: datetime, window: timedelta, bucket: timedelta) -> list[Bucket]:
    slots = int(window / bucket)
    # Buckets end on a whole multiple of their length, so a bar covers the same minutes on every load.
    end = datetime.min + ((now - datetime.min) // bucket + 1) * bucket
    since = end - slots * bucket
    found = overview.transfers_by_state_over_time(since, int(bucket.total_seconds()))
    return [
        Bucket(
            since + n * bucket,
            {state.value: found.get((n, state.value), 0) for state in TransferState},
        )
        for n in range(slots)
    ]


def read_overview(now: datetime, window: str = "1h", listed: int = 10) -> Overview:
    """The overview at `now`, with the timeline over WINDOWS[window] and `listed` rows per list."""
    span, bucket = WINDOWS[window]
    with database.connection_context():
        oldest = gauges.oldest_created_at()
        return Overview(
            now=now,
            states=store.state_counts(),
            timeline=_timeline(now, span, bucket),
            completed_recently=overview.completed_between(now - RATE_WINDOW, now),
            open_transfers=overview.count_open(),
            oldest_created_age=None if oldest is None else max(timedelta(0), now - oldest),
            blocked=store.blocked_transfers(listed),
            blocked_count=gauges.count_blocked(),
            open_errors=store.transfers_with_errors(listed),
            failures=overview.last_failures(listed),
            channels=store.channel_leases(),
            webhooks=[replace(w, url=public_url(w.url)) for w in overview.webhook_health(WEBHOOKS_LISTED)],
        )
