"""`orgs set-funding prefunded` racing an account's first use under `open`, on Postgres with two connections.

Whichever takes the organization's row first wins, and the other sees its result (decision A10):
the policy change first, and the unknown account is AC01 with nothing opened; the first use first,
and the policy change finds the account below zero and is refused. Never a prefunded organization
with an account that may overdraw.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import psycopg
import pytest
from flask import Flask

from services.accounts.holds import accept_with_hold
from services.accounts.operations import AccountError, set_funding_policy
from services.rejections import ReasonCode, Violation
from storage import accounts as store
from storage.accounts import list_accounts
from storage.database import database
from storage.holds import create_transfer_with_hold
from storage.models import Organization, utc_now
from tests.support.databases import postgres_url
from tests.support.transfers import transfer_fields

pytestmark = pytest.mark.skipif(postgres_url() is None, reason="row locks between two connections: Postgres only")

NUMBER = "ACC-NEW"
AMOUNT = Decimal("10.00")
WAIT_SECONDS = 30  # a generous bound on how long the other connection takes to reach its lock


def new_transfer(organization_id: int) -> dict[str, Any]:
    return transfer_fields(organization_id, "MSG-RACE", amount_usd=AMOUNT, source_account=NUMBER)


class Other(threading.Thread):
    """Runs `work` on the app's store in its own thread, so on its own connection."""

    def __init__(self, work: Callable[[], Any]) -> None:
        super().__init__(daemon=True)
        self.work = work
        self.result: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            with database.connection_context():
                self.result = self.work()
        except BaseException as error:  # handed to the test's thread
            self.error = error


def wait_until_blocked_or_done(url: str, other: Other) -> bool:
    """True once some other session of this database waits for a lock; False if `other` ended first."""
    with psycopg.connect(url, autocommit=True) as watcher:
        for _ in range(WAIT_SECONDS * 20):
            waiting = watcher.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            ).fetchone()
            if waiting is not None and waiting[0] > 0:
                return True
            other.join(0.05)
            if not other.is_alive():
                return False
    raise AssertionError(f"the other connection neither waited nor ended within {WAIT_SECONDS} s")


@contextmanager
def policy_change_in_flight(url: str, organization_id: int) -> Iterator[None]:
    """`set_funding_policy(prefunded)`'s two UPDATEs on a connection of its own, committed on leaving."""
    with psycopg.connect(url) as operator:
        operator.execute("UPDATE organization SET funding_policy = 'prefunded' WHERE id = %s", [organization_id])
        operator.execute(
            "UPDATE source_account SET debits_must_not_exceed_credits = true WHERE organization_id = %s",
            [organization_id],
        )
        yield
        operator.commit()


def accounts_of(organization_id: int) -> list[tuple[str, bool, Decimal]]:
    with database.connection_context():
        return [(a.number, a.debits_must_not_exceed_credits, a.available) for a in list_accounts(organization_id)]


def policy_of(organization_id: int) -> str:
    with database.connection_context():
        return str(Organization.get_by_id(organization_id).funding_policy)


def test_a_first_use_behind_a_policy_change_is_ac01_and_opens_nothing(app: Flask, organization_id: int) -> None:
    url = app.config["DATABASE_URL"]
    transfer = new_transfer(organization_id)
    intake = Other(lambda: accept_with_hold(transfer, "test", organization_id, NUMBER, AMOUNT, utc_now()))
    with policy_change_in_flight(url, organization_id):
        intake.start()
        # Intake read `open` and goes to open the account: it must wait for the policy change.
        assert wait_until_blocked_or_done(url, intake), "the account was opened under a policy being changed"
    intake.join()
    assert intake.error is None
    refusal = intake.result
    assert isinstance(refusal, Violation) and refusal.code is ReasonCode.AC01
    assert policy_of(organization_id) == "prefunded"
    assert accounts_of(organization_id) == []


def test_a_policy_change_behind_a_first_use_that_overdrew_is_refused(app: Flask, organization_id: int) -> None:
    url = app.config["DATABASE_URL"]
    changer = Other(lambda: set_funding_policy(organization_id, "prefunded", utc_now()))
    with database.connection_context(), database.atomic():
        # Intake's first use, in one transaction left open: the account opened and overdrawn.
        assert store.insert_account(organization_id, NUMBER, utc_now(), on_first_use=True)
        assert create_transfer_with_hold(new_transfer(organization_id), "test", organization_id, NUMBER, 0, AMOUNT)
        changer.start()
        assert wait_until_blocked_or_done(url, changer), "the policy changed under an account being opened"
    changer.join()
    assert isinstance(changer.error, AccountError) and "below zero" in str(changer.error)
    assert policy_of(organization_id) == "open"
    assert accounts_of(organization_id) == [(NUMBER, False, -AMOUNT)]
