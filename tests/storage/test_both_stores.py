"""The statements whose SQL differs between the stores give the same rows on SQLite and on Postgres.

Each case runs on a new SQLite file and on the run's Postgres, emptied, and the two results are
compared. Postgres runs only: an SQLite run has no Postgres to compare with.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from services.transfer_reports import ANSWERS
from storage import accounts, holds, overview
from storage.database import database, open_database
from storage.migrate import upgrade
from storage.models import BalanceSlice, JournalEntry, StatusQuery, Transfer, TransferEvent
from storage.organizations import insert_organization
from storage.status_queries import find_timeline_and_record
from storage.webhook_deliveries import PENDING, fair_share
from storage.webhook_endpoints import insert_endpoint, set_disabled
from storage.webhook_models import WebhookDelivery, WebhookMessage
from tests.support.databases import empty_postgres_tables, postgres_url, sqlite_url
from tests.support.transfers import create_transfer, move, transfer_fields

pytestmark = pytest.mark.skipif(postgres_url() is None, reason="compares SQLite with the run's Postgres")

START = datetime(2026, 11, 22, 12, 0, 0)
WHERE = {"environment": "Sandbox", "network": "net"}


def on_both_stores(tmp_path: Path, case: Callable[[], Any]) -> tuple[Any, Any]:
    """`case`'s result on a new SQLite store and on the emptied Postgres store, in that order."""
    results = []
    for url in (sqlite_url(tmp_path), postgres_url()):
        assert url is not None
        open_database(url)
        if url.startswith("sqlite"):
            upgrade()
        else:
            empty_postgres_tables()
        with database.connection_context():
            results.append(case())
    return results[0], results[1]


def test_transfers_fall_in_the_same_buckets(tmp_path: Path, _postgres_ready: str) -> None:
    def buckets() -> dict[tuple[int, str], int]:
        organization_id = int(insert_organization("Bank").id)
        since = START + timedelta(microseconds=700_000)  # a fraction of a second that whole seconds drop
        offsets = [0.2, 0.9, 59.4, 59.9, 60.1, 119.999, 3599.5, -0.5]
        for n, seconds in enumerate(offsets):
            created = since + timedelta(seconds=seconds)
            create_transfer(transfer_fields(organization_id, f"M{n}", created_at=created, updated_at=created), "x")
        failed = Transfer.select(Transfer.id).where(Transfer.message_id.in_(["M1", "M4"]))
        Transfer.update(state="Failed").where(Transfer.id.in_(failed)).execute()
        return overview.transfers_by_state_over_time(since, 60)

    on_sqlite, on_postgres = on_both_stores(tmp_path, buckets)
    assert on_sqlite == on_postgres
    assert sum(on_sqlite.values()) == 7  # all but the one created before `since`


def test_holds_posts_and_voids_leave_the_same_rows(tmp_path: Path, _postgres_ready: str) -> None:
    def moved() -> dict[str, list[tuple[Any, ...]]]:
        organization_id = int(insert_organization("Bank").id)
        accounts.set_funding_policy(organization_id, "prefunded", START)
        assert accounts.insert_account(organization_id, "ACC-1", START)
        assert not accounts.insert_account(organization_id, "ACC-1", START)  # the number is taken
        account = accounts.find_account(organization_id, "ACC-1")
        assert account is not None
        assert accounts.fund(account.id, Decimal("100.00"), "wire 1", START)
        placed = []
        for n, (amount, slice_number) in enumerate([("30.00", 1), ("20.50", 2), ("80.00", 3), ("0.01", 1)]):
            values = transfer_fields(organization_id, f"M{n}", amount_usd=Decimal(amount))
            if accounts.gather(account.id, slice_number, Decimal(amount), START) and holds.create_transfer_with_hold(
                values, "accepted", organization_id, "ACC-1", slice_number, Decimal(amount)
            ):
                placed.append(values["id"])
        assert holds.post_holds(placed[:1], START) == 1
        assert holds.void_hold(placed[1], START)
        message_ids: dict[Any, str] = {t.id: t.message_id for t in Transfer.select(Transfer.id, Transfer.message_id)}
        slices: Any = BalanceSlice.select(BalanceSlice.slice, BalanceSlice.held, BalanceSlice.available).tuples()
        entries = JournalEntry.select().order_by(JournalEntry.id)
        return {
            "slices": sorted(slices),
            "entries": [
                (e.kind, e.side, e.amount, e.slice, message_ids.get(e.transfer_id), e.pending_id is not None)
                for e in entries
            ],
            "events": sorted((message_ids[e.transfer_id], e.to_state) for e in TransferEvent.select()),
        }

    on_sqlite, on_postgres = on_both_stores(tmp_path, moved)
    assert on_sqlite == on_postgres
    assert [entry[0] for entry in on_sqlite["entries"]].count("hold") == 3


