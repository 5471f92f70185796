"""Moving money on an account: a retried reference writes nothing, a refused entry is an error."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import peewee
import pytest

from storage import accounts
from storage.database import database

AT = datetime(2026, 11, 22, 12, 0, 0)


def test_a_reference_used_before_writes_nothing(organization_id: int) -> None:
    with database.connection_context():
        assert accounts.insert_account(organization_id, "ACC-1", AT)
        account = accounts.find_account(organization_id, "ACC-1")
        assert account is not None
        assert accounts.fund(account.id, Decimal("5.00"), "wire 1", AT)
        assert not accounts.fund(account.id, Decimal("7.00"), "wire 1", AT)
        after = accounts.find_account(organization_id, "ACC-1")
        assert after is not None and (after.balance, after.available) == (Decimal("5.00"), Decimal("5.00"))


def test_an_entry_its_check_refuses_is_an_error_not_a_used_reference(organization_id: int) -> None:
    # On SQLite an INSERT OR IGNORE would also swallow the CHECK (amount > 0) and read as a retry.
    with database.connection_context():
        assert accounts.insert_account(organization_id, "ACC-1", AT)
        account = accounts.find_account(organization_id, "ACC-1")
        assert account is not None
        with pytest.raises(peewee.IntegrityError):
            accounts.fund(account.id, Decimal("-5.00"), "wire 1", AT)
