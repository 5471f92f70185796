"""Destinations are checked from a cache before an envelope: a payee that cannot receive fails alone, for free."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from flask import Flask
from ledger.bootstrap import read_secrets, submit_ops
from ledger.config import DEFAULT_PASSPHRASE
from stellar_sdk import Keypair
from stellar_sdk.operation import ChangeTrust

from services.api_keys import Environment
from services.settlement.destinations import DestinationCache
from services.settlement.ledger_api import LedgerClient
from services.settlement.worker import Settler
from storage.database import database
from storage.envelopes import attempts_for
from storage.models import SettlementAttempt
from tests.conftest import make_key
from tests.services.settlement.conftest import Sandbox, load, outcomes, settle_until_final, submit_transfer


@dataclass
class CountingReads:
    """Delegates to the real client; counts the accounts each destination check reads."""

    inner: LedgerClient
    accounts_read: list[str] = field(default_factory=list)

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def receiving_problems(self, account_ids: Sequence[str], asset_code: str, issuer: str) -> dict[str, str | None]:
        self.accounts_read.extend(account_ids)
        return self.inner.receiving_problems(account_ids, asset_code, issuer)


def counting(settler: Settler) -> CountingReads:
    network = settler.networks[Environment.SANDBOX]
    reads = CountingReads(network.client)
    settler.networks[Environment.SANDBOX] = replace(network, client=reads)  # type: ignore[arg-type]
    return reads


def envelopes_of(transfer_ids: list[uuid.UUID]) -> set[int]:
    with database.connection_context():
        return {payment.attempt_id for t in transfer_ids for payment in attempts_for(t)}


def channel_lumens(sandbox: Sandbox) -> list[str]:
    """Every channel account's XLM balance: what envelopes' fees are charged to."""
    channels = [Keypair.from_secret(c["secret"]).public_key for c in read_secrets(sandbox.secrets_file)["channels"]]
    return [sandbox.server.accounts().account_id(c).call()["balances"][-1]["balance"] for c in channels]


def test_destinations_are_read_at_most_once_per_envelope_and_then_come_from_the_cache(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    settler = make_settler(SETTLEMENT_BATCH_OPS=5)
    reads = counting(settler)
    payees = [p.public_key for p in sandbox.payees(3)]
    first = [submit_transfer(app, sandbox_key, payees[n % 3], amount=f"{n + 1}.00") for n in range(20)]

    settle_until_final(settler, first)

    assert {load(t).state for t in first} == {"Completed"}
    assert sorted(reads.accounts_read) == sorted(payees)  # each destination read once
    assert len(reads.accounts_read) <= len(envelopes_of(first))
    again = [submit_transfer(app, sandbox_key, payees[n % 3], amount=f"{n + 1}.00") for n in range(10)]
    settle_until_final(settler, again)
    assert {load(t).state for t in again} == {"Completed"}
    assert len(reads.accounts_read) == len(payees)  # all cached: no read at all


def test_a_destination_that_could_not_receive_is_read_again_after_its_time(
    app: Flask, sandbox: Sandbox, sandbox_key: str, make_settler: Callable[..., Settler]
) -> None:
    settler = make_settler(SETTLEMENT_DESTINATION_RECHECK_SECONDS=30)
    now = [1000.0]
    settler.destinations.clock = lambda: now[0]
    reads = counting(settler)
    payee = sandbox.payee(trust=False)
    refused = submit_transfer(app, sandbox_key, payee.public_key, amount="3.00")
    settle_until_final(settler, [refused])
    submit_ops(sandbox.server, DEFAULT_PASSPHRASE, payee, [ChangeTrust(sandbox.asset)])  # the payee fixes it

    still_cached = submit_transfer(app, sandbox_key, payee.public_key, amount="4.00")
    settle_until_final(settler, [still_cached])
    now[0] += 31
    paid = submit_transfer(app, sandbox_key, payee.public_key, amount="5.00")
    settle_until_final(settler, [paid])

    assert [load(t).state for t in (refused, still_cached, paid)] == ["Failed", "Failed", "Completed"]
    assert reads.accounts_read == [payee.public_key, payee.public_key]


def test_the_cache_keeps_at_most_its_size_and_drops_the_least_recently_used(
    sandbox: Sandbox, make_settler: Callable[..., Settler]
) -> None:
    settler = make_settler()
    reads = counting(settler)
    network = settler.networks[Environment.SANDBOX]
    cache = DestinationCache(ok_seconds=300, recheck_seconds=30, size=2)
    a, b, c = (Keypair.random().public_key for _ in range(3))

    assert cache.problems(network, [a, b]) == {a: "op_no_destination", b: "op_no_destination"}
    cache.problems(network, [a])  # a used again: b is now the oldest
    cache.problems(network, [c])

    assert len(cache) == 2
    cache.problems(network, [a, c])
    assert reads.accounts_read == [a, b, c]  # a and c still cached
    cache.problems(network, [b])
    assert reads.accounts_read == [a, b, c, b]


def test_a_tenant_paying_accounts_that_cannot_receive_neither_slows_nor_bills_another(
    app: Flask, sandbox: Sandbox, make_settler: Callable[..., Settler]
) -> None:
    noisy, quiet = make_key("Noisy Bank"), make_key("Quiet Bank")
    good = [p.public_key for p in sandbox.payees(4)]
    untrusting = [sandbox.payee(trust=False).public_key for _ in range(2)]

    alone = [submit_transfer(app, quiet, good[n % 4], amount=f"{n + 1}.00") for n in range(6)]
    settle_until_final(make_settler(), alone)
    lumens_before = channel_lumens(sandbox)
    bad: list[uuid.UUID] = []
    beside: list[uuid.UUID] = []
    for n in range(6):  # the same memo: without the check they would share envelopes
        bad.append(submit_transfer(app, noisy, Keypair.random().public_key, amount="1.00"))
        bad.append(submit_transfer(app, noisy, untrusting[n % 2], amount="1.00"))
        beside.append(submit_transfer(app, quiet, good[n % 4], amount=f"{n + 1}.00"))
    settle_until_final(make_settler(), bad + beside)

    assert {load(t).state for t in beside} == {"Completed"}
    assert [len(outcomes(t)) for t in beside] == [len(outcomes(t)) for t in alone] == [1] * 6  # no retries
    assert {(load(t).state, load(t).error_code) for t in bad} == {("Failed", "AC01")}
    assert all(outcomes(t) == [] for t in bad)  # never in an envelope, so never charged a fee
    with database.connection_context():
        used = [SettlementAttempt.get_by_id(a) for a in envelopes_of(beside)]
        before = [SettlementAttempt.get_by_id(a) for a in envelopes_of(alone)]
    assert max(e.fee // e.op_count for e in used) <= max(e.fee // e.op_count for e in before)  # no higher bid
    spent = sum(float(b) - float(a) for b, a in zip(lumens_before, channel_lumens(sandbox), strict=True))
    charged = sum(e.fee_charged or 0 for e in used) / 10_000_000
    assert abs(spent - charged) < 1e-9  # the channels paid only the quiet tenant's envelopes