def test_a_status_query_finds_and_records_the_same_answers(tmp_path: Path, _postgres_ready: str) -> None:
    # Postgres looks up and records in one statement, its TxSts rendered from the table; SQLite asks
    # ANSWERS.of after the look-up. Every state, and a transfer that is not there, must agree.
    def answered() -> list[tuple[Any, ...]]:
        organization_id = int(insert_organization("Bank").id)
        paths = {"Created": (), "Processing": ("Processing",), "Completed": ("Processing", "Completed")}
        paths["Failed"] = ("Processing", "Failed")
        queried = []
        for state, path in paths.items():
            values = transfer_fields(organization_id, state)
            create_transfer(values, "accepted")
            for step in path:
                move(str(values["id"]), step, START, ledger_hash="a" * 64, amount_tkn=Decimal(1), error_code="AM04")
            queried.append((state, values["id"]))
        queried.append(("unknown", uuid.UUID("019a0000-0000-7000-8000-000000000000")))
        results = []
        for name, transfer_id in queried:
            record = {"message_type": "pacs.028", "raw_request": b"<x/>", "organization": organization_id, **WHERE}
            found = find_timeline_and_record(
                organization_id, transfer_id, {**record, "queried_at": START, "message_id": name}, ANSWERS
            )
            shown = None if found is None else {**dataclasses.asdict(found), "id": None}
            results.append((name, shown))
        rows = StatusQuery.select().order_by(StatusQuery.id)
        return [*results, *((r.message_id, r.status, r.reason_code) for r in rows)]

    on_sqlite, on_postgres = on_both_stores(tmp_path, answered)
    assert on_sqlite == on_postgres
    assert ("Failed", "RJCT", "AM04") in on_sqlite and ("unknown", "RJCT", "AC01") in on_sqlite


def test_an_account_opens_on_first_use_only_under_the_open_policy(tmp_path: Path, _postgres_ready: str) -> None:
    def opened() -> list[tuple[Any, ...]]:
        results = []
        for policy in ("open", "prefunded"):
            organization_id = int(insert_organization(f"Bank {policy}").id)
            accounts.set_funding_policy(organization_id, policy, START)
            first_use = accounts.insert_account(organization_id, "ACC-1", START, on_first_use=True)
            by_operator = accounts.insert_account(organization_id, "ACC-2", START)
            flags = [a.debits_must_not_exceed_credits for a in accounts.list_accounts(organization_id)]
            results.append((policy, first_use, by_operator, *flags))
        return results

    on_sqlite, on_postgres = on_both_stores(tmp_path, opened)
    assert on_sqlite == on_postgres == [("open", True, True, False, False), ("prefunded", False, True, True)]


def test_the_fair_share_takes_the_same_deliveries(tmp_path: Path, _postgres_ready: str) -> None:
    def shared() -> list[tuple[Any, ...]]:
        organization_id = int(insert_organization("Bank").id)
        endpoints = [
            int(insert_endpoint(organization_id, f"https://e{n}.example", None, "s", START).id) for n in range(3)
        ]
        set_disabled(endpoints[2], START, "test")
        now = START + timedelta(minutes=10)
        for n in range(5):
            values = transfer_fields(organization_id, f"M{n}")
            create_transfer(values, "x")
            event = TransferEvent.get(TransferEvent.transfer == values["id"])
            WebhookMessage.create(
                id=f"msg_{n}", event=event.id, organization=organization_id, transfer=values["id"],
                event_type="transfer.created", payload=b"<x/>", created_at=START,
            )  # fmt: skip
            for endpoint in endpoints:
                # Due in the order 4, 3, ... 0; the second endpoint's message 1 is claimed, its message 3 delivered.
                claimed = now + timedelta(seconds=30) if (endpoint, n) == (endpoints[1], 1) else None
                WebhookDelivery.create(
                    message=f"msg_{n}", endpoint=endpoint, state="delivered" if (endpoint, n) == (endpoints[1], 3)
                    else PENDING, next_attempt_at=now - timedelta(seconds=n), give_up_at=now + timedelta(days=1),
                    claimed_by="w" if claimed else None, claimed_until=claimed, created_at=START,
                )  # fmt: skip
        query = WebhookDelivery.select(WebhookDelivery.endpoint, WebhookDelivery.message).where(
            WebhookDelivery.id.in_(fair_share(now, 2))
        )
        rows: Any = query.tuples()
        return sorted(rows)

    on_sqlite, on_postgres = on_both_stores(tmp_path, shared)
    assert on_sqlite == on_postgres == [(1, "msg_3"), (1, "msg_4"), (2, "msg_2"), (2, "msg_4")]
