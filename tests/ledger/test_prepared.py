"""The prepared hot queries against peewee itself: the same SQL, parameters and model instances."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import peewee
import pytest
from ledger import queries
from ledger.models import Account, Signer, TrustLine, open_database
from ledger.prepared import PreparedQuery, PreparedSelect, PreparedWrite
from stellar_sdk import Keypair

HOLDER = Keypair.random().public_key
ISSUER = Keypair.random().public_key
COSIGNER = Keypair.random().public_key


@pytest.fixture
def database(tmp_path: Path) -> Iterator[peewee.SqliteDatabase]:
    """A fresh ledger file with a holder, its issuer, a cosigner and two trust lines."""
    database = open_database(str(tmp_path / "ledger.sqlite3"))
    for account_id in (HOLDER, ISSUER):
        Account.create(account_id=account_id, balance=10_000, sequence=7 << 32, last_modified_ledger=7)
    Signer.create(account=HOLDER, key=COSIGNER, weight=3)
    TrustLine.create(
        account=HOLDER, asset_code="TKN", asset_issuer=ISSUER, balance=50, limit=1000, last_modified_ledger=7
    )
    TrustLine.create(
        account=HOLDER,
        asset_code="USD",
        asset_issuer=ISSUER,
        balance=0,
        limit=9,
        authorized=False,
        last_modified_ledger=8,
    )
    yield database
    database.close()


def _rendered(query: PreparedQuery, *values: Any) -> tuple[str, list[Any]]:
    return query.sql, query.params(*values)


@pytest.mark.usefixtures("database")
def test_each_statement_renders_as_peewee_renders_the_same_query() -> None:
    line = TrustLine.get(TrustLine.asset_code == "TKN")
    expected: list[tuple[PreparedQuery, tuple[Any, ...], peewee.Query]] = [
        (queries.ACCOUNT_BY_ID, (HOLDER,), Account.select().where(Account.account_id == HOLDER)),
        (
            queries.TRUST_LINE,
            (HOLDER, "TKN", ISSUER),
            TrustLine.select().where(
                (TrustLine.account == HOLDER) & (TrustLine.asset_code == "TKN") & (TrustLine.asset_issuer == ISSUER)
            ),
        ),
        (queries.SIGNERS, (HOLDER,), Signer.select().where(Signer.account == Account.get_by_id(HOLDER))),
        (queries.TRUST_LINE_BALANCE, (75, line.id), TrustLine.update(balance=75).where(TrustLine.id == line.id)),
        (
            queries.ACCOUNT_DEBIT,
            (100, HOLDER),
            Account.update(balance=Account.balance - 100).where(Account.account_id == HOLDER),
        ),
        (
            queries.ACCOUNT_CREDIT,
            (100, HOLDER),
            Account.update(balance=Account.balance + 100).where(Account.account_id == HOLDER),
        ),
        (
            queries.ACCOUNT_SEQUENCE,
            ((7 << 32) + 1, 9, HOLDER),
            Account.update(sequence=(7 << 32) + 1, last_modified_ledger=9).where(Account.account_id == HOLDER),
        ),
    ]
    for prepared, values, query in expected:
        assert _rendered(prepared, *values) == query.sql()


@pytest.mark.usefixtures("database")
def test_rows_come_back_as_peewee_builds_them() -> None:
    pairs = [
        (queries.account(HOLDER), Account.get_by_id(HOLDER)),
        (queries.trust_line(HOLDER, "TKN", ISSUER), TrustLine.get(TrustLine.asset_code == "TKN")),
        (queries.trust_line(HOLDER, "USD", ISSUER), TrustLine.get(TrustLine.asset_code == "USD")),
    ]
    for prepared, peewee_row in pairs:
        assert prepared is not None
        assert type(prepared) is type(peewee_row)
        assert prepared.__data__ == peewee_row.__data__
        assert {k: type(v) for k, v in prepared.__data__.items()} == {
            k: type(v) for k, v in peewee_row.__data__.items()
        }
        assert not prepared.is_dirty()
    assert [s.__data__ for s in queries.signers(HOLDER)] == [s.__data__ for s in Signer.select()]
    assert queries.account(COSIGNER) is None
    assert queries.trust_line(HOLDER, "EUR", ISSUER) is None
    assert queries.signers(ISSUER) == []


@pytest.mark.usefixtures("database")
def test_updates_change_only_what_they_name() -> None:
    line = TrustLine.get(TrustLine.asset_code == "TKN")
    before = dict(line.__data__)
    line.balance = 60
    queries.set_trust_line_balance(line)
    assert TrustLine.get_by_id(line.id).__data__ == {**before, "balance": 60}
    queries.debit(HOLDER, 250)
    queries.credit(ISSUER, 250)
    queries.set_sequence(HOLDER, (7 << 32) + 1, 9)
    holder, issuer = Account.get_by_id(HOLDER), Account.get_by_id(ISSUER)
    assert (holder.balance, holder.sequence, holder.last_modified_ledger) == (9_750, (7 << 32) + 1, 9)
    assert (issuer.balance, issuer.sequence, issuer.last_modified_ledger) == (10_250, 7 << 32, 7)
    with pytest.raises(peewee.DoesNotExist):
        queries.existing_account(COSIGNER)


@pytest.mark.usefixtures("database")
def test_parameters_declared_out_of_order_are_refused() -> None:
    swapped = PreparedWrite(
        lambda sequence, account_id: Account.update(sequence=sequence).where(Account.account_id == account_id),
        Account.account_id,
        Account.sequence,
    )
    with pytest.raises(ValueError, match="binds"):
        assert swapped.sql


@pytest.mark.usefixtures("database")
def test_a_value_the_query_does_not_bind_is_refused() -> None:
    constant = PreparedSelect(Account, lambda account_id: Account.balance > 0, Account.account_id)
    with pytest.raises(ValueError, match="binds"):
        assert constant.sql
